import { legalPlays, type Play, type TurnSpec } from "../engine/index.js";
import { type Evaluator, stockEvaluator } from "./evaluate.js";
import { lookAhead, lookTwoAhead, type Scored, scorePlays } from "./search.js";
import type { AiContext, Level } from "./types.js";
import { type OutcomeValues, outcomeValues } from "./values.js";

/**
 * Hard and expert: how many 0-ply leaders get the 1-ply look-ahead, and how far behind they
 * may be. Expert looks at more of them, so a play the 0-ply net misjudges is still found.
 */
const PRUNE = {
  hard: { short: { keep: 6, margin: 0.2 }, long: { keep: 4, margin: 0.15 } },
  expert: { short: { keep: 10, margin: 0.3 }, long: { keep: 8, margin: 0.25 } },
};

/**
 * Long nardy's hard and expert: the plays the first look leaves within `window` of its best
 * (at most `keep`) are weighed two rolls ahead, which decides. Close calls only: weighing every
 * leader so took the median decision over 200 ms for the same strength (docs/benchmarks.md).
 */
const TWO_ROLLS = { window: 0.05, keep: 3 };

/**
 * Easy level: the spread of the noise added to each play's equity. At 0.15 it still beats
 * the pip-count player in about 2 games of 3 (medium: ~9 of 10); 0.25 plays almost at random.
 */
const EASY_NOISE = 0.15;

/** Standard normal deviate from a uniform source (Box-Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * The strong player's play for the roll in `spec`: easy = 0-ply with noise, medium = 0-ply,
 * hard and expert = 0-ply to prune then the opponent's 21 replies (short expert: that look
 * alone; otherwise the mean of the two equities), and in long nardy two rolls ahead for the
 * close calls. Null when the turn passes.
 */
export function strongPlay(
  spec: TurnSpec,
  ctx: AiContext,
  level: Level,
  ev: Evaluator = stockEvaluator(spec.variant),
): Play | null {
  const plays = legalPlays(spec);
  if (plays.length <= 1) return plays[0] ?? null;
  const values = outcomeValues(spec.variant, ctx);
  const scored = scorePlays(ev, plays, values);
  if (level === "easy") {
    const random = ctx.random ?? Math.random;
    return best(scored.map((s) => ({ ...s, equity: s.equity + EASY_NOISE * gaussian(random) })));
  }
  if (level === "medium") return best(scored);
  const { keep, margin } = PRUNE[level][spec.variant];
  const top = [...scored].sort((a, b) => b.equity - a.equity);
  const cut = top[0]!.equity - margin;
  const candidates = top.slice(0, keep).filter((s, i) => i === 0 || s.equity >= cut);
  if (candidates.length === 1) return candidates[0]!.play;
  if (level === "expert" && spec.variant === "short")
    return best(candidates.map((s) => ({ ...s, ...lookAhead(ev, spec, s.play, values) })));
  // The mean of the 0- and 1-ply equities, which won more often against GNU Backgammon than
  // the look-ahead alone (docs/benchmarks.md, the levels' figures).
  const ahead = (s: Scored) => lookAhead(ev, spec, s.play, values).equity;
  const rated = candidates.map((s) => ({ ...s, equity: (s.equity + ahead(s)) / 2 }));
  return spec.variant === "short" ? best(rated) : closeCallsTwoAhead(ev, spec, values, rated);
}

/** Of the close leaders of `rated`, the play best two rolls ahead (TWO_ROLLS). */
function closeCallsTwoAhead(
  ev: Evaluator,
  spec: TurnSpec,
  values: OutcomeValues,
  rated: readonly Scored[],
): Play {
  const top = [...rated].sort((a, b) => b.equity - a.equity);
  const floor = top[0]!.equity - TWO_ROLLS.window;
  const close = top.slice(0, TWO_ROLLS.keep).filter((s) => s.equity >= floor);
  if (close.length === 1) return close[0]!.play;
  return best(close.map((s) => ({ ...s, ...lookTwoAhead(ev, spec, s.play, values) })));
}

function best(scored: readonly Scored[]): Play {
  let top = scored[0]!;
  for (const s of scored) if (s.equity > top.equity) top = s;
  return top.play;
}
