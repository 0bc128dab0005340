import { BAR, legalPlays, OFF, type Side, type TurnSpec } from "../../src/engine/index.js";
import {
  canonicalKey,
  type RefRequest,
  type RefSide,
  referencePlays,
} from "../reference/generator.js";

/** A side in the reference generator's terms. */
export function sideToRef(side: Side): RefSide {
  const out: RefSide = {};
  for (let p = 1; p <= 24; p++) if ((side[p] ?? 0) > 0) out[String(p)] = side[p]!;
  if ((side[BAR] ?? 0) > 0) out.bar = side[BAR]!;
  if ((side[OFF] ?? 0) > 0) out.off = side[OFF]!;
  return out;
}

/** A turn in the reference generator's terms. */
export function specToRef(spec: TurnSpec): RefRequest {
  return {
    variant: spec.variant,
    rules: spec.rules,
    turn: "white",
    white: sideToRef(spec.me),
    black: sideToRef(spec.opp),
    dice: [spec.dice[0], spec.dice[1]],
    firstTurn: spec.firstTurn ?? false,
    opponentFirstRoll: spec.opponentFirstRoll
      ? [spec.opponentFirstRoll[0], spec.opponentFirstRoll[1]]
      : null,
  };
}

/** The resulting positions the reference generator (written apart from the engine) lists. */
export const refKeys = (s: TurnSpec): string[] =>
  referencePlays(specToRef(s))
    .map((p) => canonicalKey(p.white, p.black))
    .sort();

/** The resulting positions the engine lists, in the reference's terms. */
export const engineKeys = (s: TurnSpec): string[] =>
  legalPlays(s)
    .map((p) => canonicalKey(sideToRef(p.me), sideToRef(p.opp)))
    .sort();
