import { type DiceOrigin, isSalt, saltOf } from "./dice.js";
import type { MessageRef } from "./message-ref.js";
import type { PlayerRef } from "./types.js";

/** Telegram ids fit in 52 bits; anything else came from a mangled button or command. */
export const isId = (v: unknown): v is number => Number.isSafeInteger(v);

export const isPlayer = (p: unknown): p is PlayerRef =>
  typeof p === "object" &&
  p !== null &&
  isId((p as PlayerRef).id) &&
  typeof (p as PlayerRef).firstName === "string";

export function isMessageRef(r: unknown): r is MessageRef {
  if (typeof r !== "object" || r === null) return false;
  const m = r as Record<string, unknown>;
  if (m.kind === "chat") return isId(m.chatId) && isId(m.messageId);
  return m.kind === "inline" && typeof m.inlineMessageId === "string" && m.inlineMessageId !== "";
}

/** An optional message reference: absent, null, or well formed. */
export const isOptionalRef = (r: unknown): boolean =>
  r === undefined || r === null || isMessageRef(r);

/** Where a game's message is, and (in a chat) its date: what Telegram gave the bot. */
export function isDiceOrigin(o: unknown): o is DiceOrigin {
  if (!isMessageRef(o)) return false;
  const date = (o as { date?: unknown }).date;
  if (o.kind === "chat" && !(isId(date) && date > 0)) return false;
  return isSalt(saltOf(o as DiceOrigin));
}
