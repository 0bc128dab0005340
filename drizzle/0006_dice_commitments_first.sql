ALTER TABLE `challenges` ADD `dice_seed` text;--> statement-breakpoint
ALTER TABLE `challenges` ADD `dice_commitment` text;--> statement-breakpoint
ALTER TABLE `games` ADD `next_dice_seed` text;