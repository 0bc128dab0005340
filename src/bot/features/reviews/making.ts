import type { ReviewJobKind } from "../../../db/telegram/review-jobs.js";
import type { RenderReplay } from "../../../render/replay.js";
import type {
  Analyse,
  GameAnalysis,
  GameReviews,
  GameView,
  Timeline,
} from "../../../services/index.js";
import type { Make } from "../../review-makers.js";
import { replayFrames } from "./replay-frames.js";

/** What making reviews needs: no Telegram, so a standby process makes them too. */
export interface MakingDeps {
  readonly reviews: GameReviews;
  readonly analyse: Analyse;
  readonly renderReplay: RenderReplay;
}

/** Each kind's work, shared by asks for the same game made at once in this process. */
export interface Making {
  readonly make: Readonly<Record<ReviewJobKind, Make>>;
  /** The game's analysis: stored, being made here, or made now and stored. */
  analysisOf(game: GameView, timeline: Timeline): Promise<GameAnalysis>;
  /** The game's animation, drawn now or by the job already drawing it. */
  draw(game: GameView, timeline: Timeline): Promise<Buffer>;
}

/**
 * The heavy half of 📊 and 🎞: an analysis is made and stored with its game (its post is
 * written where it goes, in that place's language); a replay's animation is drawn, unless
 * Telegram already holds it by a file id.
 */
export function reviewMaking(deps: MakingDeps): Making {
  const analysing = new Map<number, Promise<GameAnalysis>>();
  const drawing = new Map<number, Promise<Buffer>>();
  const shared = <T>(at: Map<number, Promise<T>>, id: number, start: () => Promise<T>) => {
    let p = at.get(id);
    if (!p) {
      p = start();
      at.set(id, p);
      void p.finally(() => at.delete(id)).catch(() => {});
    }
    return p;
  };
  const analysisOf = async (game: GameView, timeline: Timeline) =>
    (await deps.reviews.analysis(game.id)) ??
    shared(analysing, game.id, async () => {
      const a = await deps.analyse(timeline);
      await deps.reviews.setAnalysis(game.id, a);
      return a;
    });
  const draw = (game: GameView, timeline: Timeline) =>
    shared(drawing, game.id, () => deps.renderReplay(replayFrames(game, timeline)));
  return {
    analysisOf,
    draw,
    make: {
      analysis: async (job) => {
        const r = await deps.reviews.finished(job.gameId);
        if (r.ok) await analysisOf(r.value.game, r.value.timeline);
        return null;
      },
      replay: async (job) => {
        if ((await deps.reviews.replayFileId(job.gameId)) !== null) return null;
        const r = await deps.reviews.finished(job.gameId);
        return r.ok ? draw(r.value.game, r.value.timeline) : null;
      },
    },
  };
}
