import { type Evaluator, finished } from "../../src/ai/evaluate.js";
import type { Probs } from "../../src/ai/types.js";
import { equity, outcomeValues } from "../../src/ai/values.js";
import {
  type Dice,
  defaultRules,
  legalPlays,
  type Side,
  startingSide,
  type Variant,
} from "../../src/engine/index.js";
import { nextTurnSpec } from "./turns.js";

/** One game of self-play: the inputs of each position right after a move, and the result. */
export interface Trajectory {
  /** Features of the position after each turn, from the mover's side. */
  readonly inputs: Float64Array[];
  /** The evaluation the mover saw for it (the exact result for the last one). */
  readonly probs: Probs[];
}

/**
 * Plays one game at 0-ply with the evaluator on both sides, straight on the move generator
 * (faster than the full game flow; the head rule's first-turn state is kept as the engine
 * keeps it). Rules are the variant's defaults. `explore`: chance of a random play instead.
 */
export function selfPlay(
  ev: Evaluator,
  variant: Variant,
  random: () => number,
  explore = 0,
): Trajectory {
  const rules = defaultRules(variant);
  const values = outcomeValues(variant, { scoring: rules.scoring });
  const roll = (): Dice => [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
  let me: Side = startingSide(variant);
  let opp: Side = startingSide(variant);
  const firstRolls: [Dice | null, Dice | null] = [null, null];
  const inputs: Float64Array[] = [];
  const probs: Probs[] = [];
  for (let turn = 0; turn < 2000; turn++) {
    let dice = roll();
    // Short nardy opens with the lot, never a double.
    while (variant === "short" && turn === 0 && dice[0] === dice[1]) dice = roll();
    const spec = nextTurnSpec({ variant, rules, me, opp, dice }, firstRolls, turn % 2);
    const plays = legalPlays(spec);
    let next = { me, opp };
    let p: Probs | null = null;
    if (plays.length > 0) {
      let bestEq = Number.NEGATIVE_INFINITY;
      for (const play of plays) {
        const q = ev.evaluate(play.me, play.opp);
        const eq = equity(q, values);
        if (eq > bestEq) {
          bestEq = eq;
          next = play;
          p = q;
        }
      }
      if (explore > 0 && random() < explore) {
        next = plays[Math.floor(random() * plays.length)]!;
        p = ev.evaluate(next.me, next.opp);
      }
    }
    p ??= ev.evaluate(me, opp);
    const done = finished(variant, next.me, next.opp);
    ev.features(next.me, next.opp, ev.x);
    inputs.push(Float64Array.from(ev.x));
    probs.push(done ?? p);
    if (done) break;
    me = next.opp;
    opp = next.me;
  }
  return { inputs, probs };
}
