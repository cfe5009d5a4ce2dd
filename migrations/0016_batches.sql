CREATE TABLE `batch_items` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text,
	`position` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`draft_from` text,
	`drafted_at` integer,
	`error` text,
	`sent_at` integer,
	`held_at` integer,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `batch_items_batch_idx` ON `batch_items` (`batch_id`,`position`);--> statement-breakpoint
CREATE INDEX `batch_items_status_idx` ON `batch_items` (`status`,`sent_at`);--> statement-breakpoint
CREATE INDEX `batch_items_user_idx` ON `batch_items` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`include_model` integer NOT NULL,
	`quality` text NOT NULL,
	`provider` text NOT NULL,
	`unit_cost` integer NOT NULL,
	`size` integer NOT NULL,
	`notify` integer DEFAULT false NOT NULL,
	`notified_at` integer,
	`origin` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batches_user_idx` ON `batches` (`user_id`,`created_at`);