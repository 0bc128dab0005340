import { Composer, InputFile } from "grammy";
import type { BoardView } from "../../render/view.js";
import type {
  CubeDecision,
  Decision,
  GameAnalysis,
  GameView,
  Timeline,
} from "../../services/index.js";
import type { BotContext } from "../context.js";
import { analysisText, cubeDecisionCaption, decisionCaption } from "../ui/analysis-text.js";
import { diceView } from "../ui/board-view.js";
import { gameLabel } from "../ui/caption.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { openInPrivate } from "./review-private.js";
import { reviewRefusal } from "./review-refusal.js";

/**
 * A costly decision from its player's side: the board after the play made, that play marked
 * as the last move; and the board after the best play, marked as the turn's own steps.
 */
function decisionViews(g: GameView, d: Decision): [BoardView, BoardView] {
  const common = {
    variant: g.variant,
    perspective: d.color,
    dice: diceView(d.dice, []),
    cube: null,
    score: null,
  } as const;
  return [
    {
      ...common,
      board: d.after,
      toMove: null,
      lastMove: { color: d.color, steps: d.played },
      currentSteps: [],
    },
    { ...common, board: d.bestAfter, toMove: d.color, lastMove: null, currentSteps: d.best },
  ];
}

/** A cube or resignation decision: the position as it was, with the cube. */
const cubeView = (g: GameView, d: CubeDecision): BoardView => ({
  variant: g.variant,
  board: d.board,
  perspective: d.color,
  toMove: null,
  dice: null,
  cube: d.cube,
  score: null,
  lastMove: null,
  currentSteps: [],
});

type Asked =
  | { readonly kind: "refused" | "running"; readonly text: string }
  | { readonly kind: "started"; readonly text: string; readonly start: () => void }
  | { readonly kind: "stored"; readonly post: () => Promise<void> };

/** Where the report goes: a chat, under a message when there is one. */
interface Place {
  readonly chatId: number;
  readonly replyTo: number | null;
}

/**
 * 📊 Analysis: every checker play of a finished game weighed by the evaluator, off the update
 * path (a background job that yields after each turn), with a progress message edited in
 * place and turned into the report; the three costliest plays of each player follow as
 * pictures. The result is stored with the game: asked again, it is posted, not redone, and
 * a press while it runs joins the running one.
 */
export function analysisFeature(deps: FeatureDeps) {
  const { reviews, jobs, answers } = deps;
  const running = new Set<number>();
  const composer = new Composer<BotContext>();

  const post = async (ctx: BotContext, place: Place, game: GameView, a: GameAnalysis) => {
    const t = deps.textsFor(game.locale);
    const reply = place.replyTo
      ? { reply_parameters: { message_id: place.replyTo, allow_sending_without_reply: true } }
      : {};
    await ctx.api.sendMessage(place.chatId, analysisText(t, game, a), {
      parse_mode: "HTML",
      ...reply,
    });
    await pictures(ctx, place.chatId, t, game, a);
  };

  const pictures = async (
    ctx: BotContext,
    chatId: number,
    t: Tr,
    game: GameView,
    a: GameAnalysis,
  ) => {
    for (const d of [...a.white.costliest, ...a.black.costliest]) {
      const cube = d.kind === "cube";
      const png = cube
        ? await deps.renderBoard(cubeView(game, d))
        : await deps.renderDecision(...decisionViews(game, d));
      await ctx.api.sendPhoto(chatId, new InputFile(png, `decision-${d.turn}.png`), {
        caption: cube ? cubeDecisionCaption(t, game, d) : decisionCaption(t, game, d),
        parse_mode: "HTML",
      });
    }
  };

  const run = (ctx: BotContext, place: Place, game: GameView, timeline: Timeline) => {
    const t = deps.textsFor(game.locale);
    jobs.run("analysis", async () => {
      try {
        const label = gameLabel(t, game);
        const progressText = (percent: number) => t("analysis-progress", { game: label, percent });
        const reply = place.replyTo
          ? { reply_parameters: { message_id: place.replyTo, allow_sending_without_reply: true } }
          : {};
        const note = await ctx.api.sendMessage(place.chatId, progressText(0), reply);
        let shown = 0;
        const a = await deps.analyse(timeline, async (done, total) => {
          // Edited at each quarter: often enough to see it move, rarely enough for the limits.
          const percent = Math.floor((100 * done) / total / 25) * 25;
          if (percent > shown && percent < 100) {
            shown = percent;
            await ctx.api.editMessageText(place.chatId, note.message_id, progressText(percent));
          }
        });
        reviews.setAnalysis(game.id, a);
        await ctx.api.editMessageText(place.chatId, note.message_id, analysisText(t, game, a), {
          parse_mode: "HTML",
        });
        await pictures(ctx, place.chatId, t, game, a);
      } finally {
        running.delete(game.id);
      }
    });
  };

  /**
   * What asking for a game's analysis does: refused (the game is gone or not over), the
   * stored report posted, told it is running, or a new analysis started. The caller answers
   * first, then `act` posts or starts (a press is answered before any message goes out).
   */
  const decide = (ctx: BotContext, place: Place, gameId: number): Asked => {
    const r = reviews.finished(gameId);
    if (!r.ok) return { kind: "refused", text: reviewRefusal(ctx, r.error) };
    const { game, timeline } = r.value;
    const stored = reviews.analysis(gameId);
    if (stored) return { kind: "stored", post: () => post(ctx, place, game, stored) };
    if (running.has(gameId)) return { kind: "running", text: ctx.t("analysis-running") };
    // Marked as running now, so that a press right behind this one hears it is.
    running.add(gameId);
    return {
      kind: "started",
      text: ctx.t("analysis-making"),
      start: () => run(ctx, place, game, timeline),
    };
  };

  /** The 📊 button under a finished board or in /history; an inline game's, in private. */
  const press = async (ctx: BotContext, gameId: number): Promise<void> => {
    const m = ctx.callbackQuery?.message;
    if (!m) {
      await openInPrivate(deps, ctx, gameId, "a");
      return;
    }
    const d = decide(ctx, { chatId: m.chat.id, replyTo: m.message_id }, gameId);
    if (d.kind === "stored") {
      await answers.answer(ctx);
      await d.post();
      return;
    }
    try {
      await answers.answer(ctx, d.text, d.kind === "refused");
    } finally {
      // Marked running: it must run (and unmark) even if the answer failed.
      if (d.kind === "started") d.start();
    }
  };

  /** Posts (or starts) the game's analysis in the chat of a message asking for it. */
  const ask = async (ctx: BotContext, place: Place, gameId: number): Promise<void> => {
    // Started: the progress message that follows says so.
    const d = decide(ctx, place, gameId);
    if (d.kind === "stored") await d.post();
    else if (d.kind === "started") d.start();
    else await ctx.reply(d.text);
  };

  composer.command("analysis", async (ctx) => {
    const last = reviews.history(ctx.chat.id, 1)[0];
    if (!last) {
      await ctx.reply(ctx.t("analysis-none"));
      return;
    }
    await ask(ctx, { chatId: ctx.chat.id, replyTo: ctx.msg.message_id }, last.id);
  });

  return { composer, press, ask };
}
