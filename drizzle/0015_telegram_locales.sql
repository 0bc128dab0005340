ALTER TABLE `tg_challenge_cards` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `tg_game_boards` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `tg_tournament_messages` ADD `locale` text;--> statement-breakpoint
INSERT INTO `tg_challenge_cards` (`challenge_id`, `locale`)
SELECT `id`, `locale` FROM `challenges` WHERE true
ON CONFLICT (`challenge_id`) DO UPDATE SET `locale` = excluded.`locale`;
--> statement-breakpoint
INSERT INTO `tg_game_boards` (`game_id`, `locale`)
SELECT `id`, `locale` FROM `games` WHERE true
ON CONFLICT (`game_id`) DO UPDATE SET `locale` = excluded.`locale`;
--> statement-breakpoint
INSERT INTO `tg_tournament_messages` (`tournament_id`, `locale`)
SELECT `id`, `locale` FROM `tournaments` WHERE true
ON CONFLICT (`tournament_id`) DO UPDATE SET `locale` = excluded.`locale`;
--> statement-breakpoint
ALTER TABLE `challenges` DROP COLUMN `locale`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `locale`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `locale`;
