CREATE TABLE `dialogs` (
	`key` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dialogs_updated_idx` ON `dialogs` (`updated_at`);