ALTER TABLE `users` ADD `store_currency` text;--> statement-breakpoint
ALTER TABLE `users` ADD `store_locale` text;--> statement-breakpoint
ALTER TABLE `users` ADD `store_pay_methods` text;