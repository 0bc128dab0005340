import type { Context } from "grammy";
import { payloadOf } from "./buttons.js";

/**
 * What an update must wait for: presses on one game (its board, its resignation question) or
 * one challenge queue behind each other; everything else queues per chat. Inline messages
 * have no chat, so their id is the key.
 */
export function updateKeys(ctx: Context): string[] | undefined {
  const query = ctx.callbackQuery;
  if (query) {
    const p = payloadOf(ctx);
    if (p?.type === "game" || p?.type === "resign") return [`game:${p.gameId}`];
    if (p?.type === "challenge") return [`challenge:${p.challengeId}`];
    if (query.inline_message_id) return [`inline:${query.inline_message_id}`];
  }
  if (ctx.chatId !== undefined) return [`chat:${ctx.chatId}`];
  if (ctx.from) return [`user:${ctx.from.id}`];
  return undefined;
}
