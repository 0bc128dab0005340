import type { Side, Variant } from "../engine/index.js";
import { bearoffIndex, bearoffProbs, bearoffTable, inBearoffTable } from "./bearoff.js";
import { LONG_INPUTS, longFeatures } from "./features-long.js";
import {
  SHORT_CONTACT_INPUTS,
  SHORT_INPUTS,
  shortContact,
  shortFeatures,
} from "./features-short.js";
import { Net, type StoredNet } from "./net.js";
import { raceBackgammons } from "./race-backgammon.js";
import { hasRange } from "./sides.js";
import type { Probs } from "./types.js";
// JSON modules load without a warning from Node 20.19 and 22.12 on (package.json engines).
import longWeights from "./weights/long.json" with { type: "json" };
import shortWeights from "./weights/short.json" with { type: "json" };
import shortRaceWeights from "./weights/short-race.json" with { type: "json" };

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
    /** The bear-off table's exact races and the last-roll bound; off, the nets value them. */
    readonly exactRaces = true,
  ) {
    // A net reads the first `inputs` features, so both share the longer vector.
    this.x = new Float64Array(Math.max(net.inputs, raceNet?.inputs ?? 0));
    for (const n of [net, raceNet])
      if (n && !inputSizes(variant).includes(n.inputs))
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
    if (this.exactRaces && inBearoffTable(me) && inBearoffTable(opp)) return bearoffProbs(me, opp);
    this.features(me, opp, this.x);
    const apart = !meets(this.variant, me, opp);
    const race = this.raceNet && this.variant === "short" && apart;
    const y = (race ? this.raceNet! : this.net).forward(this.x);
    const probs = tidy(this.variant, me, opp, y, apart);
    // Not long nardy's koks: the winner's home blocks the way out, so it is no simple count.
    if (this.exactRaces && apart && this.variant === "short") raceBackgammons(probs, me, opp);
    if (this.exactRaces && apart && inBearoffTable(opp)) lastRollBound(probs, me, opp);
    return probs;
  }
}

export const inputsOf = (variant: Variant): number =>
  variant === "short" ? SHORT_INPUTS : LONG_INPUTS;

/** The input vectors a net of the variant may read. */
export const inputSizes = (variant: Variant): readonly number[] =>
  variant === "short" ? [SHORT_INPUTS, SHORT_CONTACT_INPUTS] : [LONG_INPUTS];

/** Whether my checkers can still hit or block the other side's (short: contact; long: its home). */
function meets(variant: Variant, me: Side, opp: Side): boolean {
  return variant === "short" ? shortContact(me, opp) : hasRange(me, 13, 18);
}

/**
 * `opp`, home with nothing of mine in its way, bears off on its next roll with the table's
 * chance q: then I lose, by a gammon with nothing off and a backgammon (short) or koks (long)
 * with a checker still in its home or on the bar. The net's chances are held to that.
 */
function lastRollBound(p: Probs, me: Side, opp: Side): void {
  const q = bearoffTable().off.chance(bearoffIndex(opp), 1);
  if (q === 0) return;
  p.win = Math.min(p.win, 1 - q);
  p.winG = Math.min(p.winG, p.win);
  p.winBG = Math.min(p.winBG, p.winG);
  if (me[0] === 0) p.loseG = Math.max(p.loseG, q);
  if (me[0] === 0 && hasRange(me, 19, 25)) p.loseBG = Math.max(p.loseBG, q);
  p.loseG = Math.min(p.loseG, 1 - p.win);
  p.loseBG = Math.min(p.loseBG, p.loseG);
}

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
function tidy(variant: Variant, me: Side, opp: Side, y: Float64Array, apart: boolean): Probs {
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
  } else if (apart) {
    // With no contact left, nobody can be sent back to the bar or into the other's home.
    if (!hasRange(opp, 19, 25)) winBG = 0;
    if (!hasRange(me, 19, 25)) loseBG = 0;
  }
  return { win, winG, winBG, loseG, loseBG };
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
    e =
      variant === "short"
        ? new Evaluator(variant, new Net(shortWeights as StoredNet), new Net(shortRaceWeights))
        : new Evaluator(variant, new Net(longWeights as StoredNet));
    stock[variant] = e;
  }
  return e;
}
