CREATE INDEX `batch_items_product_idx` ON `batch_items` (`product_id`);--> statement-breakpoint
CREATE INDEX `batches_notify_idx` ON `batches` (`notify`,`notified_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `generation_jobs_product_idx` ON `generation_jobs` (`product_id`);