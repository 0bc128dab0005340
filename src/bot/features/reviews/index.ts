import { type CommandContext, Composer, InputFile, type NextFunction } from "grammy";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import type { ReviewItem } from "../../callback-data.js";
import { isChatMember } from "../../chat-admins.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { SentLately } from "../../sent-lately.js";
import { gameLabel } from "../../ui/caption.js";
import { pressWithinLimit } from "../limited.js";
import { analysisFeature, REPOST_AFTER_MS } from "./analysis.js";
import type { ReviewsDeps } from "./deps.js";
import { openInPrivate, privateReview } from "./in-private.js";
import { reviewRefusal } from "./refusal.js";
import { replayPress } from "./replay.js";
import { replyTo } from "./reply-to.js";

/** A review button's work, once the press is allowed. */
type ReviewHandler = (ctx: BotContext, gameId: number) => Promise<void>;

/** What the review handlers share, made once per bot from its deps. */
interface ReviewsScope {
  readonly deps: ReviewsDeps;
  /** Posts (or queues) a game's analysis in a chat. */
  readonly askAnalysis: ReturnType<typeof analysisFeature>["ask"];
  /** What each review button does; null: a button no longer offered. */
  readonly handlers: Record<ReviewItem, ReviewHandler | null>;
}

/** Where a review goes: the chat the press came from (a reply to the pressed message). */
function replyPlace(ctx: BotContext): { chatId: number; replyTo: number | null } | null {
  const m = ctx.callbackQuery?.message;
  return m ? { chatId: m.chat.id, replyTo: m.message_id } : null;
}

/**
 * The buttons under a finished game's board and in /history (analysis, replay, record), and
 * `/analysis`.
 */
export function reviewsFeature(deps: ReviewsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const analysis = analysisFeature(deps);
  composer.use(analysis.composer);
  const records = new SentLately(REPOST_AFTER_MS, deps.service.config.now);
  const scope: ReviewsScope = {
    deps,
    askAnalysis: analysis.ask,
    handlers: {
      analysis: analysis.press,
      replay: replayPress(deps),
      record: (ctx, gameId) => recordPress(deps, records, ctx, gameId),
    },
  };
  composer.command("start", (ctx, next) => startReview(scope, ctx, next));
  onButton(composer, "review", (ctx, p) => reviewPress(scope, ctx, p));
  return composer;
}

/** `/start a12` (analysis) or `/start f12` (record): where an inline game's press led. */
async function startReview(
  scope: ReviewsScope,
  ctx: CommandContext<BotContext>,
  next: NextFunction,
): Promise<void> {
  const { deps } = scope;
  const { reviews } = deps;
  const asked = privateReview(ctx.match);
  if (!asked || ctx.chat.type !== "private") return next();
  const r = await reviews.finished(asked.gameId);
  if (!r.ok) {
    await ctx.reply(reviewRefusal(ctx, r.error));
    return;
  }
  const { game } = r.value;
  if (ctx.from?.id !== game.white.id && ctx.from?.id !== game.black.id) {
    await ctx.reply(ctx.t("review-players-only"));
    return;
  }
  const place = { chatId: ctx.chat.id, replyTo: null };
  if (asked.item === "analysis") await scope.askAnalysis(ctx, place, asked.gameId);
  else await sendRecord(deps, ctx, place, asked.gameId);
}

/** A review button under a finished board or in /history, if the presser may review. */
async function reviewPress(
  scope: ReviewsScope,
  ctx: PressContext<BotContext>,
  { gameId, item }: PayloadOf<"review">,
): Promise<void> {
  const { deps } = scope;
  const { answers } = deps;
  if (!(await mayReview(deps, ctx, gameId))) {
    await answers.answer(ctx, ctx.t("err-foreign-button"), true);
    return;
  }
  const handler = scope.handlers[item];
  if (handler) await handler(ctx, gameId);
  else await answers.answer(ctx, ctx.t("err-inactive-button"), true);
}

/**
 * The 📄 button: the record under the board (once an hour per chat: a later press says it is
 * above); an inline game's, in private.
 */
async function recordPress(
  deps: ReviewsDeps,
  records: SentLately,
  ctx: BotContext,
  gameId: number,
) {
  const { answers, reviews } = deps;
  const r = await reviews.record(gameId);
  const place = replyPlace(ctx);
  if (!r.ok) {
    await answers.answer(ctx, reviewRefusal(ctx, r.error), true);
    return;
  }
  // An inline game has no chat to send a file into: the presser's private chat has.
  if (!place) {
    await openInPrivate(deps, ctx, gameId, "f");
    return;
  }
  const key = `${gameId}:${place.chatId}`;
  const lately = records.of(key);
  if (lately) {
    await answers.answer(
      ctx,
      lately.kind === "sent"
        ? ctx.t("record-sent", { minutes: lately.minutes })
        : ctx.t("record-sending"),
    );
    return;
  }
  if (!(await pressWithinLimit(deps, ctx))) return;
  records.sending(key);
  await answers.answer(ctx);
  let sent: number | null = null;
  try {
    sent = (await sendRecord(deps, ctx, place, gameId))?.message_id ?? null;
  } finally {
    records.sent(key, sent);
  }
}

/** The game's record as a file, in the chat asking for it. */
async function sendRecord(
  deps: ReviewsDeps,
  ctx: BotContext,
  place: { chatId: number; replyTo: number | null },
  gameId: number,
) {
  const r = await deps.reviews.record(gameId);
  if (!r.ok) return null;
  const { game, file } = r.value;
  const t = await deps.textsOf.game(game.id);
  return ctx.api.sendDocument(place.chatId, new InputFile(Buffer.from(file.text), file.fileName), {
    caption: t("record-caption", { game: gameLabel(t, game) }),
    parse_mode: "HTML",
    ...replyTo(place.replyTo),
  });
}

/**
 * A game's review buttons belong to its chat: its board there, and /history. Pressed
 * anywhere else (the data copied into another chat), they serve the game's players and the
 * members of its chat only. An inline game's buttons work only on its own inline message,
 * which a replay replaces; its players ask from any chat.
 */
async function mayReview(deps: ReviewsDeps, ctx: BotContext, gameId: number): Promise<boolean> {
  const game = await deps.service.getGame(gameId);
  if (!game || pressed.atGameHome(ctx, game.chatId, game.message)) return true;
  if (ctx.callbackQuery?.inline_message_id) return false;
  const by = ctx.from!.id;
  if (by === game.white.id || by === game.black.id) return true;
  return game.chatId !== null && (await isChatMember(ctx.api, game.chatId, by));
}
