/** Send options that make a message a reply to `id` (none for null), sent even if it is gone. */
export const replyTo = (id: number | null) =>
  id === null ? {} : { reply_parameters: { message_id: id, allow_sending_without_reply: true } };
