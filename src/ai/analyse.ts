import { legalPlays, type Play, type TurnSpec } from "../engine/index.js";
import { type Evaluator, stockEvaluator } from "./evaluate.js";
import { lookAhead, scorePlays } from "./search.js";
import type { AiContext, Probs } from "./types.js";
import { outcomeValues } from "./values.js";

/** How deep `rankPlays` looks: 0 = the evaluator on each play, 1 = also the opponent's replies. */
export type Depth = 0 | 1;

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
  let ranked: RankedPlay[] = scorePlays(ev, plays, values);
  if (depth === 1)
    ranked = ranked.map((s) => ({ play: s.play, ...lookAhead(ev, spec, s.play, values) }));
  return ranked.sort((a, b) => b.equity - a.equity);
}
