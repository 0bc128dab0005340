import type { Context } from "grammy";

/**
 * The dice's second part a press brings: the id Telegram gave it, with the pressed message's
 * chat, id and date (or the inline message's id). The bot chooses none of these and cannot
 * wait for a better one: all were fixed when the player pressed, after the seed's commitment
 * was shown. Null outside a press.
 */
export function pressSecondPart(ctx: Context): string | null {
  const q = ctx.callbackQuery;
  if (!q) return null;
  if (q.inline_message_id) return `press:${q.id}:inline:${q.inline_message_id}`;
  const m = q.message;
  return m ? `press:${q.id}:${m.chat.id}:${m.message_id}:${m.date}` : `press:${q.id}`;
}

/**
 * A player's own part of the dice of games their act leads to (a seek, a tournament entry):
 * what Telegram fixed of it, a command's message number and date, or a press's own part of
 * its id. A press id's upper 32 bits are the presser's Telegram id, left out: strangers read
 * the game's record.
 */
export function actMark(ctx: Context): string | null {
  const q = ctx.callbackQuery;
  if (q) return /^\d{1,20}$/.test(q.id) ? `p${BigInt(q.id) & 0xffffffffn}` : null;
  const m = ctx.msg;
  return m ? `${m.message_id}:${m.date}` : null;
}
