import type { Scoring, Variant } from "../engine/index.js";
import { matchEquity } from "./met.js";
import type { AiContext, MatchScore, Probs } from "./types.js";

/**
 * What each outcome is worth to me: `win[k]` / `lose[k]` for a single, a gammon (mars) and a
 * backgammon (koks). Money: points per unit of cube. Match: my match-winning chance after the
 * game. Checker play maximises the expectation, so it plays for the score.
 */
export interface OutcomeValues {
  readonly win: readonly [number, number, number];
  readonly lose: readonly [number, number, number];
}

/** Points of a single, gammon/mars and backgammon/koks (home mars is valued as a mars). */
export function resultPoints(
  variant: Variant,
  scoring: Scoring = "mars",
): [number, number, number] {
  if (variant === "short") return [1, 2, 3];
  if (scoring === "oin") return [1, 1, 1];
  return scoring === "koks" ? [1, 2, 3] : [1, 2, 2];
}

export const isMatch = (m: MatchScore | null | undefined): m is MatchScore => !!m && m.to > 0;

/** Whether the Crawford game is behind us (someone is 1-away and this is not it). */
export const crawfordDone = (m: MatchScore): boolean =>
  !m.crawford && (m.to - m.me === 1 || m.to - m.opp === 1);

/** Outcome values with the cube at `cube` (match) or per unit of cube (money). */
export function outcomeValues(
  variant: Variant,
  ctx: AiContext,
  cube = ctx.cubeValue ?? 1,
): OutcomeValues {
  const pts = ctx.jacobyActive ? [1, 1, 1] : resultPoints(variant, ctx.scoring);
  const m = ctx.match;
  if (!isMatch(m)) {
    return { win: [pts[0]!, pts[1]!, pts[2]!], lose: [-pts[0]!, -pts[1]!, -pts[2]!] };
  }
  const a = m.to - m.me;
  const b = m.to - m.opp;
  // After a pre-Crawford game that brings someone to 1-away, the Crawford game comes next.
  const done = m.crawford || crawfordDone(m);
  const me = (k: number) => matchEquity(a - pts[k]! * cube, b, done);
  const them = (k: number) => matchEquity(a, b - pts[k]! * cube, done);
  return { win: [me(0), me(1), me(2)], lose: [them(0), them(1), them(2)] };
}

/** Expected value of the outcome distribution. */
export function equity(p: Probs, v: OutcomeValues): number {
  const lose = 1 - p.win;
  return (
    (p.win - p.winG) * v.win[0] +
    (p.winG - p.winBG) * v.win[1] +
    p.winBG * v.win[2] +
    (lose - p.loseG) * v.lose[0] +
    (p.loseG - p.loseBG) * v.lose[1] +
    p.loseBG * v.lose[2]
  );
}
