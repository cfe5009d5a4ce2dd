CREATE TABLE `shop_moves` (
	`user_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`to_shard` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
