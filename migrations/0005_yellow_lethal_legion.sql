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
DROP TABLE `metrics_rollups`;--> statement-breakpoint
ALTER TABLE `__new_metrics_rollups` RENAME TO `metrics_rollups`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `metrics_rollups_kind_idx` ON `metrics_rollups` (`kind`,`bucket_start`);--> statement-breakpoint
ALTER TABLE `automation_config` ADD `active_version_id` text;