CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
ALTER TABLE `generated_images` ADD `variant` text;--> statement-breakpoint
ALTER TABLE `generated_images` ADD `original_id` text;--> statement-breakpoint
ALTER TABLE `generated_images` ADD `replaced_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `note` text;--> statement-breakpoint
ALTER TABLE `products` ADD `description` text;