import { legalPlays, type Play, pipCount, type Side, type TurnSpec } from "../engine/index.js";
import { shortContact } from "./features-short.js";
import type { CubeAnswer } from "./types.js";

/**
 * The pip-count player, the baseline of docs/rules.md ("The computer opponent's baseline"),
 * after the computer opponent of a Ukrainian app with the cube. Its cube follows the 8-9-12
 * racing rule on the pip counts; that app names no checker rule, so ours is the simple greedy
 * one below, scored on the position each play leaves (ties: the first play listed):
 * - short nardy: bear off the most; then hit the most; then hold the most made points;
 *   then, while the armies still meet, leave the fewest blots;
 * - long nardy (no hitting, same idea): bear off the most; then bring the most checkers
 *   home; then hold the most points (spreading blocks the opponent and keeps dice playable).
 */
export function pipcountPlay(spec: TurnSpec): Play | null {
  const plays = legalPlays(spec);
  let best: Play | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const play of plays) {
    const score = spec.variant === "short" ? shortScore(spec, play) : longScore(play);
    if (score > bestScore) {
      best = play;
      bestScore = score;
    }
  }
  return best;
}

function shortScore(spec: TurnSpec, play: Play): number {
  const hits = play.opp[25]! - spec.opp[25]!;
  let made = 0;
  let blots = 0;
  for (let p = 1; p <= 24; p++) {
    const n = play.me[p]!;
    if (n >= 2) made++;
    else if (n === 1) blots++;
  }
  if (!shortContact(play.me, play.opp)) blots = 0;
  return 1000 * play.me[0]! + 100 * hits + 10 * made - blots;
}

function longScore(play: Play): number {
  let home = 0;
  let held = 0;
  for (let p = 1; p <= 24; p++) {
    const n = play.me[p]!;
    if (p <= 6) home += n;
    if (n > 0) held++;
  }
  return 1000 * play.me[0]! + 20 * home + held;
}

/** The 8-9-12 rule's thresholds, in percent of the trailer's pip count (exact in integers). */
const PIP_RULE = { double: 8, redouble: 9, take: 12 };

/**
 * The cube by the pip counts, for `me` on roll before rolling: double when my count is at
 * least 8% below the opponent's (9% when the cube is already mine, a redouble); the
 * opponent takes while my lead is at most 12% of its own count.
 */
export function pipcountCube(me: Side, opp: Side, redouble: boolean): CubeAnswer {
  const mine = pipCount(me);
  const theirs = pipCount(opp);
  const lead = theirs - mine;
  const need = redouble ? PIP_RULE.redouble : PIP_RULE.double;
  return {
    double: 100 * lead >= need * theirs,
    take: 100 * lead <= PIP_RULE.take * theirs,
  };
}
