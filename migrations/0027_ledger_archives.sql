-- WITHOUT ROWID: the key is the whole row, kept once (in the primary key's b-tree) instead of twice.
CREATE TABLE `archived_ledger_keys` (
	`key` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `ledger_archives` (
	`object_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`first_id` integer NOT NULL,
	`last_id` integer NOT NULL,
	`entries` integer NOT NULL,
	`delta_sum` integer NOT NULL,
	`jobs` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ledger_archives_user_idx` ON `ledger_archives` (`user_id`,`month`);--> statement-breakpoint
CREATE INDEX `generation_jobs_created_idx` ON `generation_jobs` (`created_at`);