/**
 * Taps a turn takes on the board page, over whole games played with random legal plays:
 * one checker picked and one destination tapped for each die (as before a checker could be
 * moved by several dice at once), and as the page offers them now, where a checker moved by
 * two dice, or by three or four steps of a double, is one pick and one destination.
 */
import {
  act,
  type Color,
  defaultRules,
  type GameState,
  newGame,
  remainingPlays,
  type Step,
  seededDice,
  seededRandom,
  turnView,
} from "../src/engine/index.js";
import { LocalTurn } from "../src/web/page/turn.js";
import { round } from "./stats.js";

/** Taps for `play` on the page: each run of one checker's steps it offers as one destination. */
function pageTaps(state: GameState, play: readonly Step[]): number {
  const turn = new LocalTurn(state);
  let taps = 0;
  for (let i = 0; i < play.length; ) {
    let j = i + 1;
    // The longest run of the same checker from here that the page takes in one tap.
    for (let k = play.length; k > i + 1; k--) {
      const run = play.slice(i, k);
      if (!run.every((s, n) => n === 0 || run[n - 1]!.to === s.from)) continue;
      if (turn.destinations(run[0]!.from).has(run.at(-1)!.to)) {
        j = k;
        break;
      }
    }
    if (!turn.take(play[i]!.from, play[j - 1]!.to))
      throw new Error("the page refused a legal play");
    taps += 2;
    i = j;
  }
  return taps;
}

function must(r: ReturnType<typeof act>): GameState {
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** One game of random plays; the taps of each turn that had a move, before and now. */
function playGame(variant: "short" | "long", seed: number): { before: number[]; now: number[] } {
  const random = seededRandom(seed);
  const dice = seededDice(seed + 1);
  let state = newGame({ variant, rules: defaultRules(variant), starter: "white" });
  const before: number[] = [];
  const now: number[] = [];
  for (let guard = 0; state.phase !== "over" && guard < 2_000; guard++) {
    const by: Color = state.turn;
    if (state.phase === "roll") {
      state = must(act(state, by, { type: "roll" }, { dice }));
      continue;
    }
    if (state.phase !== "move") throw new Error(`unexpected phase ${state.phase}`);
    const plays = remainingPlays(state);
    const play = plays[Math.floor(random() * plays.length)]!.steps;
    if (play.length > 0) {
      before.push(2 * play.length);
      now.push(pageTaps(state, play));
    }
    const turnNumber = state.turnNumber;
    for (const s of play) state = must(act(state, by, { type: "step", ...s }));
    if (state.phase === "move" && state.turnNumber === turnNumber && turnView(state)?.complete)
      state = must(act(state, by, { type: "commit" }));
  }
  return { before, now };
}

export function benchTaps({ smoke }: { smoke: boolean }): Record<string, number> {
  const games = smoke ? 2 : 20;
  const out: Record<string, number> = {};
  for (const variant of ["short", "long"] as const) {
    const before: number[] = [];
    const now: number[] = [];
    for (let g = 0; g < games; g++) {
      const r = playGame(variant, 1_000 + g);
      before.push(...r.before);
      now.push(...r.now);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    out[`${variant}: turns`] = now.length;
    out[`${variant}: taps a turn, a die each`] = round(mean(before), 2);
    out[`${variant}: taps a turn, now`] = round(mean(now), 2);
    out[`${variant}: now / before`] = round(mean(now) / mean(before), 2);
  }
  return out;
}
