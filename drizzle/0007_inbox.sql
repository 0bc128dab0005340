CREATE TABLE `inbox` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
CREATE INDEX `inbox_pending_idx` ON `inbox` (`update_id`) WHERE "inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX `inbox_received_idx` ON `inbox` (`received_at`);