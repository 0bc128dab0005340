CREATE TABLE `clock_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `challenges` ADD `time_control` text;--> statement-breakpoint
ALTER TABLE `games` ADD `time_control` text;--> statement-breakpoint
ALTER TABLE `games` ADD `clock` text;--> statement-breakpoint
ALTER TABLE `games` ADD `flag_at` integer;--> statement-breakpoint
CREATE INDEX `games_flag_at_idx` ON `games` (`flag_at`) WHERE "games"."flag_at" is not null;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `time_control` text;