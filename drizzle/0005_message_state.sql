ALTER TABLE `challenges` ADD `card_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chats` ADD `lost_at` integer;--> statement-breakpoint
ALTER TABLE `dialogs` ADD `chat_id` integer;--> statement-breakpoint
ALTER TABLE `dialogs` ADD `message_id` integer;--> statement-breakpoint
ALTER TABLE `dialogs` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `dialogs` ADD `asked_at` integer;--> statement-breakpoint
CREATE INDEX `dialogs_asked_idx` ON `dialogs` (`asked_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `turn_log` text;--> statement-breakpoint
ALTER TABLE `games` ADD `series_after` text;--> statement-breakpoint
ALTER TABLE `games` ADD `shown_version` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `shown_claim` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_unshown_idx` ON `games` (`id`) WHERE "games"."shown_version" is null or "games"."shown_version" < "games"."version";--> statement-breakpoint
-- Games from before this column were shown as they stand; their messages need no catching up.
UPDATE `games` SET `shown_version` = `version`;
