CREATE INDEX `auth_logs_phone_idx` ON `auth_logs` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_status_created_idx` ON `users` (`status`,`created_at`);