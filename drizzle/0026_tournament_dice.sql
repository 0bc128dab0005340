ALTER TABLE `tournament_entries` ADD `mark` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `dice_seed` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `dice_commitment` text;