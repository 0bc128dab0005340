import type { Context } from "grammy";
import { payloadOf } from "./buttons.js";
import { dialogKey } from "./features/new-game/index.js";

/**
 * What an update must wait for: presses on one game (its board, its resignation question) or
 * one challenge queue behind each other, other presses behind those on the same message, and
 * messages behind the chat's others. Inline messages have no chat, so their id is the key. Every update of one person in one chat also waits
 * for their others there: each reads and writes back that person's set-up dialog, and two at
 * once would lose one's step.
 */
export function updateKeys(ctx: Context): string[] | undefined {
  const keys = ownKeys(ctx);
  const dialog =
    ctx.chatId !== undefined && ctx.from ? `dialog:${dialogKey(ctx.chatId, ctx.from.id)}` : null;
  if (!dialog) return keys;
  return keys ? [...keys, dialog] : [dialog];
}

function ownKeys(ctx: Context): string[] | undefined {
  const query = ctx.callbackQuery;
  if (query) {
    const p = payloadOf(ctx);
    if (p?.type === "game" || p?.type === "resign") return [`game:${p.gameId}`];
    if (p?.type === "challenge") return [`challenge:${p.challengeId}`];
    if (p?.type === "tournament") return [`tournament:${p.tournamentId}`];
    if (query.inline_message_id) return [`inline:${query.inline_message_id}`];
    // A press on a list, a language menu or a finished game's buttons: that message's alone.
    if (query.message) return [`message:${query.message.chat.id}:${query.message.message_id}`];
  }
  if (ctx.chatId !== undefined) return [`chat:${ctx.chatId}`];
  if (ctx.from) return [`user:${ctx.from.id}`];
  return undefined;
}
