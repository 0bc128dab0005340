CREATE TABLE `rating_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`variant` text NOT NULL,
	`at` integer NOT NULL,
	`rating` real NOT NULL,
	`delta` real NOT NULL,
	`game_id` integer NOT NULL,
	`match_length` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rating_history_game_user_idx` ON `rating_history` (`game_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `rating_history_user_idx` ON `rating_history` (`user_id`,`variant`,`at`);--> statement-breakpoint
CREATE INDEX `rating_history_variant_at_idx` ON `rating_history` (`variant`,`at`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`user_id` integer NOT NULL,
	`variant` text NOT NULL,
	`rating` real DEFAULT 1500 NOT NULL,
	`experience` integer DEFAULT 0 NOT NULL,
	`matches` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `variant`),
	FOREIGN KEY (`user_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ratings_variant_rating_idx` ON `ratings` (`variant`,`rating`);--> statement-breakpoint
ALTER TABLE `challenges` ADD `rated` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `rated` integer DEFAULT false NOT NULL;