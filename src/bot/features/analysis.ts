import { Composer, InputFile } from "grammy";
import type { DecisionBoards } from "../../render/decision.js";
import type { GameAnalysis, GameView, Timeline } from "../../services/index.js";
import type { BotContext } from "../context.js";
import { answerGate, type Queued } from "../review-queue.js";
import { analysisPost, type CostlyDecision } from "../ui/analysis-text.js";
import { diceView } from "../ui/board-view.js";
import { queuedText } from "../ui/queue-text.js";
import type { FeatureDeps } from "./deps.js";
import { withinLimit } from "./limited.js";
import { replyTo } from "./reply-to.js";
import { openInPrivate } from "./review-private.js";
import { reviewRefusal } from "./review-refusal.js";

/** How long a posted analysis is pointed to instead of being posted again in its chat. */
export const REPOST_AFTER_MS = 3_600_000;

/**
 * A costly decision's boards from its player's side. A checker play: the board after the
 * play made, marked as the last move, and after the best play, marked as the turn's own
 * steps. A cube or resignation decision: the position as it was, with the cube.
 */
function decisionBoards(g: GameView, d: CostlyDecision): DecisionBoards {
  const common = { variant: g.variant, perspective: d.color, score: null } as const;
  if (d.kind === "cube")
    return [
      {
        ...common,
        board: d.board,
        toMove: null,
        dice: null,
        cube: d.cube,
        lastMove: null,
        currentSteps: [],
      },
    ];
  const dice = diceView(d.dice, []);
  return [
    {
      ...common,
      board: d.after,
      toMove: null,
      dice,
      cube: null,
      lastMove: { color: d.color, steps: d.played },
      currentSteps: [],
    },
    {
      ...common,
      board: d.bestAfter,
      toMove: d.color,
      dice,
      cube: null,
      lastMove: null,
      currentSteps: d.best,
    },
  ];
}

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

/**
 * 📊 Analysis: every decision of a finished game weighed by the evaluator, in the review
 * queue (a fixed number at a time, each in a worker thread in the running bot), and posted as
 * one message: a picture of the costliest decisions with the report as its caption. The
 * analysis is stored with the game: asked again, it is posted, not redone; asked again in the
 * same chat within the hour, the earlier post is pointed to. A press while it waits or runs
 * shares it.
 */
export function analysisFeature(deps: FeatureDeps) {
  const { reviews, answers, analyses } = deps;
  const composer = new Composer<BotContext>();
  const now = () => deps.service.config.now();
  /** Analyses being made, by game: two chats asking for one game share the work. */
  const making = new Map<number, Promise<GameAnalysis>>();
  /** What was posted where ("game:chat"), and when. */
  const posted = new Map<string, { readonly messageId: number; readonly at: number }>();

  const analysisOf = (game: GameView, timeline: Timeline): Promise<GameAnalysis> => {
    const stored = reviews.analysis(game.id);
    if (stored) return Promise.resolve(stored);
    let p = making.get(game.id);
    if (!p) {
      p = deps.analyse(timeline).then((a) => {
        reviews.setAnalysis(game.id, a);
        return a;
      });
      making.set(game.id, p);
      void p.finally(() => making.delete(game.id)).catch(() => {});
    }
    return p;
  };

  const post = async (ctx: BotContext, place: Place, game: GameView, timeline: Timeline) => {
    const a = await analysisOf(game, timeline);
    const t = deps.textsFor(game.locale);
    const { text, pictured } = analysisPost(t, game, a);
    const other = { parse_mode: "HTML" as const, ...replyTo(place.replyTo) };
    const sent = pictured.length
      ? await ctx.api.sendPhoto(
          place.chatId,
          new InputFile(
            await deps.renderDecisions(pictured.map((d) => decisionBoards(game, d))),
            `analysis-${game.id}.png`,
          ),
          { caption: text, ...other },
        )
      : await ctx.api.sendMessage(place.chatId, text, other);
    for (const [k, p] of posted) if (now() - p.at >= REPOST_AFTER_MS) posted.delete(k);
    posted.set(`${game.id}:${place.chatId}`, { messageId: sent.message_id, at: now() });
  };

  /**
   * What asking for a game's analysis does: refused (the game is gone or not over), the
   * earlier post pointed to, or the posting queued (or joined, or refused by the queue). The
   * post waits for `answered`: a press is answered before any message goes out.
   */
  const request = (
    ctx: BotContext,
    place: Place,
    gameId: number,
    answered: Promise<void>,
  ): Asked => {
    const r = reviews.finished(gameId);
    if (!r.ok) return { kind: "refused", text: reviewRefusal(ctx, r.error) };
    const { game, timeline } = r.value;
    const before = posted.get(`${gameId}:${place.chatId}`);
    const since = before ? now() - before.at : Number.POSITIVE_INFINITY;
    if (before && since < REPOST_AFTER_MS)
      return {
        kind: "posted",
        messageId: before.messageId,
        minutes: Math.max(1, Math.round(since / 60_000)),
      };
    const queued = analyses.ask(
      `${gameId}:${place.chatId}`,
      { userId: ctx.from!.id, chat: String(place.chatId) },
      async () => {
        await answered;
        await post(ctx, place, game, timeline);
      },
    );
    return { kind: "queued", queued, stored: reviews.analysis(gameId) !== null };
  };

  /** The answer to a press, or the reply to a command; null: nothing to say, it follows. */
  const answerText = (ctx: BotContext, asked: Asked): string | null => {
    if (asked.kind === "refused") return asked.text;
    if (asked.kind === "posted") return ctx.t("analysis-posted", { minutes: asked.minutes });
    return queuedText(ctx.t, asked.queued, {
      waiting: "analysis-queued",
      running: "analysis-running",
      started: asked.stored ? null : "analysis-making",
    });
  };

  /** The 📊 button under a finished board or in /history; an inline game's, in private. */
  const press = async (ctx: BotContext, gameId: number): Promise<void> => {
    const m = ctx.callbackQuery?.message;
    if (!m) {
      await openInPrivate(deps, ctx, gameId, "a");
      return;
    }
    const gate = answerGate();
    const place = { chatId: m.chat.id, replyTo: m.message_id };
    const asked = request(ctx, place, gameId, gate.passed);
    const alert =
      asked.kind === "refused" || (asked.kind === "queued" && asked.queued.kind === "refused");
    try {
      await answers.answer(ctx, answerText(ctx, asked) ?? undefined, alert);
    } finally {
      gate.open();
    }
  };

  /** Posts (or queues) the game's analysis in the chat of a message asking for it. */
  const ask = async (ctx: BotContext, place: Place, gameId: number): Promise<void> => {
    const asked = request(ctx, place, gameId, Promise.resolve());
    if (asked.kind === "posted") {
      // A reply to the earlier post: its quote leads there.
      await ctx.reply(ctx.t("analysis-posted-above"), replyTo(asked.messageId));
      return;
    }
    const text = answerText(ctx, asked);
    // Started now: the post itself follows in a moment.
    if (text !== null && !(asked.kind === "queued" && asked.queued.kind === "started"))
      await ctx.reply(text);
  };

  composer.command("analysis", async (ctx) => {
    if (!(await withinLimit(ctx, deps.limits.analysis, "limit-command"))) return;
    const last = reviews.history(ctx.chat.id, 1)[0];
    if (!last) {
      await ctx.reply(ctx.t("analysis-none"));
      return;
    }
    await ask(ctx, { chatId: ctx.chat.id, replyTo: ctx.msg.message_id }, last.id);
  });

  return { composer, press, ask };
}
