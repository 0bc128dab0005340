import { legalPlays, type TurnSpec } from "../../src/engine/index.js";
import { canonicalKey, referencePlays } from "../reference/generator.js";
import { sideToRef, specToRef } from "./positions.js";

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
