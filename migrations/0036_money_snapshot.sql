CREATE TABLE `shop_money` (
	`user_id` text PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`delivery_cents` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `products` ADD `price_cents` real;--> statement-breakpoint
-- Orders from before orders.currency were all placed in Argentine pesos (the buyer's page has always read them so):
-- written down, every order carries its own currency and nothing falls back to the store's current one.
UPDATE `orders` SET `currency` = 'ARS' WHERE `currency` IS NULL;
