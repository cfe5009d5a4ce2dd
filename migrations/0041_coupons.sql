CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`currency` text NOT NULL,
	`minimum` integer,
	`starts_at` integer,
	`ends_at` integer,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coupons_claim" CHECK("coupons"."uses" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_seller_code_unique` ON `coupons` (`seller_id`,`code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_kind` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_returned_at` integer;