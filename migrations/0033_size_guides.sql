CREATE TABLE `size_guides` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`title` text NOT NULL,
	`product_id` text,
	`category` text,
	`unit` text NOT NULL,
	`measures` text NOT NULL,
	`rows` text NOT NULL,
	`note` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `size_guides_seller_product_unique` ON `size_guides` (`seller_id`,`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `size_guides_seller_category_unique` ON `size_guides` (`seller_id`,`category`);--> statement-breakpoint
CREATE INDEX `size_guides_product_idx` ON `size_guides` (`product_id`);