/** Where a challenge or game is shown: a chat message, or an inline message (no chat). */
export type MessageRef =
  | { readonly kind: "chat"; readonly chatId: number; readonly messageId: number }
  | { readonly kind: "inline"; readonly inlineMessageId: string };

import type { MessageColumns } from "../db/index.js";

type RefColumns = Required<MessageColumns>;

/** The message columns for `ref`; the chat column is kept apart (see refChatId). */
export function messageColumns(ref: MessageRef | null): Omit<RefColumns, "chatId"> {
  if (!ref) return { messageId: null, inlineMessageId: null };
  return ref.kind === "chat"
    ? { messageId: ref.messageId, inlineMessageId: null }
    : { messageId: null, inlineMessageId: ref.inlineMessageId };
}

/** The chat a reference names; an inline message names none. */
export const refChatId = (ref: MessageRef | null): number | null =>
  ref?.kind === "chat" ? ref.chatId : null;

/** Columns to update when the message moves: an inline message leaves the chat as it was. */
export function refUpdate(ref: MessageRef): MessageColumns {
  const chatId = refChatId(ref);
  return chatId === null ? messageColumns(ref) : { ...messageColumns(ref), chatId };
}

export function refFromColumns(row: RefColumns): MessageRef | null {
  if (row.inlineMessageId !== null) return { kind: "inline", inlineMessageId: row.inlineMessageId };
  if (row.chatId !== null && row.messageId !== null)
    return { kind: "chat", chatId: row.chatId, messageId: row.messageId };
  return null;
}

/**
 * Whether `at` is where a game or challenge lives: a message in its chat `chatId`, or its
 * inline message `home`. A button's data can be pressed on any message; pressed anywhere
 * else, it must not act on another chat's things.
 */
export function isAtHome(
  at: MessageRef | null,
  chatId: number | null,
  home: MessageRef | null,
): boolean {
  if (at?.kind === "inline")
    return home?.kind === "inline" && home.inlineMessageId === at.inlineMessageId;
  return at !== null && chatId !== null && at.chatId === chatId;
}
