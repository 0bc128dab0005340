CREATE TABLE `seeks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`variant` text NOT NULL,
	`match_length` integer NOT NULL,
	`clock` text NOT NULL,
	`status` text NOT NULL,
	`computer_offered` integer DEFAULT false NOT NULL,
	`game_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seeks_one_waiting_idx` ON `seeks` (`user_id`) WHERE "seeks"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX `seeks_waiting_idx` ON `seeks` (`status`,`variant`,`match_length`,`clock`);