import { rankPlays, reviewPlays } from "../ai/analyse.js";
import { ROLLS } from "../ai/search.js";
import {
  type Board,
  boardOf,
  type Color,
  type Dice,
  type GameState,
  playNotation,
  type Step,
  sidesOf,
  turnSpec,
} from "../engine/index.js";
import { type CubeDecision, weighAcceptedOffer, weighCubeAction } from "./analysis-cube.js";
import { endsTurn, type Timeline, type Transition } from "./timeline.js";

export type { CubeAction, CubeDecision } from "./analysis-cube.js";

/** A play losing this much equity or more is an error; twice as much, a blunder (docs/rules.md). */
export const ERROR_LOSS = 0.04;
export const BLUNDER_LOSS = 0.08;

/** One checker play weighed against the best play of its roll. */
export interface Decision {
  /** Absent in analyses stored before cube decisions were weighed. */
  readonly kind?: "play";
  /** The game's turn number, from 1. */
  readonly turn: number;
  readonly color: Color;
  readonly dice: readonly [number, number];
  /** The board before the play, after it, and after the best play. */
  readonly board: Board;
  readonly after: Board;
  readonly bestAfter: Board;
  readonly played: readonly Step[];
  readonly best: readonly Step[];
  readonly playedMoves: readonly string[];
  readonly bestMoves: readonly string[];
  /** Cubeless money equity of the mover after each play. */
  readonly playedEquity: number;
  readonly bestEquity: number;
  readonly loss: number;
}

export interface PlayerAnalysis {
  /** Turns with a choice between different plays, and cube and resignation decisions. */
  readonly decisions: number;
  readonly errors: number;
  readonly blunders: number;
  /** Equity lost over all decisions. */
  readonly lost: number;
  /** What the dice gave: the best play's equity of each roll over the average roll's, summed. */
  readonly luck: number;
  /** The three costliest decisions, costliest first. */
  readonly costliest: readonly (Decision | CubeDecision)[];
  /** Of the above: the cube and resignation decisions alone (absent in older analyses). */
  readonly cube?: { readonly decisions: number; readonly errors: number; readonly lost: number };
}

export interface GameAnalysis {
  readonly white: PlayerAnalysis;
  readonly black: PlayerAnalysis;
}

const key = (me: readonly number[], opp: readonly number[]) => `${me.join()}|${opp.join()}`;

/** The turn at `before` (its first step not yet taken) with the roll it was played with. */
function weigh(before: GameState, dice: Dice, played: readonly Step[], after: GameState) {
  const scoring = { scoring: before.rules.scoring };
  const { me, opp } = sidesOf(after.board, before.turn);
  const made = key(me, opp);
  // The play made may be looked at again one and two rolls ahead (docs/rules.md, "Game analysis").
  const ranked = reviewPlays(turnSpec(before, dice), scoring, (p) => key(p.me, p.opp) === made);
  // The roll played is ranked already: its best keeps its 0-ply equity in `ranked`.
  const isRolled = (d: Dice) =>
    Math.max(...d) === Math.max(...dice) && Math.min(...d) === Math.min(...dice);
  const bestOf = (d: Dice) =>
    (isRolled(d) ? ranked : rankPlays(turnSpec(before, d), scoring))[0]?.equity ?? null;
  // Luck: this roll's best equity against the average roll's (a roll with no play: the
  // position as it stands, which rankPlays cannot give; such rolls count at the worst seen).
  const bests = ROLLS.map((r) => ({ e: bestOf(r.dice), w: r.weight }));
  const known = bests.filter((b) => b.e !== null).map((b) => b.e!);
  const floor = known.length > 0 ? Math.min(...known) : 0;
  const average = bests.reduce((s, b) => s + b.w * (b.e ?? floor), 0) / 36;
  const rolled = ranked[0]?.equity ?? floor;
  const luck = rolled - average;
  if (ranked.length < 2) return { luck, decision: null };
  const mine = ranked.find((r) => key(r.play.me, r.play.opp) === made);
  if (!mine) throw new Error(`turn of ${before.turn}: the play made is not among the legal ones`);
  const best = ranked[0]!;
  return {
    luck,
    decision: {
      dice,
      board: before.board,
      after: after.board,
      bestAfter: boardOf(before.turn, best.play.me, best.play.opp),
      played,
      best: best.play.steps,
      playedMoves: playNotation(played),
      bestMoves: playNotation(best.play.steps),
      playedEquity: mine.equity,
      bestEquity: best.equity,
      loss: Math.max(0, best.equity - mine.equity),
    },
  };
}

const mayBeCube = (t: Transition) =>
  ["roll", "double", "take", "drop", "resign", "accept-resign", "decline-resign"].includes(
    t.action.type,
  );

/**
 * Every decision of a finished game weighed with the evaluator: checker plays at 0-ply
 * against the best play of the roll; doubles, no-doubles close to a double, takes and drops
 * by cubeful money equity looking one roll ahead; resignations and the answers to them
 * against playing on. Equity lost, errors, blunders and luck per player. Yields to the event
 * loop after each step, so a long analysis does not hold up other work; `progress` hears
 * how far it got.
 */
export async function analyseGame(
  timeline: Timeline,
  progress: (done: number, total: number) => void | Promise<void> = () => {},
): Promise<GameAnalysis> {
  const steps = timeline.transitions.filter((t) => endsTurn(t) || mayBeCube(t));
  const blank = () => ({
    decisions: 0,
    errors: 0,
    blunders: 0,
    lost: 0,
    luck: 0,
    all: [] as (Decision | CubeDecision)[],
    cube: { decisions: 0, errors: 0, lost: 0 },
  });
  const acc = { white: blank(), black: blank() };
  const count = (d: Decision | CubeDecision) => {
    const p = acc[d.color];
    p.decisions++;
    p.lost += d.loss;
    if (d.loss >= ERROR_LOSS) p.errors++;
    if (d.loss >= BLUNDER_LOSS) p.blunders++;
    if (d.kind === "cube") {
      p.cube.decisions++;
      p.cube.lost += d.loss;
      if (d.loss >= ERROR_LOSS) p.cube.errors++;
    }
    p.all.push(d);
  };
  let turn = 0;
  for (const [i, t] of steps.entries()) {
    if (endsTurn(t)) {
      turn++;
      const move = t.after.lastMove!;
      // `before` may be mid-turn (a step, then the last one): the turn began on its board.
      const start: GameState = { ...t.before, steps: [] };
      const w = weigh(start, move.dice, move.steps, t.after);
      acc[move.color].luck += w.luck;
      if (w.decision) count({ kind: "play", turn, color: move.color, ...w.decision });
    } else {
      for (const d of [weighCubeAction(t), weighAcceptedOffer(t)])
        if (d) count({ ...d, turn: turn + 1 });
    }
    await progress(i + 1, steps.length);
    await new Promise<void>((r) => setImmediate(r));
  }
  const done = (a: ReturnType<typeof blank>): PlayerAnalysis => ({
    decisions: a.decisions,
    errors: a.errors,
    blunders: a.blunders,
    lost: a.lost,
    luck: a.luck,
    costliest: a.all
      .filter((d) => d.loss > 0)
      .sort((x, y) => y.loss - x.loss)
      .slice(0, 3),
    cube: a.cube,
  });
  return { white: done(acc.white), black: done(acc.black) };
}
