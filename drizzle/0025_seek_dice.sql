ALTER TABLE `seeks` ADD `dice_seed` text;--> statement-breakpoint
ALTER TABLE `seeks` ADD `dice_commitment` text;--> statement-breakpoint
ALTER TABLE `seeks` ADD `mark` text;