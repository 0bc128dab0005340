import { describe, expect, it } from "vitest";
import { loadEquityCases } from "../../bench/testkit/gnubg-equities.js";
import {
  type RankedPlay,
  REVIEWED_LOSSES,
  rankPlays,
  reviewPlays,
  THIRD_LOOK,
} from "../../src/ai/analyse.js";
import { stockEvaluator } from "../../src/ai/evaluate.js";
import { lookAhead, lookTwoAhead } from "../../src/ai/search.js";
import { outcomeValues } from "../../src/ai/values.js";
import { decodePositionId, defaultRules, type TurnSpec } from "../../src/engine/index.js";
import { sampled } from "../helpers/samples.js";

const key = (r: RankedPlay) => `${r.play.me.join()}|${r.play.opp.join()}`;

// Positions of gnubg's self-play games with a choice of up to 20 plays; `npm test` takes the
// first six (a two-rolls-ahead look weighs some 16,000 positions).
const specs: TurnSpec[] = loadEquityCases(["a"])
  .filter((c) => c.plays.length <= 20)
  .slice(0, sampled(12, 6))
  .map((c) => {
    const pos = decodePositionId(c.pos)!;
    return {
      variant: "short",
      rules: defaultRules("short"),
      me: pos.onRoll,
      opp: pos.opponent,
      dice: c.dice,
    };
  });

describe("the analysis's second and third looks", () => {
  it("keeps 0-ply losses outside the reviewed range and takes the smallest look inside it", () => {
    const values = outcomeValues("short", { scoring: "mars" });
    const ev = stockEvaluator("short");
    const inRange = (loss: number) => loss >= REVIEWED_LOSSES.from && loss < REVIEWED_LOSSES.below;
    let lowered = 0;
    let reviewed = 0;
    let third = 0;
    for (const spec of specs) {
      const first = rankPlays(spec);
      const review = reviewPlays(spec);
      expect(review.map(key).sort()).toEqual(first.map(key).sort());
      // The best play stays first, at its own 0-ply equity.
      expect(key(review[0]!)).toBe(key(first[0]!));
      expect(review[0]!.equity).toBe(first[0]!.equity);
      const best = first[0]!.equity;
      const ahead = (r: RankedPlay) => lookAhead(ev, spec, r.play, values).equity;
      const twoAhead = (r: RankedPlay) => lookTwoAhead(ev, spec, r.play, values).equity;
      const bestAhead = Math.max(...first.slice(0, 3).map(ahead));
      const byKey = new Map(review.map((r) => [key(r), r.equity]));
      for (const r of first) {
        const loss0 = best - r.equity;
        if (!inRange(loss0)) {
          expect(byKey.get(key(r))).toBe(r.equity);
          continue;
        }
        reviewed++;
        let expected = Math.min(loss0, Math.max(0, bestAhead - ahead(r)));
        if (expected >= THIRD_LOOK.from && expected < THIRD_LOOK.below) {
          third++;
          expected = Math.min(expected, Math.max(0, twoAhead(first[0]!) - twoAhead(r)));
        }
        expect(best - byKey.get(key(r))!).toBeCloseTo(expected, 12);
        if (expected < loss0) lowered++;
      }
      // Best first, by the reviewed equity.
      for (let i = 1; i < review.length; i++)
        expect(review[i]!.equity).toBeLessThanOrEqual(review[i - 1]!.equity);
    }
    expect(reviewed).toBeGreaterThan(10);
    expect(third).toBeGreaterThan(2);
    expect(lowered).toBeGreaterThan(2);
  });

  it("looks again only at the plays asked for", () => {
    for (const spec of specs.slice(0, 8)) {
      const first = rankPlays(spec);
      expect(reviewPlays(spec, {}, () => false)).toEqual(first);
      const last = key(first.at(-1)!);
      const one = reviewPlays(spec, {}, (p) => `${p.me.join()}|${p.opp.join()}` === last);
      for (const r of one) {
        if (key(r) === last) continue;
        expect(r.equity).toBe(first.find((f) => key(f) === key(r))!.equity);
      }
    }
  });
});
