CREATE TABLE `store_models` (
	`user_id` text NOT NULL,
	`audience` text NOT NULL,
	`image_id` text NOT NULL,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `generated_images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_models_user_audience` ON `store_models` (`user_id`,`audience`);--> statement-breakpoint
CREATE INDEX `store_models_image_idx` ON `store_models` (`image_id`);