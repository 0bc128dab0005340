import { type Evaluator, finished } from "../../src/ai/evaluate.js";
import { equity, outcomeValues, resultPoints } from "../../src/ai/values.js";
import {
  type Dice,
  defaultRules,
  legalPlays,
  type Play,
  type Side,
  seededDice,
  startingSide,
  type TurnSpec,
  type Variant,
} from "../../src/engine/index.js";
import { nextTurnSpec } from "./turns.js";

/** A checker player: the play for a roll, or null when none is legal. */
export type Agent = (spec: TurnSpec) => Play | null;

/** The 0-ply player of an evaluator (fast path for training checks). */
export function greedyAgent(ev: Evaluator): Agent {
  const values = outcomeValues(ev.variant, {});
  return (spec) => {
    let best: Play | null = null;
    let bestEq = Number.NEGATIVE_INFINITY;
    for (const play of legalPlays(spec)) {
      const eq = equity(ev.evaluate(play.me, play.opp), values);
      if (eq > bestEq) {
        bestEq = eq;
        best = play;
      }
    }
    return best;
  };
}

/**
 * Cubeless games of `a` against `b` on the move generator with seeded dice, `a` starting
 * the even games. Returns a's share of games won and points per game.
 */
export function versus(
  variant: Variant,
  a: Agent,
  b: Agent,
  games: number,
  seed: number,
): { winRate: number; ppg: number } {
  const rules = defaultRules(variant);
  const pts = resultPoints(variant, rules.scoring);
  let wins = 0;
  let points = 0;
  for (let g = 0; g < games; g++) {
    const dice = seededDice(seed + g);
    const agents = g % 2 === 0 ? [a, b] : [b, a];
    const { winner, kind } = playOut(variant, rules, agents, dice);
    const aWon = winner === g % 2;
    if (aWon) wins++;
    points += (aWon ? 1 : -1) * pts[kind]!;
  }
  return { winRate: wins / games, ppg: points / games };
}

/** One cubeless game, `agents[0]` first: the winner's index and 0/1/2 for a single/gammon/backgammon. */
export function playOut(
  variant: Variant,
  rules: ReturnType<typeof defaultRules>,
  agents: Agent[],
  source: { die(): number },
): { winner: number; kind: number } {
  let me: Side = startingSide(variant);
  let opp: Side = startingSide(variant);
  const firstRolls: [Dice | null, Dice | null] = [null, null];
  for (let turn = 0; turn < 5000; turn++) {
    let dice: Dice = [source.die(), source.die()];
    while (variant === "short" && turn === 0 && dice[0] === dice[1])
      dice = [source.die(), source.die()];
    const mover = turn % 2;
    const play = agents[mover]!(nextTurnSpec({ variant, rules, me, opp, dice }, firstRolls, mover));
    const next = play ?? { me, opp };
    const done = finished(variant, next.me, next.opp);
    if (done) return { winner: mover, kind: done.winBG ? 2 : done.winG ? 1 : 0 };
    me = next.opp;
    opp = next.me;
  }
  throw new Error("the game does not end");
}
