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
ALTER TABLE `documents` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `review_notes` text;--> statement-breakpoint
CREATE INDEX `documents_uploaded_idx` ON `documents` (`created_at`);--> statement-breakpoint
CREATE INDEX `documents_status_uploaded_idx` ON `documents` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_type_uploaded_idx` ON `documents` (`document_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_user_uploaded_idx` ON `documents` (`user_id`,`created_at`);