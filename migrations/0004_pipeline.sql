ALTER TABLE `switch_requests` ADD `supplier_application_id` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `contract_number` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `contract_r2_key` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `contract_sha256` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `signed_contract_r2_key` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `signed_at` integer;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `signature_code_hash` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `signature_code_expires_at` integer;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `supplier_switch_date` text;--> statement-breakpoint
ALTER TABLE `switch_requests` ADD `failure_reason` text;