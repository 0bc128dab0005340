/** Where a challenge or game is shown: a chat message, or an inline message (no chat). */
export type MessageRef =
  | { readonly kind: "chat"; readonly chatId: number; readonly messageId: number }
  | { readonly kind: "inline"; readonly inlineMessageId: string };

/** The chat a reference names; an inline message names none. */
export const refChatId = (ref: MessageRef | null): number | null =>
  ref?.kind === "chat" ? ref.chatId : null;

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
