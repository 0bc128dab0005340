import { legalPlays, type Play, type TurnSpec } from "../engine/index.js";
import { type Evaluator, stockEvaluator } from "./evaluate.js";
import { lookAhead, scorePlays } from "./search.js";
import type { AiContext, Probs } from "./types.js";
import { outcomeValues } from "./values.js";

/**
 * How deep `rankPlays` looks: 0 = the evaluator on each play; 1 = also the opponent's 21
 * replies to every play; "refined" = 0-ply, then the close candidates at the mean of their 0-
 * and 1-ply equities (the look-ahead's swing and the net's own error partly cancel out).
 */
export type Depth = 0 | 1 | "refined";

/** The analysis's depth: the `analyse` op and the game analysis rank plays with it. */
export const ANALYSIS_DEPTH: Depth = "refined";

/** "refined": the plays within `margin` of the 0-ply best, at most `keep`, look one roll ahead. */
const REFINE = { margin: 0.1, keep: 8 };

export interface RankedPlay {
  readonly play: Play;
  /** Outcome chances of the side that moved, right after the play. */
  readonly probs: Probs;
  /** Cubeless equity of the side that moved (money points per game, -3..3). */
  readonly equity: number;
}

/** Every legal play of the roll, best first, by cubeless money equity. */
export function rankPlays(
  spec: TurnSpec,
  ctx: Pick<AiContext, "scoring"> = {},
  depth: Depth = 0,
  ev: Evaluator = stockEvaluator(spec.variant),
): RankedPlay[] {
  const values = outcomeValues(spec.variant, { scoring: ctx.scoring ?? "mars" });
  const plays = legalPlays(spec);
  const ranked: RankedPlay[] = scorePlays(ev, plays, values).sort((a, b) => b.equity - a.equity);
  if (depth === 0 || ranked.length === 0) return ranked;
  if (depth === 1)
    return ranked
      .map((s) => ({ play: s.play, ...lookAhead(ev, spec, s.play, values) }))
      .sort((a, b) => b.equity - a.equity);
  const cut = ranked[0]!.equity - REFINE.margin;
  return ranked
    .map((s, i) => {
      if (i >= REFINE.keep || s.equity < cut) return s;
      const ahead = lookAhead(ev, spec, s.play, values);
      return {
        play: s.play,
        probs: mean(s.probs, ahead.probs),
        equity: (s.equity + ahead.equity) / 2,
      };
    })
    .sort((a, b) => b.equity - a.equity);
}

const mean = (a: Probs, b: Probs): Probs => ({
  win: (a.win + b.win) / 2,
  winG: (a.winG + b.winG) / 2,
  winBG: (a.winBG + b.winBG) / 2,
  loseG: (a.loseG + b.loseG) / 2,
  loseBG: (a.loseBG + b.loseBG) / 2,
});
