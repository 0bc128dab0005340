CREATE TABLE `tg_private_boards` (
	`game_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`shown_version` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tg_spends` (
	`lane` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tg_spends_lane_idx` ON `tg_spends` (`lane`);