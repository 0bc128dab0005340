import { performance } from "node:perf_hooks";
import { type Level, playGame } from "../src/ai/index.js";
import { strongPlay } from "../src/ai/strong.js";
import { resultPoints } from "../src/ai/values.js";
import {
  defaultRules,
  type GameState,
  legalPlays,
  seededDice,
  turnSpec,
  type Variant,
} from "../src/engine/index.js";
import { type Agent, playOut } from "../tools/train/versus.js";
import { findGnubg, Gnubg, gameVsGnubg } from "./gnubg.js";
import { previousLongHard } from "./previous-hard.js";

/** A slice of a benchmark match: games `first`..`first + count - 1`, game i seeded `seed + i`. */
export interface GamesTask {
  readonly variant: Variant;
  /** "previous": long nardy's hard level before the bear-off table (bench/previous-hard.ts). */
  readonly opponent: "pipcount" | "gnubg" | "previous";
  readonly level: Level;
  /** Against gnubg: GNU Backgammon at these plies plays our side instead of `level`. */
  readonly gnubgPlies?: number;
  /** Short nardy against the pip-count player: the doubling cube on (the default rules). */
  readonly cube: boolean;
  readonly first: number;
  readonly count: number;
  readonly seed: number;
}

export interface GamesResult {
  /** Our points in each game (negative: lost). */
  readonly points: number[];
  /** Our decision times for checker plays, ms. */
  readonly times: number[];
  readonly mismatches: number;
}

/**
 * Plays the slice: our player is white, the starter alternates with the game number (even:
 * we start). Games against the pip-count player run through `playGame` (engine flow).
 */
export async function runGames(task: GamesTask): Promise<GamesResult> {
  if (task.opponent === "previous") return againstPrevious(task);
  const points: number[] = [];
  const times: number[] = [];
  let mismatches = 0;
  const rules = defaultRules(task.variant, { cube: task.cube });
  const gnubgPath = task.opponent === "gnubg" ? findGnubg() : null;
  const gnubg = gnubgPath ? new Gnubg(gnubgPath, 0) : null;
  const gnubgOurs =
    gnubgPath && task.gnubgPlies !== undefined ? new Gnubg(gnubgPath, task.gnubgPlies) : null;
  await Promise.all([gnubg?.ready, gnubgOurs?.ready]);
  try {
    for (let i = task.first; i < task.first + task.count; i++) {
      const starter = i % 2 === 0 ? "white" : "black";
      if (gnubg) {
        const r = await gameVsGnubg(
          gnubg,
          gnubgOurs ?? task.level,
          "white",
          starter,
          task.seed + i,
          (ms, before) => {
            if (isChoice(before)) times.push(ms);
          },
        );
        points.push(r.points);
        mismatches += r.mismatches;
        continue;
      }
      const state = playGame({
        variant: task.variant,
        rules,
        white: task.level,
        black: "pipcount",
        starter,
        seed: task.seed + i,
        clock: () => performance.now(),
        onDecision: (by, ms, before) => {
          if (by === "white" && isChoice(before)) times.push(ms);
        },
      });
      const result = state.result!;
      points.push(
        (result.winner === "white" ? 1 : result.winner === null ? 0 : -1) * result.points,
      );
    }
  } finally {
    gnubg?.close();
    gnubgOurs?.close();
  }
  return { points, times, mismatches };
}

/** Cubeless games of our level against the previous hard level, ours first in even games. */
function againstPrevious(task: GamesTask): GamesResult {
  const rules = defaultRules(task.variant);
  const pts = resultPoints(task.variant, rules.scoring);
  const previous = previousLongHard();
  const times: number[] = [];
  const ours: Agent = (spec) => {
    const t0 = performance.now();
    const play = strongPlay(spec, {}, task.level);
    const ms = performance.now() - t0;
    // Timed only when the roll left a choice (forced plays take no time).
    if (legalPlays(spec).length > 1) times.push(ms);
    return play;
  };
  const points: number[] = [];
  for (let i = task.first; i < task.first + task.count; i++) {
    const weFirst = i % 2 === 0;
    const agents = weFirst ? [ours, previous] : [previous, ours];
    const { winner, kind } = playOut(task.variant, rules, agents, seededDice(task.seed + i));
    points.push((winner === (weFirst ? 0 : 1) ? 1 : -1) * pts[kind]!);
  }
  return { points, times, mismatches: 0 };
}

/** A real decision: the roll leaves more than one play (forced ones take no time). */
const isChoice = (state: GameState): boolean =>
  state.dice !== null && legalPlays(turnSpec(state, state.dice)).length > 1;
