ALTER TABLE `games` ADD `dice_salt` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pending_start` text;