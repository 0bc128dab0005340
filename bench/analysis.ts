import { performance } from "node:perf_hooks";
import { analyseGame, turnsOf } from "../src/services/index.js";
import { agreement, loadEquityCases, lossPairs } from "../test/helpers/gnubg-equities.js";
import { benchTimeline } from "./replay.js";
import { round } from "./stats.js";

/**
 * The analysis's equity losses against GNU Backgammon's 0-ply ones over the stored positions
 * (test/fixtures/gnubg/short-gnubg-equities.jsonl.gz): the share of gnubg's 0.08+ mistakes we
 * flag (target ≥ 90%), the share of its near-best plays (within 0.02) we call errors
 * (target < 5%), what ranking every play of a position costs, and the CPU time of a whole
 * game's analysis (a long nardy game of pip-count players, 60 turns or more; the target is
 * under 10 s for 60 turns). `smoke`: 40 positions.
 */
export async function benchAnalysis(
  opts: { smoke?: boolean } = {},
): Promise<Record<string, number>> {
  const all = loadEquityCases();
  const cases = opts.smoke ? all.slice(0, 40) : all;
  const t0 = performance.now();
  const pairs = lossPairs(cases);
  const ms = performance.now() - t0;
  const a = agreement(pairs);
  let seed = 1;
  let game = benchTimeline(seed);
  while (turnsOf(game.timeline).length < 60) game = benchTimeline(++seed);
  const c0 = process.cpuUsage();
  await analyseGame(game.timeline);
  const c = process.cpuUsage(c0);
  return {
    gnubgPositions: cases.length,
    gnubgPlays: a.plays,
    gnubgMistakesFlaggedPct: round(100 * a.flaggedShare, 1),
    gnubgNearBestCalledErrorPct: round(100 * a.falseErrorShare, 1),
    rankMsPerPosition: round(ms / cases.length, 2),
    gameAnalysisTurns: turnsOf(game.timeline).length,
    gameAnalysisCpuMs: round((c.user + c.system) / 1000),
  };
}
