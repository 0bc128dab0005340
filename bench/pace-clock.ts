/**
 * The pace bench (bench/pace.ts) under a clock: four short blitz games (8 s a move + 20 s in
 * reserve) in one group, every player on the group's board, pressing a fixed think time after
 * their buttons appear there. The group's flood budget (20 sends and edits a minute) spaces
 * the board's edits, so a player often waits for their buttons; that wait must not be theirs.
 *
 * Measured per clock run (a side's time from its buttons' delivery, the clock's runningSince,
 * to the act that stopped it, from the game's ClockState and lastActionAt, on the simulated
 * clock the whole bot runs on): `used`, what the clock counted (the stretches from each
 * delivery of the buttons to the next act; its charge is what of it
 * passes the delay), against the player's own thinking in it (their presses in the run ×
 * the think time). Goal: equal within 0.3 s a run, i.e. the budget's waiting is never
 * charged. Per player: the time the clock counted and the reserve it took, against their
 * thinking and what their thinking alone would have taken of the reserve (Σ max(0, think −
 * delay)). The same run with no limits at all (the fake's and the bot's budgets off) is the
 * control: there the only waits are the bot's own work.
 */
import { type ClockTurn, type Outcome, run, type Scenario } from "./pace.js";
import { percentile, round } from "./stats.js";

const THINK_MS = 2_000;
/** What the goal allows between a run's counted time and its player's thinking. */
const GOAL_MS = 300;

const nameOf = (userId: number): string => {
  const pair = Math.floor((userId - 5_000) / 10);
  return `P${pair}${userId % 10 === 0 ? "a" : "b"}`;
};

const s1 = (ms: number): number => round(ms / 1000, 1);

function figures(prefix: string, o: Outcome): Record<string, number | string> {
  const turns = o.clockTurns;
  const used = (t: ClockTurn) => t.countedMs;
  const think = (t: ClockTurn) => t.presses * THINK_MS;
  const diff = turns.map((t) => used(t) - think(t));
  const abs = diff.map(Math.abs);
  const merged = turns.filter((t) => t.turns > 1);
  const single = turns.filter((t) => t.turns <= 1);
  const out: Record<string, number | string> = {
    [`${prefix} clock runs`]: turns.length,
    [`${prefix} used − think p50 ms`]: Math.round(percentile(diff, 50)),
    [`${prefix} used − think p90 ms`]: Math.round(percentile(diff, 90)),
    [`${prefix} |used − think| max ms (goal ≤ ${GOAL_MS})`]: Math.round(percentile(abs, 100)),
    [`${prefix} runs within ${GOAL_MS} ms %`]: Math.round(
      (100 * abs.filter((d) => d <= GOAL_MS).length) / Math.max(1, abs.length),
    ),
    [`${prefix} runs ended with the opponent's turn played for them`]: merged.length,
    [`${prefix} |used − think| max ms, one-turn runs`]: Math.round(
      percentile(
        single.map((t) => Math.abs(used(t) - think(t))),
        100,
      ),
    ),
    // The player's waits for their next buttons within the run (none of them counted).
    [`${prefix} waits for buttons in a run p50 ms`]: Math.round(
      percentile(
        turns.map((t) => t.waitedMs),
        50,
      ),
    ),
    [`${prefix} waits for buttons in a run max ms`]: Math.round(
      percentile(
        turns.map((t) => t.waitedMs),
        100,
      ),
    ),
    // The run's wall time is the thinking and the waits: the waits are what was not counted.
    [`${prefix} |wall − think − waits| max ms`]: Math.round(
      percentile(
        turns.map((t) => Math.abs(t.end - t.since - think(t) - t.waitedMs)),
        100,
      ),
    ),
    [`${prefix} flags`]: turns.filter((t) => t.reserveAfter === 0).length,
  };
  const users = [...new Set(turns.map((t) => t.userId))].sort((a, b) => a - b);
  for (const u of users) {
    const mine = turns.filter((t) => t.userId === u);
    const sum = (f: (t: ClockTurn) => number) => mine.reduce((a, t) => a + f(t), 0);
    const taken = sum((t) => t.reserveBefore - t.reserveAfter);
    const owed = sum((t) => Math.max(0, think(t) - t.delayMs));
    out[`${prefix} ${nameOf(u)} counted/think s; reserve taken/owed s`] =
      `${s1(sum(used))} / ${s1(sum(think))}; ${s1(taken)} / ${s1(owed)}`;
  }
  return out;
}

export async function benchPaceClock({
  smoke,
}: {
  smoke: boolean;
}): Promise<Record<string, number | string>> {
  const sc: Omit<Scenario, "limits"> = {
    games: 4,
    thinkMs: THINK_MS,
    privately: false,
    minutes: smoke ? 0.25 : 3,
    command: "/play short blitz",
    seed: 21,
  };
  return {
    ...figures("blitz 4 games", await run({ ...sc, limits: true })),
    ...figures("blitz 4 games, no limit", await run({ ...sc, limits: false })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figs = await benchPaceClock({ smoke: process.env.BENCH_SMOKE === "1" });
  for (const [k, v] of Object.entries(figs)) console.log(`${k.padEnd(56)} ${v}`);
}
