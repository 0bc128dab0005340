import type { Side, Variant } from "../engine/index.js";
import { bearoffProbs, inBearoffTable } from "./bearoff.js";
import { LONG_INPUTS, longFeatures } from "./features-long.js";
import { SHORT_INPUTS, shortContact, shortFeatures } from "./features-short.js";
import { Net, type StoredNet } from "./net.js";
import type { Probs } from "./types.js";
// JSON modules load without a warning from Node 20.19 and 22.12 on (package.json engines).
import longWeights from "./weights/long.json" with { type: "json" };
import shortWeights from "./weights/short.json" with { type: "json" };

type Features = (me: Side, opp: Side, x: Float64Array) => void;

/**
 * A net and the features it reads: evaluates the position right after `me` moved. Short
 * nardy may have a second net for races (no contact left), where the chances hang on pips
 * and wastage and a net of its own learns them far better. Once both sides are in their home
 * boards the one-sided bear-off table (bearoff.ts) answers exactly instead of a net.
 */
export class Evaluator {
  readonly x: Float64Array;

  constructor(
    readonly variant: Variant,
    readonly net: Net,
    readonly raceNet: Net | null = null,
  ) {
    this.x = new Float64Array(net.inputs);
    for (const n of [net, raceNet])
      if (n && n.inputs !== inputsOf(variant))
        throw new Error(`${variant} net has the wrong inputs`);
  }

  get features(): Features {
    return this.variant === "short" ? shortFeatures : longFeatures;
  }

  /** Outcome probabilities for `me`, who just moved; `opp` rolls next. */
  evaluate(me: Side, opp: Side): Probs {
    const done = finished(this.variant, me, opp);
    if (done) return done;
    // Both sides home: the race is exact from the bear-off table. Neither game lets the sides
    // meet again then (long nardy's homes are half a board apart, so no block can form).
    if (inBearoffTable(me) && inBearoffTable(opp)) return bearoffProbs(me, opp);
    this.features(me, opp, this.x);
    const race = this.raceNet && !shortContact(me, opp);
    const y = (race ? this.raceNet! : this.net).forward(this.x);
    return tidy(this.variant, me, opp, y);
  }
}

export const inputsOf = (variant: Variant): number =>
  variant === "short" ? SHORT_INPUTS : LONG_INPUTS;

/** The exact result once a side has borne off all 15, else null. */
export function finished(variant: Variant, me: Side, opp: Side): Probs | null {
  if (me[0] === 15) {
    const [g, bg] = gammonOf(variant, opp);
    return { win: 1, winG: g, winBG: bg, loseG: 0, loseBG: 0 };
  }
  if (opp[0] === 15) {
    const [g, bg] = gammonOf(variant, me);
    return { win: 0, winG: 0, winBG: 0, loseG: g, loseBG: bg };
  }
  return null;
}

/** Whether the loser's side is a gammon/mars, and a backgammon/koks. */
function gammonOf(variant: Variant, loser: Side): [number, number] {
  if (loser[0]! > 0) return [0, 0];
  const lo = 19;
  const hi = variant === "short" ? 25 : 24;
  for (let p = lo; p <= hi; p++) if (loser[p]! > 0) return [1, 1];
  return [1, 0];
}

/** Cumulative order, and the impossible gammons set to zero. */
function tidy(variant: Variant, me: Side, opp: Side, y: Float64Array): Probs {
  const win = y[0]!;
  let winG = Math.min(y[1]!, win);
  let winBG = Math.min(y[2]!, winG);
  let loseG = Math.min(y[3]!, 1 - win);
  let loseBG = Math.min(y[4]!, loseG);
  if (opp[0]! > 0) winG = winBG = 0;
  if (me[0]! > 0) loseG = loseBG = 0;
  if (variant === "long") {
    // A koks needs a checker still in the loser's first quarter, which nobody re-enters.
    if (!hasRange(opp, 19, 24)) winBG = 0;
    if (!hasRange(me, 19, 24)) loseBG = 0;
  }
  return { win, winG, winBG, loseG, loseBG };
}

function hasRange(side: Side, lo: number, hi: number): boolean {
  for (let p = lo; p <= hi; p++) if (side[p]! > 0) return true;
  return false;
}

/** The same outcome seen by the other side. */
export const flip = (p: Probs): Probs => ({
  win: 1 - p.win,
  winG: p.loseG,
  winBG: p.loseBG,
  loseG: p.winG,
  loseBG: p.winBG,
});

const stock: Partial<Record<Variant, Evaluator>> = {};

/** The trained evaluator shipped in src/ai/weights. */
export function stockEvaluator(variant: Variant): Evaluator {
  let e = stock[variant];
  if (!e) {
    const stored = (variant === "short" ? shortWeights : longWeights) as StoredNet;
    e = new Evaluator(variant, new Net(stored));
    stock[variant] = e;
  }
  return e;
}
