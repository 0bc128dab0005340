import type { BotContext } from "../../context.js";
import type { ReviewsDeps } from "./deps.js";
import { reviewRefusal } from "./refusal.js";

/** Start parameters an inline game's 📊 and ⬇ lead to: "a12", analysis; "f12", the record. */
const CODES = { a: "analysis", f: "record" } as const;

export function privateReview(
  text: string,
): { item: "analysis" | "record"; gameId: number } | null {
  const m = /^([af])([1-9]\d{0,14})$/.exec(text.trim());
  return m ? { item: CODES[m[1] as keyof typeof CODES], gameId: Number(m[2]) } : null;
}

/**
 * An inline game's review has no chat to go to: the press opens the presser's private chat
 * with the bot, where Start asks for it. Only the game's players are sent there.
 */
export async function openInPrivate(
  deps: ReviewsDeps,
  ctx: BotContext,
  gameId: number,
  code: keyof typeof CODES,
): Promise<void> {
  const r = await deps.reviews.finished(gameId);
  if (!r.ok) {
    await deps.answers.answer(ctx, reviewRefusal(ctx, r.error), true);
    return;
  }
  const { game } = r.value;
  if (ctx.from?.id !== game.white.id && ctx.from?.id !== game.black.id) {
    await deps.answers.answer(ctx, ctx.t("review-players-only"), true);
    return;
  }
  await deps.answers.openBot(ctx, `${code}${gameId}`);
}
