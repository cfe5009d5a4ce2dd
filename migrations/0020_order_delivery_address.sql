ALTER TABLE `orders` ADD `delivery_street` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_locality` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_reference` text;