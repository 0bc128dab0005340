CREATE TABLE `challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer,
	`message_id` integer,
	`inline_message_id` text,
	`challenger_id` integer NOT NULL,
	`target_user_id` integer,
	`target_username` text,
	`variant` text NOT NULL,
	`rules` text NOT NULL,
	`locale` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`challenger_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_user_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `challenges_status_expires_idx` ON `challenges` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text,
	`title` text,
	`language_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `game_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`actor_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_events_game_seq_idx` ON `game_events` (`game_id`,`seq`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant` text NOT NULL,
	`rules` text NOT NULL,
	`white_id` integer NOT NULL,
	`black_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`state` text NOT NULL,
	`version` integer NOT NULL,
	`chat_id` integer,
	`message_id` integer,
	`inline_message_id` text,
	`locale` text NOT NULL,
	`dice_seed` text NOT NULL,
	`dice_commitment` text NOT NULL,
	`dice_counter` integer DEFAULT 0 NOT NULL,
	`series_id` integer NOT NULL,
	`challenge_id` integer,
	`previous_game_id` integer,
	`opening` text,
	`winner_id` integer,
	`points` integer,
	`reminded` integer DEFAULT false NOT NULL,
	`last_action_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`white_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`black_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`previous_game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`winner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_challenge_id_unique` ON `games` (`challenge_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `games_previous_game_id_unique` ON `games` (`previous_game_id`);--> statement-breakpoint
CREATE INDEX `games_status_last_action_idx` ON `games` (`status`,`last_action_at`);--> statement-breakpoint
CREATE INDEX `games_chat_status_idx` ON `games` (`chat_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_series_idx` ON `games` (`series_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text,
	`username` text,
	`language_code` text,
	`rating_long` real DEFAULT 1500 NOT NULL,
	`rating_short` real DEFAULT 1500 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_key` text NOT NULL,
	`player_a` integer NOT NULL,
	`player_b` integer NOT NULL,
	`variant` text NOT NULL,
	`rules_key` text NOT NULL,
	`rules` text NOT NULL,
	`state` text NOT NULL,
	`score_a` integer DEFAULT 0 NOT NULL,
	`score_b` integer DEFAULT 0 NOT NULL,
	`wins_a` integer DEFAULT 0 NOT NULL,
	`wins_b` integer DEFAULT 0 NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`draws` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`player_a`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_b`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `series_active_key_idx` ON `series` (`chat_key`,`player_a`,`player_b`,`variant`,`rules_key`) WHERE "series"."status" = 'active';--> statement-breakpoint
CREATE INDEX `series_chat_idx` ON `series` (`chat_key`);