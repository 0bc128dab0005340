import type { Context } from "grammy";
import { decodePayload } from "./ui/callback-data.js";

/**
 * What an update must wait for: presses on one game (or challenge) queue behind each other;
 * everything else queues per chat. Inline messages have no chat, so their id is the key.
 */
export function updateKeys(ctx: Context): string[] | undefined {
  const query = ctx.callbackQuery;
  if (query) {
    const payload = decodePayload(query.data);
    if (payload?.type === "game") return [`game:${payload.gameId}`];
    if (payload?.type === "challenge") return [`challenge:${payload.challengeId}`];
    if (query.inline_message_id) return [`inline:${query.inline_message_id}`];
  }
  if (ctx.chatId !== undefined) return [`chat:${ctx.chatId}`];
  if (ctx.from) return [`user:${ctx.from.id}`];
  return undefined;
}
