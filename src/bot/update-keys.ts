import type { Context } from "grammy";
import { payloadOf } from "./buttons.js";

/**
 * What an update must wait for: presses on one game (its board, its resignation question) or
 * one challenge queue behind each other; everything else queues per chat. Inline messages
 * have no chat, so their id is the key. One person's updates in one chat also queue behind
 * each other: they all pass their set-up dialog, whose stored state each may write.
 */
export function updateKeys(ctx: Context): string[] | undefined {
  const keys: string[] = [];
  const query = ctx.callbackQuery;
  const p = query ? payloadOf(ctx) : null;
  if (p?.type === "game" || p?.type === "resign") keys.push(`game:${p.gameId}`);
  else if (p?.type === "challenge") keys.push(`challenge:${p.challengeId}`);
  else if (query?.inline_message_id) keys.push(`inline:${query.inline_message_id}`);
  else if (ctx.chatId !== undefined) keys.push(`chat:${ctx.chatId}`);
  if (ctx.chatId !== undefined && ctx.from) keys.push(`person:${ctx.chatId}:${ctx.from.id}`);
  else if (ctx.from && keys.length === 0) keys.push(`user:${ctx.from.id}`);
  return keys.length ? keys : undefined;
}
