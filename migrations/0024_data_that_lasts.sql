CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`origin` text NOT NULL,
	`bytes` integer,
	`ready_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_user_idx` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_created_idx` ON `data_exports` (`created_at`);--> statement-breakpoint
CREATE INDEX `batch_items_product_idx` ON `batch_items` (`product_id`);--> statement-breakpoint
CREATE INDEX `batches_notify_idx` ON `batches` (`notify`,`notified_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `generation_jobs_product_idx` ON `generation_jobs` (`product_id`);--> statement-breakpoint
CREATE INDEX `login_throttle_window_idx` ON `login_throttle` (`window_started_at`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE INDEX `password_resets_used_idx` ON `password_resets` (`used_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `weekly_summaries_week_idx` ON `weekly_summaries` (`week`);