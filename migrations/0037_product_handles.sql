ALTER TABLE `products` ADD `handle` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_user_handle_unique` ON `products` (`user_id`,`handle`);