import { type Api, type CommandContext, Composer, InputFile } from "grammy";
import type { ReviewJobRow } from "../../../db/telegram/review-jobs.js";
import type { BotContext } from "../../context.js";
import { answerGate, type Queued } from "../../review-queue.js";
import { queuedText } from "../../ui/queue-text.js";
import { withinLimit } from "../limited.js";
import { analysisPost } from "./analysis-text.js";
import { decisionBoards } from "./decision-boards.js";
import type { ReviewsDeps } from "./deps.js";
import { openInPrivate } from "./in-private.js";
import { type Making, reviewMaking } from "./making.js";
import { reviewRefusal } from "./refusal.js";
import { replyTo } from "./reply-to.js";

/** How long a posted analysis is pointed to instead of being posted again in its chat. */
export const REPOST_AFTER_MS = 3_600_000;

const now = (deps: ReviewsDeps) => deps.service.config.now();

/** Where the analysis goes: a chat, under a message when there is one. */
interface Place {
  readonly chatId: number;
  readonly replyTo: number | null;
}

type Asked =
  | { readonly kind: "refused"; readonly text: string }
  /** Posted in this chat within the hour: pointed to, not posted again. */
  | { readonly kind: "posted"; readonly messageId: number; readonly minutes: number }
  | { readonly kind: "queued"; readonly queued: Queued; readonly stored: boolean };

/** The analyses of one bot: its deps, and what it is making and has posted. */
interface AnalysisScope {
  readonly deps: ReviewsDeps;
  /** An analysis its job did not store (it was asked for before a restart, say) is made here. */
  readonly making: Making;
  /** What was posted where ("game:chat"), and when. */
  readonly posted: Map<string, { readonly messageId: number; readonly at: number }>;
}

/**
 * 📊 Analysis: every decision of a finished game weighed by the evaluator, in the review
 * queue (made by any process a fixed number at a time, each in a worker thread), and posted
 * as one message: a picture of the costliest decisions with the report as its caption. The
 * analysis is stored with the game: asked again, it is posted, not redone; asked again in the
 * same chat within the hour, the earlier post is pointed to. A press while it waits or runs
 * shares it.
 */
export function analysisFeature(deps: ReviewsDeps) {
  const scope: AnalysisScope = { deps, making: reviewMaking(deps), posted: new Map() };
  const composer = new Composer<BotContext>();
  composer.command("analysis", (ctx) => analysisCommand(scope, ctx));
  deps.analyses.serve((job, api) => post(scope, api, job));
  return {
    composer,
    press: (ctx: BotContext, gameId: number) => analysisPress(scope, ctx, gameId),
    ask: (ctx: BotContext, place: Place, gameId: number) => ask(scope, ctx, place, gameId),
  };
}

/** `/analysis`: the analysis of the chat's last finished game. */
async function analysisCommand(scope: AnalysisScope, ctx: CommandContext<BotContext>) {
  const { deps } = scope;
  if (!(await withinLimit(ctx, deps.limits.analysis, "limit-command"))) return;
  const last = (await deps.reviews.history(ctx.chat.id, 1))[0];
  if (!last) {
    await ctx.reply(ctx.t("analysis-none"));
    return;
  }
  await ask(scope, ctx, { chatId: ctx.chat.id, replyTo: ctx.msg.message_id }, last.id);
}

/** The 📊 button under a finished board or in /history; an inline game's, in private. */
async function analysisPress(scope: AnalysisScope, ctx: BotContext, gameId: number) {
  const m = ctx.callbackQuery?.message;
  if (!m) {
    await openInPrivate(scope.deps, ctx, gameId, "a");
    return;
  }
  const gate = answerGate();
  const place = { chatId: m.chat.id, replyTo: m.message_id };
  const asked = await request(scope, ctx, place, gameId, gate.passed);
  const alert =
    asked.kind === "refused" || (asked.kind === "queued" && asked.queued.kind === "refused");
  try {
    await scope.deps.answers.answer(ctx, answerText(ctx, asked) ?? undefined, alert);
  } finally {
    gate.open();
  }
}

/** Posts (or queues) the game's analysis in the chat of a message asking for it. */
async function ask(scope: AnalysisScope, ctx: BotContext, place: Place, gameId: number) {
  const asked = await request(scope, ctx, place, gameId, Promise.resolve());
  if (asked.kind === "posted") {
    // A reply to the earlier post: its quote leads there.
    await ctx.reply(ctx.t("analysis-posted-above"), replyTo(asked.messageId));
    return;
  }
  const text = answerText(ctx, asked);
  // Started now: the post itself follows in a moment.
  if (text !== null && !(asked.kind === "queued" && asked.queued.kind === "started"))
    await ctx.reply(text);
}

/**
 * What asking for a game's analysis does: refused (the game is gone or not over), the
 * earlier post pointed to, or the posting queued (or joined, or refused by the queue). The
 * post waits for `answered`: a press is answered before any message goes out.
 */
async function request(
  scope: AnalysisScope,
  ctx: BotContext,
  place: Place,
  gameId: number,
  answered: Promise<void>,
): Promise<Asked> {
  const { deps, posted } = scope;
  const r = await deps.reviews.finished(gameId);
  if (!r.ok) return { kind: "refused", text: reviewRefusal(ctx, r.error) };
  const before = posted.get(`${gameId}:${place.chatId}`);
  const since = before ? now(deps) - before.at : Number.POSITIVE_INFINITY;
  if (before && since < REPOST_AFTER_MS)
    return {
      kind: "posted",
      messageId: before.messageId,
      minutes: Math.max(1, Math.round(since / 60_000)),
    };
  const queued = await deps.analyses.ask(
    {
      gameId,
      place: String(place.chatId),
      userId: ctx.from!.id,
      chatId: place.chatId,
      replyTo: place.replyTo,
      inlineMessageId: null,
    },
    answered,
  );
  return { kind: "queued", queued, stored: (await deps.reviews.analysis(gameId)) !== null };
}

/** The answer to a press, or the reply to a command; null: nothing to say, it follows. */
function answerText(ctx: BotContext, asked: Asked): string | null {
  if (asked.kind === "refused") return asked.text;
  if (asked.kind === "posted") return ctx.t("analysis-posted", { minutes: asked.minutes });
  return queuedText(ctx.t, asked.queued, {
    waiting: "analysis-queued",
    running: "analysis-running",
    started: asked.stored ? null : "analysis-making",
  });
}

/** Posts the analysis its job made (or stored before) where it was asked, and notes when. */
async function post(scope: AnalysisScope, api: Api, job: ReviewJobRow) {
  const { deps, posted } = scope;
  const r = await deps.reviews.finished(job.gameId);
  if (!r.ok || job.chatId === null) return;
  const { game, timeline } = r.value;
  const a = await scope.making.analysisOf(game, timeline);
  const t = await deps.textsOf.game(game.id);
  const { text, pictured } = analysisPost(t, game, a);
  const other = { parse_mode: "HTML" as const, ...replyTo(job.replyTo) };
  const sent = pictured.length
    ? await api.sendPhoto(
        job.chatId,
        new InputFile(
          await deps.renderDecisions(pictured.map((d) => decisionBoards(game, d))),
          `analysis-${game.id}.png`,
        ),
        { caption: text, ...other },
      )
    : await api.sendMessage(job.chatId, text, other);
  for (const [k, p] of posted) if (now(deps) - p.at >= REPOST_AFTER_MS) posted.delete(k);
  posted.set(`${game.id}:${job.chatId}`, { messageId: sent.message_id, at: now(deps) });
}
