CREATE TABLE `switch_contexts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`offer_id` text NOT NULL,
	`supplier_id` text NOT NULL,
	`search_date` text NOT NULL,
	`county_code` text NOT NULL,
	`consumption_type` text DEFAULT 'casnic' NOT NULL,
	`supplier_name` text NOT NULL,
	`offer_name` text NOT NULL,
	`price_per_kwh` text NOT NULL,
	`is_from_cache` integer DEFAULT false NOT NULL,
	`estimated_monthly_savings_bani` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `pod` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `consumer_type` text DEFAULT 'casnic' NOT NULL;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `current_supplier_name` text;--> statement-breakpoint
CREATE UNIQUE INDEX `switch_requests_open_pod_unique` ON `switch_requests` (`pod`) WHERE "switch_requests"."status" NOT IN ('completed', 'failed', 'cancelled', 'canceled', 'rejected');