CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`value` real NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`code` text NOT NULL,
	`lines` text NOT NULL,
	`total` real NOT NULL,
	`status` text DEFAULT 'nuevo' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`stock_taken_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_seller_code_unique` ON `orders` (`seller_id`,`code`);--> statement-breakpoint
CREATE INDEX `orders_seller_idx` ON `orders` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`purpose` text NOT NULL,
	`pack_id` text,
	`credits` integer DEFAULT 0 NOT NULL,
	`amount` real NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_checkout_id` text,
	`provider_payment_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_unique` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);