import type { Side } from "../engine/index.js";

/** Whether `side` has a checker on any of its points `lo`..`hi` (25 is the bar). */
export function hasRange(side: Side, lo: number, hi: number): boolean {
  for (let p = lo; p <= hi; p++) if (side[p]! > 0) return true;
  return false;
}
