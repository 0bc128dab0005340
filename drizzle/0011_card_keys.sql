ALTER TABLE `challenges` ADD `card_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_card_key_idx` ON `challenges` (`card_key`) WHERE "challenges"."card_key" is not null;