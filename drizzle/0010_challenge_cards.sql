ALTER TABLE `challenges` ADD `card_closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `challenges_open_cards_idx` ON `challenges` (`id`) WHERE "challenges"."status" = 'accepted' and "challenges"."card_closed" = 0;--> statement-breakpoint
-- Challenges closed before this column are taken as shown closed: the sweep does not revisit them.
UPDATE `challenges` SET `card_closed` = true WHERE `status` <> 'pending';
