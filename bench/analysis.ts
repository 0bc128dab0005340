import { performance } from "node:perf_hooks";
import { rankPlays } from "../src/ai/analyse.js";
import {
  BEAROFF_POSITIONS,
  bearoffPosition,
  bearoffProbs,
  buildBearoffTable,
} from "../src/ai/bearoff.js";
import { makeSide, type Side, type Variant } from "../src/engine/index.js";
import { analyseGame, turnsOf } from "../src/services/index.js";
import { benchTimeline } from "./replay.js";
import { median, round } from "./stats.js";
import {
  agreement,
  EQUITY_SAMPLES,
  type EquitySample,
  loadEquityCases,
  lossPairs,
} from "./testkit/gnubg-equities.js";

/** The bear-off table's build (median of `runs`) and its exact race chances per second. */
function benchBearoff(runs: number): { buildMs: number; lookupsPerSec: number } {
  const builds: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    buildBearoffTable();
    builds.push(performance.now() - t0);
  }
  // Fixed pairs spread over the table, each side with the rest of its 15 off.
  const sideOf = (i: number): Side => {
    const pos = bearoffPosition(i);
    const on = pos.reduce((a, b) => a + b, 0);
    return makeSide({ ...pos, 0: 15 - on });
  };
  const pairs = Array.from({ length: 10_000 }, (_, k) => [
    sideOf((k * 7919) % BEAROFF_POSITIONS),
    sideOf((k * 104_729 + 17) % BEAROFF_POSITIONS),
  ]);
  // A whole pass first (it builds the kept table), so the figure is of optimised code.
  for (const [me, opp] of pairs) bearoffProbs(me!, opp!);
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (const [me, opp] of pairs) bearoffProbs(me!, opp!);
    rates.push(pairs.length / ((performance.now() - t0) / 1000));
  }
  return { buildMs: median(builds), lookupsPerSec: median(rates) };
}

/**
 * The analysis's equity losses against GNU Backgammon's 0-ply ones over the stored positions
 * (bench/testkit/fixtures/gnubg/short-gnubg-equities*.jsonl.gz, four samples of 400): the share of
 * gnubg's 0.08+ mistakes we flag (target ≥ 90%), the share of its near-best plays (within
 * 0.02) we call errors (target < 5%), in all and per sample, both as the analysis measures
 * (with its second and third looks) and at the first look alone, what weighing every play
 * of a position costs, and the CPU time of a whole game's analysis (a game of pip-count
 * players in each variant, 60 turns or more, short nardy with the cube; the target is under
 * 10 s for 60 turns). `smoke`: 40 positions of the first sample. Then the evaluator's
 * bear-off table: its build (median of 7 builds, 3 in a smoke run) and how many exact race
 * evaluations (`bearoffProbs`, both sides home) it answers a second.
 */
export async function benchAnalysis(
  opts: { smoke?: boolean } = {},
): Promise<Record<string, number>> {
  const samples: readonly EquitySample[] = opts.smoke ? ["a"] : EQUITY_SAMPLES;
  const loaded = samples.map((s) => ({
    s,
    cases: loadEquityCases([s]).slice(0, opts.smoke ? 40 : undefined),
  }));
  const t0 = performance.now();
  const bySample = loaded.map(({ s, cases }) => ({ s, pairs: lossPairs(cases) }));
  const ms = performance.now() - t0;
  const cases = loaded.flatMap((l) => l.cases);
  const a = agreement(bySample.flatMap((b) => b.pairs));
  const firstBySample = loaded.map(({ s, cases }) => ({
    s,
    pairs: lossPairs(cases, (spec) => rankPlays(spec)),
  }));
  const first = agreement(firstBySample.flatMap((b) => b.pairs));
  const long = await timedAnalysis("long");
  const short = await timedAnalysis("short");
  const bearoff = benchBearoff(opts.smoke ? 3 : 7);
  return {
    gnubgPositions: cases.length,
    gnubgPlays: a.plays,
    gnubgMistakesFlaggedPct: round(100 * a.flaggedShare, 1),
    gnubgNearBestCalledErrorPct: round(100 * a.falseErrorShare, 1),
    ...Object.fromEntries(
      bySample.map(({ s, pairs }) => [
        `gnubgNearBestCalledErrorSample${s.toUpperCase()}Pct`,
        round(100 * agreement(pairs).falseErrorShare, 1),
      ]),
    ),
    firstLookMistakesFlaggedPct: round(100 * first.flaggedShare, 1),
    firstLookNearBestCalledErrorPct: round(100 * first.falseErrorShare, 1),
    ...Object.fromEntries(
      firstBySample.map(({ s, pairs }) => [
        `firstLookNearBestCalledErrorSample${s.toUpperCase()}Pct`,
        round(100 * agreement(pairs).falseErrorShare, 1),
      ]),
    ),
    reviewMsPerPosition: round(ms / cases.length, 2),
    longGameAnalysisTurns: long.turns,
    longGameAnalysisCpuMs: long.cpuMs,
    shortGameAnalysisTurns: short.turns,
    shortGameAnalysisCpuMs: short.cpuMs,
    bearoffBuildMs: round(bearoff.buildMs),
    bearoffLookupsPerSec: Math.round(bearoff.lookupsPerSec),
  };
}

/** The CPU time of analysing the first game of pip-count players that lasts 60 turns. */
async function timedAnalysis(variant: Variant): Promise<{ turns: number; cpuMs: number }> {
  let seed = 1;
  let game = benchTimeline(seed, variant);
  while (turnsOf(game.timeline).length < 60) game = benchTimeline(++seed, variant);
  const c0 = process.cpuUsage();
  await analyseGame(game.timeline);
  const c = process.cpuUsage(c0);
  return { turns: turnsOf(game.timeline).length, cpuMs: round((c.user + c.system) / 1000) };
}
