CREATE TABLE `tournament_entries` (
	`tournament_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`seed` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`tournament_id`, `player_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_entries_seed_idx` ON `tournament_entries` (`tournament_id`,`seed`);--> statement-breakpoint
CREATE TABLE `tournament_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`player_a` integer NOT NULL,
	`player_b` integer NOT NULL,
	`series_id` integer NOT NULL,
	`status` text DEFAULT 'playing' NOT NULL,
	`winner_id` integer,
	`points_a` integer DEFAULT 0 NOT NULL,
	`points_b` integer DEFAULT 0 NOT NULL,
	`forfeit` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_a`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_b`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`winner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_matches_series_id_unique` ON `tournament_matches` (`series_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_matches_pair_idx` ON `tournament_matches` (`tournament_id`,`player_a`,`player_b`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`organiser_id` integer NOT NULL,
	`variant` text NOT NULL,
	`rules` text NOT NULL,
	`format` text NOT NULL,
	`status` text DEFAULT 'signup' NOT NULL,
	`locale` text NOT NULL,
	`signup_ends_at` integer NOT NULL,
	`message_id` integer,
	`standings_message_id` integer,
	`card_status` text,
	`version` integer DEFAULT 1 NOT NULL,
	`shown_version` integer,
	`announced` integer DEFAULT false NOT NULL,
	`winner_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`organiser_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`winner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_open_chat_idx` ON `tournaments` (`chat_id`) WHERE "tournaments"."status" in ('signup', 'running');--> statement-breakpoint
CREATE INDEX `tournaments_status_idx` ON `tournaments` (`status`);--> statement-breakpoint
DROP INDEX `series_active_key_idx`;--> statement-breakpoint
ALTER TABLE `series` ADD `tournament_id` integer REFERENCES tournaments(id);--> statement-breakpoint
CREATE INDEX `series_tournament_idx` ON `series` (`tournament_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `series_active_key_idx` ON `series` (`chat_key`,`player_a`,`player_b`,`variant`,`rules_key`) WHERE "series"."status" = 'active' and "series"."tournament_id" is null;