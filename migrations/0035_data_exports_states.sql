ALTER TABLE `data_exports` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `data_exports` ADD `failed_at` integer;