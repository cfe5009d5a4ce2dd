ALTER TABLE `orders` ADD `kept_store_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `kept_store_phone` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `kept_until` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_user_code_unique` ON `products` (`user_id`,`code`);