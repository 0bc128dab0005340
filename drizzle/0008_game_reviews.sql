CREATE TABLE `game_reviews` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`analysis` text,
	`replay_file_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
