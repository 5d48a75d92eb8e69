ALTER TABLE `documents` ADD `pii_encrypted` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `processing_ms` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `queued_at` integer;