CREATE TABLE `withdrawal_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`code` text NOT NULL,
	`order_code` text NOT NULL,
	`order_id` text,
	`buyer_name` text NOT NULL,
	`contact` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_requests_seller_code_unique` ON `withdrawal_requests` (`seller_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_requests_seller_order_contact_unique` ON `withdrawal_requests` (`seller_id`,`order_code`,`contact`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_seller_idx` ON `withdrawal_requests` (`seller_id`,`created_at`);