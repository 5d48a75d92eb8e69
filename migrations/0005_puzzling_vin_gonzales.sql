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
CREATE INDEX `metrics_rollups_kind_idx` ON `metrics_rollups` (`kind`,`bucket_start`);