/** The updates users make, as a Telegram app makes them: chats, typed texts and their entities. */
import type { User } from "grammy/types";
import type { Entity } from "./html.js";

export type ChatType = "private" | "group" | "supergroup" | "channel";

/** The chat object of an id: negative ids are supergroups unless told otherwise. */
export function chatOf(chatId: number, type?: ChatType) {
  const t = type ?? (chatId < 0 ? "supergroup" : "private");
  return t === "private"
    ? { id: chatId, type: t, first_name: "Chat" }
    : { id: chatId, type: t, title: `Group ${-chatId}` };
}

/** Entities a Telegram app marks in a typed text: bot commands and @username mentions. */
export function typedEntities(text: string): Entity[] {
  const entities: Entity[] = [];
  for (const m of text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?=$|\s)/g))
    entities.push({ type: "bot_command", offset: m.index + m[1]!.length, length: m[2]!.length });
  for (const m of text.matchAll(/(^|[^\w@/])(@[A-Za-z0-9_]{4,32})(?![\w@])/g))
    entities.push({ type: "mention", offset: m.index + m[1]!.length, length: m[2]!.length });
  return entities.sort((a, b) => a.offset - b.offset);
}

/** A text message typed by a user, with the entities a Telegram app would mark. */
export function typedMessage(
  chat: { id: number; type: string },
  from: User,
  messageId: number,
  text: string,
  date: number,
  extra: Record<string, unknown> = {},
) {
  const entities = typedEntities(text);
  return {
    message_id: messageId,
    date,
    chat,
    from,
    text,
    ...(entities.length ? { entities } : {}),
    ...extra,
  };
}
