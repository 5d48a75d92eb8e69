CREATE TABLE `admin_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_invitations_token_unique` ON `admin_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_invitations_admin_idx` ON `admin_invitations` (`admin_id`);--> statement-breakpoint
CREATE TABLE `admin_login_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_login_challenges_token_unique` ON `admin_login_challenges` (`token_hash`);--> statement-breakpoint
CREATE TABLE `admin_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_recovery_codes_hash_unique` ON `admin_recovery_codes` (`admin_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `admin_two_factor` (
	`admin_id` text PRIMARY KEY NOT NULL,
	`secret_sealed` text NOT NULL,
	`enabled_at` integer,
	`last_used_step` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `automation_config_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`snapshot_id` text NOT NULL,
	`comment` text,
	`settings_json` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `automation_config_versions_snapshot_unique` ON `automation_config_versions` (`snapshot_id`);--> statement-breakpoint
CREATE TABLE `document_field_corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`field` text NOT NULL,
	`machine_value` text,
	`corrected_value` text,
	`values_encrypted` text,
	`admin_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_field_corrections_doc_idx` ON `document_field_corrections` (`document_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to_address`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_metrics_rollups` (
	`bucket_start` integer NOT NULL,
	`kind` text NOT NULL,
	`series` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`total_ms` integer DEFAULT 0 NOT NULL,
	`min_ms` integer,
	`max_ms` integer,
	`last_ok_at` integer,
	PRIMARY KEY(`bucket_start`, `kind`, `series`)
);
--> statement-breakpoint
-- The old per-route counters are not carried over: the rollups restart with the new kinds and series.
DROP TABLE `metrics_rollups`;--> statement-breakpoint
ALTER TABLE `__new_metrics_rollups` RENAME TO `metrics_rollups`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `metrics_rollups_kind_idx` ON `metrics_rollups` (`kind`,`bucket_start`);--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `automation_config` ADD `active_version_id` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `review_notes` text;--> statement-breakpoint
CREATE INDEX `documents_uploaded_idx` ON `documents` (`created_at`);--> statement-breakpoint
CREATE INDEX `documents_status_uploaded_idx` ON `documents` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_type_uploaded_idx` ON `documents` (`document_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_user_uploaded_idx` ON `documents` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_logs_phone_idx` ON `auth_logs` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_status_created_idx` ON `users` (`status`,`created_at`);