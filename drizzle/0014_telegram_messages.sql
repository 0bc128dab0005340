CREATE TABLE `tg_challenge_cards` (
	`challenge_id` integer PRIMARY KEY NOT NULL,
	`chat_id` integer,
	`message_id` integer,
	`inline_message_id` text,
	`closed` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tg_challenge_cards_inline_idx` ON `tg_challenge_cards` (`inline_message_id`) WHERE "tg_challenge_cards"."inline_message_id" is not null;--> statement-breakpoint
CREATE INDEX `tg_challenge_cards_open_idx` ON `tg_challenge_cards` (`challenge_id`) WHERE "tg_challenge_cards"."closed" = 0 and "tg_challenge_cards"."message_id" is not null;--> statement-breakpoint
CREATE TABLE `tg_game_boards` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`chat_id` integer,
	`message_id` integer,
	`inline_message_id` text,
	`shown_version` integer,
	`shown_claim` integer DEFAULT false NOT NULL,
	`shown_status` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tg_game_boards_inline_idx` ON `tg_game_boards` (`inline_message_id`) WHERE "tg_game_boards"."inline_message_id" is not null;--> statement-breakpoint
CREATE TABLE `tg_lost_chats` (
	`chat_id` integer PRIMARY KEY NOT NULL,
	`lost_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tg_tournament_messages` (
	`tournament_id` integer PRIMARY KEY NOT NULL,
	`message_id` integer,
	`standings_message_id` integer,
	`shown_version` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `tg_game_boards` (`game_id`, `chat_id`, `message_id`, `inline_message_id`, `shown_version`, `shown_claim`, `shown_status`)
SELECT `id`,
	CASE WHEN `inline_message_id` IS NULL AND `message_id` IS NOT NULL THEN `chat_id` END,
	CASE WHEN `inline_message_id` IS NULL THEN `message_id` END,
	`inline_message_id`, `shown_version`, `shown_claim`,
	CASE WHEN `shown_version` IS NOT NULL THEN `status` END
FROM `games`
WHERE `message_id` IS NOT NULL OR `inline_message_id` IS NOT NULL OR `shown_version` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `tg_challenge_cards` (`challenge_id`, `chat_id`, `message_id`, `inline_message_id`, `closed`)
SELECT `id`,
	CASE WHEN `inline_message_id` IS NULL AND `message_id` IS NOT NULL THEN `chat_id` END,
	CASE WHEN `inline_message_id` IS NULL THEN `message_id` END,
	`inline_message_id`, `card_closed`
FROM `challenges`
WHERE `message_id` IS NOT NULL OR `inline_message_id` IS NOT NULL OR `card_closed` = 1;
--> statement-breakpoint
INSERT INTO `tg_tournament_messages` (`tournament_id`, `message_id`, `standings_message_id`, `shown_version`)
SELECT `id`, `message_id`, `standings_message_id`, `shown_version`
FROM `tournaments`
WHERE `message_id` IS NOT NULL OR `standings_message_id` IS NOT NULL OR `shown_version` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `tg_lost_chats` (`chat_id`, `lost_at`)
SELECT `id`, `lost_at` FROM `chats` WHERE `lost_at` IS NOT NULL;
--> statement-breakpoint
DROP INDEX `challenges_inline_message_idx`;--> statement-breakpoint
DROP INDEX `challenges_open_cards_idx`;--> statement-breakpoint
ALTER TABLE `challenges` DROP COLUMN `message_id`;--> statement-breakpoint
ALTER TABLE `challenges` DROP COLUMN `inline_message_id`;--> statement-breakpoint
ALTER TABLE `challenges` DROP COLUMN `card_closed`;--> statement-breakpoint
DROP INDEX `games_inline_message_idx`;--> statement-breakpoint
DROP INDEX `games_unshown_idx`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `message_id`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `inline_message_id`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `shown_version`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `shown_claim`;--> statement-breakpoint
ALTER TABLE `chats` DROP COLUMN `lost_at`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `message_id`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `standings_message_id`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `shown_version`;