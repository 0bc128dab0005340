CREATE TABLE `tg_kept_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lane` text NOT NULL,
	`method` text NOT NULL,
	`payload` text NOT NULL,
	`follow_up` text,
	`kept_at` integer NOT NULL
);
