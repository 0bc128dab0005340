import { performance } from "node:perf_hooks";
import { decodePositionId, defaultRules, legalPlays, type TurnSpec } from "../src/engine/index.js";
import { median, percentile, round } from "./stats.js";
import { bearOffSpecs, blockHeavySpecs, randomGameSpecs } from "./testkit/positions.js";
import { loadSelfplayVectors } from "./testkit/vectors.js";

/** The fixed mixed set of long-nardy listings: random games, blocks, bear-offs, all doubles. */
function longSet(): TurnSpec[] {
  const random = randomGameSpecs("long", 20, 1);
  const doubles = random.filter((s) => s.dice[0] === s.dice[1]).slice(0, 300);
  return [
    ...random,
    ...blockHeavySpecs(500, 2, "strict"),
    ...blockHeavySpecs(300, 3, "final"),
    ...bearOffSpecs("long", 300, 4),
    ...doubles,
  ];
}

function shortSet(): TurnSpec[] {
  const rules = defaultRules("short");
  return loadSelfplayVectors().map((c) => {
    const pos = decodePositionId(c.pos)!;
    return { variant: "short", rules, me: pos.onRoll, opp: pos.opponent, dice: c.dice };
  });
}

/** Listings per second over a set, median of several runs; and the slowest single case. */
function measure(specs: readonly TurnSpec[], runs = 7): { perSecond: number; worstMs: number } {
  // A whole pass first, so the figure is of optimised code, also in a smoke run.
  for (const s of specs) legalPlays(s);
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (const s of specs) legalPlays(s);
    rates.push(specs.length / ((performance.now() - t0) / 1000));
  }
  const worst: number[] = [];
  for (const s of specs) {
    const t0 = performance.now();
    legalPlays(s);
    worst.push(performance.now() - t0);
  }
  return { perSecond: median(rates), worstMs: percentile(worst, 100) };
}

/** The biggest double listings, timed one by one (median of repeats each). */
function worstDouble(specs: readonly TurnSpec[]): { plays: number; ms: number } {
  const doubles = specs.filter((s) => s.dice[0] === s.dice[1]);
  const sized = doubles.map((s) => ({ s, n: legalPlays(s).length })).sort((a, b) => b.n - a.n);
  const top = sized[0]!;
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    legalPlays(top.s);
    times.push(performance.now() - t0);
  }
  return { plays: top.n, ms: median(times) };
}

export function benchEngine(opts: { smoke?: boolean } = {}): Record<string, number> {
  const long = longSet();
  const short = shortSet();
  // Cheap either way (about a second); a smoke run only takes fewer samples.
  const runs = opts.smoke ? 3 : 7;
  const l = measure(long, runs);
  const s = measure(short, runs);
  const wl = worstDouble(long);
  const ws = worstDouble(short);
  return {
    longListings: long.length,
    longListingsPerSec: Math.round(l.perSecond),
    shortListings: short.length,
    shortListingsPerSec: Math.round(s.perSecond),
    longWorstDoublePlays: wl.plays,
    longWorstDoubleMs: round(wl.ms, 3),
    shortWorstDoublePlays: ws.plays,
    shortWorstDoubleMs: round(ws.ms, 3),
    worstSingleCaseMs: round(Math.max(l.worstMs, s.worstMs), 3),
  };
}
