CREATE INDEX `document_events_action_created_idx` ON `document_events` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_type_status_idx` ON `documents` (`document_type`,`status`,`user_id`,`processing_ms`,`file_size`);--> statement-breakpoint
CREATE INDEX `documents_processed_idx` ON `documents` (`processed_at`);--> statement-breakpoint
CREATE INDEX `documents_verified_idx` ON `documents` (`verified_at`);--> statement-breakpoint
CREATE INDEX `documents_status_processed_idx` ON `documents` (`status`,`processed_at`,`queued_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `switch_requests_user_status_idx` ON `switch_requests` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `switch_requests_created_type_idx` ON `switch_requests` (`created_at`,`consumer_type`);--> statement-breakpoint
CREATE INDEX `users_last_login_idx` ON `users` (`last_login_at`);