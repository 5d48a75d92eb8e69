CREATE TABLE `admin_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`metadata_json` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_notifications_created_idx` ON `admin_notifications` (`created_at`);--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_token_unique` ON `admin_sessions` (`token_hash`);--> statement-breakpoint
CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text,
	`last_name` text,
	`role` text NOT NULL,
	`permissions_json` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`failed_login_count` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`invited_by` text,
	`last_login_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`details_json` text,
	`ip_address` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `auth_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`phone` text,
	`action` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`success` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `auth_logs_user_idx` ON `auth_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `automation_config` (
	`id` text PRIMARY KEY NOT NULL,
	`snapshot_id` text NOT NULL,
	`snapshot_comment` text,
	`orchestrator_path` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`last_restart_at` integer,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `counties` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`cnp_code` text NOT NULL,
	`zone_id` text NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `distribution_zones`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `counties_code_unique` ON `counties` (`code`);--> statement-breakpoint
CREATE TABLE `distribution_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`operator` text NOT NULL,
	`distribution_micro_lei_per_kwh` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_events` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`action` text NOT NULL,
	`admin_id` text,
	`notes` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_events_doc_idx` ON `document_events` (`document_id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`document_type` text NOT NULL,
	`document_subtype` text,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`mime_type` text NOT NULL,
	`sha256` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confidence` real,
	`processing_method` text,
	`extracted_data_json` text,
	`validation_json` text,
	`processing_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`processing_started_at` integer,
	`processed_at` integer,
	`verified_at` integer,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_user_sha_unique` ON `documents` (`user_id`,`sha256`);--> statement-breakpoint
CREATE INDEX `documents_user_idx` ON `documents` (`user_id`,`document_type`);--> statement-breakpoint
CREATE INDEX `documents_status_idx` ON `documents` (`status`);--> statement-breakpoint
CREATE TABLE `meter_readings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`value` text NOT NULL,
	`reading_date` text NOT NULL,
	`photo_document_id` text,
	`validated` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meter_readings_user_idx` ON `meter_readings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `metrics_rollups` (
	`bucket_start` integer NOT NULL,
	`route_group` text NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`total_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`bucket_start`, `route_group`)
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`event` text,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`data_json` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `offer_collections` (
	`id` text PRIMARY KEY NOT NULL,
	`collection_key` text NOT NULL,
	`status` text NOT NULL,
	`result_json` text,
	`message` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `offer_collections_key_idx` ON `offer_collections` (`collection_key`,`started_at`);--> statement-breakpoint
CREATE TABLE `offer_prices` (
	`offer_id` text NOT NULL,
	`zone_id` text NOT NULL,
	`energy_micro_lei` integer NOT NULL,
	`distribution_micro_lei` integer NOT NULL,
	`regulated_micro_lei` integer NOT NULL,
	`vat_micro_lei` integer NOT NULL,
	`total_micro_lei` integer NOT NULL,
	PRIMARY KEY(`offer_id`, `zone_id`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`zone_id`) REFERENCES `distribution_zones`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `offer_prices_zone_idx` ON `offer_prices` (`zone_id`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`supplier_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`green_share_percent` integer DEFAULT 0 NOT NULL,
	`monthly_fee_bani` integer DEFAULT 0 NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text,
	`contract_months` integer,
	`consumption_type` text DEFAULT 'casnic' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `offers_supplier_idx` ON `offers` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `otp_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer NOT NULL,
	`consumed_at` integer,
	`ip_address` text
);
--> statement-breakpoint
CREATE INDEX `otp_phone_sent_idx` ON `otp_challenges` (`phone`,`sent_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`review_date` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value_json` text NOT NULL,
	`updated_at` integer,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`website` text NOT NULL,
	`logo_url` text,
	`active` integer DEFAULT true NOT NULL,
	`max_concurrent` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `switch_request_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`switch_request_id` text NOT NULL,
	`step` text,
	`message` text NOT NULL,
	`log_type` text DEFAULT 'info' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`switch_request_id`) REFERENCES `switch_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `switch_request_logs_req_idx` ON `switch_request_logs` (`switch_request_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `switch_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`target_supplier_id` text NOT NULL,
	`offer_id` text NOT NULL,
	`offer_snapshot_json` text NOT NULL,
	`offer_name` text NOT NULL,
	`offer_price_micro_lei` integer NOT NULL,
	`offer_valid_from` text,
	`offer_valid_until` text,
	`county_id` text,
	`status` text DEFAULT 'created' NOT NULL,
	`current_step` text DEFAULT 'request_validation' NOT NULL,
	`progress_percentage` integer DEFAULT 0 NOT NULL,
	`desired_switch_date` text NOT NULL,
	`switch_type` text NOT NULL,
	`switch_reason` text NOT NULL,
	`title_holder_quality` text NOT NULL,
	`id_document_id` text,
	`invoice_document_id` text,
	`meter_reading_id` text,
	`contract_document_id` text,
	`estimated_monthly_savings_bani` integer,
	`signature_token_hash` text,
	`signature_expires_at` integer,
	`signature_attempts_remaining` integer,
	`signature_max_attempts` integer,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`cancel_reason` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `switch_requests_user_idx` ON `switch_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `switch_requests_status_idx` ON `switch_requests` (`status`);--> statement-breakpoint
CREATE INDEX `switch_requests_supplier_idx` ON `switch_requests` (`target_supplier_id`,`status`);--> statement-breakpoint
CREATE TABLE `user_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`replaced_by` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_sessions_refresh_unique` ON `user_sessions` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `user_sessions_family_idx` ON `user_sessions` (`family_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`email` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);