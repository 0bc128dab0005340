import type { BotContext } from "../context.js";
import { minutesLeft, type RateLimit } from "../rate-limit.js";
import type { FeatureDeps } from "./deps.js";

/** What this uses of the bot. */
type RootDeps = Pick<FeatureDeps, "answers" | "limits">;

/**
 * Counts a command against the person's limit; when over it, says so (once, until the limit
 * frees: a refusal per command would itself fill the chat) and returns false.
 */
export async function withinLimit(
  ctx: BotContext,
  limit: RateLimit,
  refusal: "limit-command" | "limit-challenges",
): Promise<boolean> {
  if (!ctx.from) return false;
  const v = limit.take(ctx.from.id);
  if (v.ok) return true;
  if (!v.told) await ctx.reply(ctx.t(refusal, { minutes: minutesLeft(v) }));
  return false;
}

/** Counts a review press against the presser's limit; past it, says so and returns false. */
export async function pressWithinLimit(deps: RootDeps, ctx: BotContext): Promise<boolean> {
  const v = deps.limits.reviews.take(ctx.from!.id);
  if (v.ok) return true;
  await deps.answers.answer(ctx, ctx.t("limit-command", { minutes: minutesLeft(v) }), true);
  return false;
}
