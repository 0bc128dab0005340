import {
  BLUNDER_LOSS,
  type CubeDecision,
  type Decision,
  ERROR_LOSS,
  type GameAnalysis,
  type GameReviews,
  turnsOf,
} from "../services/index.js";
import { Recent } from "./limits.js";
import type { MarkLevel, PageMark, PageReview, PageTurn } from "./protocol.js";

/** Finished games whose turns were worked out lately (replaying a game is the costly part). */
const KEPT = 64;

const levelOf = (loss: number): MarkLevel =>
  loss >= BLUNDER_LOSS ? "blunder" : loss >= ERROR_LOSS ? "error" : "inaccuracy";

function markOf(d: Decision | CubeDecision): PageMark {
  const common = { turn: d.turn, color: d.color, level: levelOf(d.loss), loss: d.loss };
  if (d.kind === "cube")
    return { ...common, kind: "cube", action: d.action, bestAction: d.bestAction };
  return {
    ...common,
    kind: "play",
    dice: d.dice,
    after: d.after,
    bestAfter: d.bestAfter,
    played: d.played,
    best: d.best,
    playedMoves: d.playedMoves,
    bestMoves: d.bestMoves,
  };
}

/** The stored analysis's costly decisions, in the order of the game. */
export const marksOf = (a: GameAnalysis): PageMark[] =>
  [...a.white.costliest, ...a.black.costliest].map(markOf).sort((x, y) => x.turn - y.turn);

/**
 * Finished games move by move for the page: the turns come from the game's events (kept for
 * the games asked about lately: a finished game never changes), the marks from its stored
 * analysis, read each time (it may be made at any moment).
 */
export class Reviews {
  private readonly turns = new Recent<number, Omit<PageReview, "marks">>(KEPT);

  constructor(private readonly reviews: GameReviews) {}

  /** The game's review, or null when it is not a finished game. */
  async of(gameId: number): Promise<PageReview | null> {
    let played = this.turns.get(gameId);
    if (!played) {
      const r = await this.reviews.finished(gameId);
      if (!r.ok) return null;
      const turns: PageTurn[] = turnsOf(r.value.timeline).map((t) => ({
        color: t.color,
        dice: t.dice,
        steps: t.steps,
        board: t.after.board,
        cube: t.after.cube,
      }));
      const { start } = r.value.timeline;
      played = { start: start.board, startCube: start.cube, turns };
      this.turns.set(gameId, played);
    }
    const analysis = await this.reviews.analysis(gameId);
    return { ...played, marks: analysis ? marksOf(analysis) : null };
  }
}
