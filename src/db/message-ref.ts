/** Where a challenge or game is shown: a chat message, or an inline message (no chat). */
export type MessageRef =
  | { readonly kind: "chat"; readonly chatId: number; readonly messageId: number }
  | { readonly kind: "inline"; readonly inlineMessageId: string };

interface RefColumns {
  readonly chatId: number | null;
  readonly messageId: number | null;
  readonly inlineMessageId: string | null;
}

export function refToColumns(ref: MessageRef | null): RefColumns {
  if (!ref) return { chatId: null, messageId: null, inlineMessageId: null };
  return ref.kind === "chat"
    ? { chatId: ref.chatId, messageId: ref.messageId, inlineMessageId: null }
    : { chatId: null, messageId: null, inlineMessageId: ref.inlineMessageId };
}

export function refFromColumns(row: RefColumns): MessageRef | null {
  if (row.inlineMessageId !== null) return { kind: "inline", inlineMessageId: row.inlineMessageId };
  if (row.chatId !== null && row.messageId !== null)
    return { kind: "chat", chatId: row.chatId, messageId: row.messageId };
  return null;
}
