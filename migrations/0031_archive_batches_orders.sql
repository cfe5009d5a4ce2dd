CREATE TABLE `order_archives` (
	`object_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`orders` integer NOT NULL,
	`total_sum` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_archives_user_idx` ON `order_archives` (`user_id`,`month`);--> statement-breakpoint
ALTER TABLE `ledger_archives` ADD `batches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `batches_created_idx` ON `batches` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_final_created_idx` ON `orders` (`created_at`) WHERE status IN ('entregado', 'cancelado');