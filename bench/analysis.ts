import { performance } from "node:perf_hooks";
import { agreement, loadEquityCases, lossPairs } from "../test/helpers/gnubg-equities.js";
import { round } from "./stats.js";

/**
 * The analysis's equity losses against GNU Backgammon's 0-ply ones over the stored positions
 * (test/fixtures/gnubg/short-gnubg-equities.jsonl.gz): the share of gnubg's 0.08+ mistakes we
 * flag (target ≥ 90%), the share of its near-best plays (within 0.02) we call errors
 * (target < 5%), and what ranking every play of a position costs. `smoke`: 40 positions.
 */
export function benchAnalysis(opts: { smoke?: boolean } = {}): Record<string, number> {
  const all = loadEquityCases();
  const cases = opts.smoke ? all.slice(0, 40) : all;
  const t0 = performance.now();
  const pairs = lossPairs(cases);
  const ms = performance.now() - t0;
  const a = agreement(pairs);
  return {
    gnubgPositions: cases.length,
    gnubgPlays: a.plays,
    gnubgMistakesFlaggedPct: round(100 * a.flaggedShare, 1),
    gnubgNearBestCalledErrorPct: round(100 * a.falseErrorShare, 1),
    rankMsPerPosition: round(ms / cases.length, 2),
  };
}
