/**
 * The lobby's pairing, simulated: 500 players seek at random moments of five minutes, each
 * for one game, length and clock drawn from a plausible mix, with ratings spread as on FIBS
 * (about normal, mean 1600, deviation 180). A new seek takes its partner at once when one is
 * near enough; every second the waiting ones are paired again as their gaps widen; a seek
 * lapses after ten minutes. Figures: the wait until paired (p50, p90, max), the rating gap
 * of the pairs made (p50, p90), and the seeks that lapsed.
 */
import { seededRandom, type TimeControlName, type Variant } from "../src/engine/index.js";
import { pairsAt, partnerFor, type WaitingSeek } from "../src/services/lobby/pairing.js";
import { percentile, round } from "./stats.js";

const LAPSE_MS = 10 * 60_000;

function pick<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let r = random();
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices.at(-1)![0];
}

/** A normal draw (Box–Muller), for the ratings. */
const normal = (random: () => number, mean: number, sd: number): number =>
  mean + sd * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

export function simulateLobby(players: number, windowMs: number, seed = 7) {
  const random = seededRandom(seed);
  const arrivals: WaitingSeek[] = Array.from({ length: players }, (_, i) => ({
    id: i + 1,
    userId: i + 1,
    variant: pick<Variant>(random, [
      ["short", 0.6],
      ["long", 0.4],
    ]),
    matchLength: pick(random, [
      [1, 0.6],
      [3, 0.2],
      [5, 0.2],
    ]),
    clock: pick<TimeControlName>(random, [
      ["blitz", 0.5],
      ["normal", 0.5],
    ]),
    rating: Math.round(Math.min(2300, Math.max(900, normal(random, 1600, 180)))),
    since: Math.floor(random() * windowMs),
  })).sort((a, b) => a.since - b.since);
  let waiting: WaitingSeek[] = [];
  const waits: number[] = [];
  const gaps: number[] = [];
  let lapsed = 0;
  const paired = (a: WaitingSeek, b: WaitingSeek, now: number) => {
    waits.push(now - a.since, now - b.since);
    gaps.push(Math.abs(a.rating - b.rating));
    waiting = waiting.filter((s) => s !== a && s !== b);
  };
  let next = 0;
  for (let now = 0; next < arrivals.length || waiting.length > 0; now += 1_000) {
    while (next < arrivals.length && arrivals[next]!.since <= now) {
      const seek = arrivals[next++]!;
      const partner = partnerFor(seek, waiting, seek.since);
      if (partner) paired(seek, partner, seek.since);
      else waiting.push(seek);
    }
    for (const [a, b] of pairsAt(waiting, now)) paired(a, b, now);
    const before = waiting.length;
    waiting = waiting.filter((s) => now - s.since < LAPSE_MS);
    lapsed += before - waiting.length;
  }
  return { waits, gaps, lapsed };
}

export function benchLobby({ smoke }: { smoke: boolean }) {
  const t0 = performance.now();
  const { waits, gaps, lapsed } = simulateLobby(500, 5 * 60_000);
  const s = (ms: number) => round(ms / 1000, 1);
  return {
    "players seeking": 500,
    "paired seeks": waits.length,
    "lapsed seeks": lapsed,
    "wait p50 s (goal ≤ 10)": s(percentile(waits, 50)),
    "wait p90 s (goal ≤ 45)": s(percentile(waits, 90)),
    "wait max s": s(Math.max(...waits)),
    "rating gap p50 (goal ≤ 100)": percentile(gaps, 50),
    "rating gap p90": percentile(gaps, 90),
    "simulation ms": round(performance.now() - t0, 0),
    ...(smoke ? { smoke: "yes" } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchLobby({ smoke: false }));
