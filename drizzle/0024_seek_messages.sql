CREATE TABLE `tg_seek_messages` (
	`seek_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	PRIMARY KEY(`seek_id`, `message_id`),
	FOREIGN KEY (`seek_id`) REFERENCES `seeks`(`id`) ON UPDATE no action ON DELETE no action
);
