CREATE TABLE `provider_alerts` (
	`day` text NOT NULL,
	`problem` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`day`, `problem`)
);
