import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { type RankedPlay, reviewPlays } from "../../src/ai/analyse.js";
import {
  decodePositionId,
  defaultRules,
  encodePositionId,
  type Play,
  type TurnSpec,
} from "../../src/engine/index.js";
import { GNUBG_FIXTURES } from "./vectors.js";

/** One position of short-gnubg-equities*.jsonl.gz: gnubg's 0-ply equity of every legal play. */
export interface EquityCase {
  pos: string;
  dice: [number, number];
  plays: { after: string; equity: number }[];
}

/**
 * The stored samples of 400 positions: "a" (the first), "b" (halfway between a's), "c" (a
 * quarter of the way) and "d" (three quarters), each a check of rules chosen on the ones
 * before it.
 */
export type EquitySample = "a" | "b" | "c" | "d";

export const EQUITY_SAMPLES: readonly EquitySample[] = ["a", "b", "c", "d"];

export function loadEquityCases(samples: readonly EquitySample[] = EQUITY_SAMPLES): EquityCase[] {
  return samples.flatMap((s) => readEquityFile(s === "a" ? "" : `-${s}`));
}

function readEquityFile(suffix: string): EquityCase[] {
  const file = path.join(GNUBG_FIXTURES, `short-gnubg-equities${suffix}.jsonl.gz`);
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as EquityCase);
}

/** Equity lost by a play against the best of its roll: gnubg's figure and ours. */
export interface LossPair {
  readonly gnubg: number;
  readonly ours: number;
}

/**
 * Every play of every case, with both losses (cubeless money equity, the mover's side); ours
 * as the analysis measures them (`reviewPlays`) unless `rank` says otherwise. `rank` may skip
 * the looks ahead at plays `counted` rejects: `agreement` counts only gnubg's near-best plays
 * and its mistakes, and a play's reviewed loss does not depend on which others are reviewed.
 */
export function lossPairs(
  cases: readonly EquityCase[],
  rank: (spec: TurnSpec, counted: (play: Play) => boolean) => RankedPlay[] = (spec, counted) =>
    reviewPlays(spec, {}, counted),
): LossPair[] {
  const rules = defaultRules("short");
  const out: LossPair[] = [];
  for (const c of cases) {
    const pos = decodePositionId(c.pos);
    if (!pos) throw new Error(`bad position ${c.pos}`);
    const spec: TurnSpec = {
      variant: "short",
      rules,
      me: pos.onRoll,
      opp: pos.opponent,
      dice: c.dice,
    };
    const gBest = Math.max(...c.plays.map((p) => p.equity));
    const gLoss = new Map(c.plays.map((p) => [p.after, gBest - p.equity]));
    const counted = (play: Play) => {
      const g = gLoss.get(encodePositionId(play.me, play.opp));
      return g !== undefined && (g <= NEAR_BEST || g >= MISTAKE);
    };
    const ours = new Map<string, number>();
    for (const r of rank(spec, counted))
      ours.set(encodePositionId(r.play.me, r.play.opp), r.equity);
    const oBest = Math.max(...ours.values());
    for (const p of c.plays) {
      const mine = ours.get(p.after);
      if (mine === undefined) throw new Error(`${c.pos} ${c.dice}: no play leads to ${p.after}`);
      out.push({ gnubg: gLoss.get(p.after)!, ours: oBest - mine });
    }
  }
  return out;
}

/** gnubg's near-best plays (within this of its best) and its mistakes (this much or more). */
const NEAR_BEST = 0.02;
const MISTAKE = 0.08;

/** An error is a play losing at least this much (docs/rules.md, "Analysis"). */
export const ERROR_LOSS = 0.04;

/**
 * How our losses agree with gnubg's: of the plays gnubg rates 0.08 or more worse than its best,
 * the share we flag as errors; of those within 0.02 of its best, the share we call errors.
 */
export function agreement(pairs: readonly LossPair[]) {
  const big = pairs.filter((p) => p.gnubg >= MISTAKE);
  const close = pairs.filter((p) => p.gnubg <= NEAR_BEST);
  return {
    plays: pairs.length,
    bigMisses: big.length,
    flaggedShare: big.filter((p) => p.ours >= ERROR_LOSS).length / big.length,
    closePlays: close.length,
    falseErrorShare: close.filter((p) => p.ours >= ERROR_LOSS).length / close.length,
  };
}
