import { legalPlays, type Play, type TurnSpec } from "../engine/index.js";
import { type Evaluator, stockEvaluator } from "./evaluate.js";
import { lookAhead, lookTwoAhead, scorePlays } from "./search.js";
import type { AiContext, Probs } from "./types.js";
import { outcomeValues } from "./values.js";

/** How deep `rankPlays` looks: 0 = the evaluator on each play, 1 = also the opponent's replies. */
export type Depth = 0 | 1;

export interface RankedPlay {
  readonly play: Play;
  /** Outcome chances of the side that moved, right after the play (0-ply in a review). */
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

/**
 * 0-ply losses in this range are looked at again one roll ahead: from the error mark of
 * docs/rules.md ("Game analysis") to twice the blunder mark. Beyond it a play is a blunder at
 * either depth; below it, no error is called.
 */
export const REVIEWED_LOSSES = { from: 0.04, below: 0.16 } as const;
/**
 * Losses after the second look in this range, an error but not a blunder, are looked at a
 * third time, two rolls ahead. Wider, it costs more time than it clears false errors.
 */
export const THIRD_LOOK = { from: 0.04, below: 0.08 } as const;
/** The plays whose one-roll-ahead equity sets the best one for a second look. */
const REFERENCE_PLAYS = 3;

/**
 * Every legal play, best first, for an analysis: a play's loss is its 0-ply loss; when that
 * is in REVIEWED_LOSSES, the smaller of it and its loss one roll ahead (against the best of
 * the 0-ply leaders there); and when that is in THIRD_LOOK, the smaller of it and its loss
 * two rolls ahead (against the 0-ply best there). An error is called only when every look
 * sees one; each look alone calls near-best plays errors more often than they do together
 * (docs/rules.md). `equity` is the 0-ply best's equity less that loss. `review` picks the
 * plays that may be looked at again (all by default; the game analysis asks only for the
 * play made).
 */
export function reviewPlays(
  spec: TurnSpec,
  ctx: Pick<AiContext, "scoring"> = {},
  review: (play: Play) => boolean = () => true,
  ev: Evaluator = stockEvaluator(spec.variant),
): RankedPlay[] {
  const ranked = rankPlays(spec, ctx, 0, ev);
  const best = ranked[0]?.equity ?? 0;
  const inRange = (loss: number) => loss >= REVIEWED_LOSSES.from && loss < REVIEWED_LOSSES.below;
  const second = ranked.filter((r) => inRange(best - r.equity) && review(r.play));
  if (second.length === 0) return ranked;
  const values = outcomeValues(spec.variant, { scoring: ctx.scoring ?? "mars" });
  // A leader may be looked at twice, as a reference and as a play under review: once.
  const seen = new Map<RankedPlay, number>();
  const ahead = (r: RankedPlay): number => {
    let e = seen.get(r);
    if (e === undefined) {
      e = lookAhead(ev, spec, r.play, values).equity;
      seen.set(r, e);
    }
    return e;
  };
  const bestAhead = Math.max(...ranked.slice(0, REFERENCE_PLAYS).map(ahead));
  let bestTwoAhead: number | undefined;
  const loss = (r: RankedPlay): number => {
    const twoLooks = Math.min(best - r.equity, Math.max(0, bestAhead - ahead(r)));
    if (twoLooks < THIRD_LOOK.from || twoLooks >= THIRD_LOOK.below) return twoLooks;
    bestTwoAhead ??= lookTwoAhead(ev, spec, ranked[0]!.play, values).equity;
    const third = Math.max(0, bestTwoAhead - lookTwoAhead(ev, spec, r.play, values).equity);
    return Math.min(twoLooks, third);
  };
  const reviewed = new Map(second.map((r) => [r, { ...r, equity: best - loss(r) }] as const));
  // Stable: a play reviewed up to the best's equity stays behind the best.
  return ranked.map((r) => reviewed.get(r) ?? r).sort((a, b) => b.equity - a.equity);
}
