ALTER TABLE `payments` ADD `reconcile_due_at` integer;--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`created_at`);