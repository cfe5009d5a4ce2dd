CREATE TABLE `product_stock` (
	`product_id` text NOT NULL,
	`color` text NOT NULL,
	`size` text NOT NULL,
	`stock` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `color`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_stock_not_negative" CHECK("product_stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE `store_checkout` (
	`user_id` text PRIMARY KEY NOT NULL,
	`delivery` text NOT NULL,
	`payments` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `subtotal` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_zone` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_cost` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `pickup_address` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_details` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `token` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `history` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_returned_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_token_unique` ON `orders` (`token`);--> statement-breakpoint
ALTER TABLE `products` ADD `colors` text DEFAULT '[]' NOT NULL;