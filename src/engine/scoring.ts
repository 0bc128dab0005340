import { allHome, borneOff } from "./position.js";
import type { Scoring } from "./rules.js";
import { BAR, type Side, type Variant } from "./types.js";

export type ResultKind = "oin" | "mars" | "koks" | "home-mars" | "single" | "gammon" | "backgammon";

export const RESULT_VALUE: Record<ResultKind, number> = {
  oin: 1,
  mars: 2,
  koks: 3,
  "home-mars": 3,
  single: 1,
  gammon: 2,
  backgammon: 3,
};

/** The loser's side in its own numbering decides the result; `scoring` is long nardy's option. */
export function resultKind(variant: Variant, scoring: Scoring, loser: Side): ResultKind {
  const noneOff = borneOff(loser) === 0;
  if (variant === "short") {
    if (!noneOff) return "single";
    // The winner's home is the loser's 19..24; the bar counts too.
    for (let p = 19; p <= BAR; p++) if ((loser[p] ?? 0) > 0) return "backgammon";
    return "gammon";
  }
  if (scoring === "oin" || !noneOff) return "oin";
  if (scoring === "koks") {
    for (let p = 19; p <= 24; p++) if ((loser[p] ?? 0) > 0) return "koks";
  }
  if (scoring === "home-mars" && allHome(loser)) return "home-mars";
  return "mars";
}

export function scoreResult(
  variant: Variant,
  scoring: Scoring,
  loser: Side,
  cubeValue: number,
): { kind: ResultKind; points: number } {
  const kind = resultKind(variant, scoring, loser);
  return { kind, points: RESULT_VALUE[kind] * cubeValue };
}
