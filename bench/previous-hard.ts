import { Evaluator, stockEvaluator } from "../src/ai/evaluate.js";
import { lookAhead, scorePlays } from "../src/ai/search.js";
import { outcomeValues } from "../src/ai/values.js";
import { legalPlays, type Play } from "../src/engine/index.js";
import type { Agent } from "../tools/train/versus.js";

/**
 * Long nardy's hard level as it played before the bear-off table and the mean of the 0- and
 * 1-ply equities: the 0-ply leaders (the best 4 within 0.15) weighed by the 1-ply look-ahead
 * alone, on the same net valuing every race itself. `npm run bench:ai` plays today's hard
 * against it.
 */
export function previousLongHard(): Agent {
  const ev = new Evaluator("long", stockEvaluator("long").net, null, false);
  const values = outcomeValues("long", {});
  return (spec) => {
    const plays = legalPlays(spec);
    if (plays.length <= 1) return plays[0] ?? null;
    const top = scorePlays(ev, plays, values).sort((a, b) => b.equity - a.equity);
    const cut = top[0]!.equity - 0.15;
    let best: Play = top[0]!.play;
    let bestEq = Number.NEGATIVE_INFINITY;
    for (const s of top.slice(0, 4).filter((s, i) => i === 0 || s.equity >= cut)) {
      const eq = lookAhead(ev, spec, s.play, values).equity;
      if (eq > bestEq) {
        bestEq = eq;
        best = s.play;
      }
    }
    return best;
  };
}
