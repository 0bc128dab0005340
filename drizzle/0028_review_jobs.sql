CREATE TABLE `tg_review_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`game_id` integer NOT NULL,
	`place` text NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer,
	`reply_to` integer,
	`inline_message_id` text,
	`state` text DEFAULT 'waiting' NOT NULL,
	`taker` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`result` blob,
	`asked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tg_review_jobs_key_idx` ON `tg_review_jobs` (`kind`,`game_id`,`place`);--> statement-breakpoint
CREATE INDEX `tg_review_jobs_state_idx` ON `tg_review_jobs` (`state`,`kind`,`id`);