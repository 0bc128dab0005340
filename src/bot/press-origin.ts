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
