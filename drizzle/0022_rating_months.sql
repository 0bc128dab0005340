CREATE TABLE `rating_months` (
	`variant` text NOT NULL,
	`month` integer NOT NULL,
	`user_id` integer NOT NULL,
	`gained` real NOT NULL,
	PRIMARY KEY(`variant`, `month`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rating_months_board_idx` ON `rating_months` (`variant`,`month`,`gained`);--> statement-breakpoint
INSERT INTO `rating_months` (`variant`, `month`, `user_id`, `gained`)
SELECT `variant`, CAST(strftime('%s', `at` / 1000, 'unixepoch', 'start of month') AS integer) * 1000, `user_id`, sum(`delta`)
FROM `rating_history` GROUP BY 1, 2, 3;
