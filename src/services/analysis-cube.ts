import { cubeEquities } from "../ai/cube.js";
import { cubePositionOf } from "../ai/decide.js";
import { flip, stockEvaluator } from "../ai/evaluate.js";
import type { AiContext } from "../ai/types.js";
import { equity, outcomeValues } from "../ai/values.js";
import {
  type Board,
  type Color,
  type GameState,
  mayDouble,
  other,
  RESULT_VALUE,
} from "../engine/index.js";
import type { Transition } from "./timeline.js";

/** What a player did at the cube or with a resignation, and what was best. */
export type CubeAction =
  | "double"
  | "no-double"
  | "take"
  | "drop"
  | "resign"
  | "play-on"
  | "accept"
  | "decline";

/** A cube or resignation decision weighed by the evaluator, per unit of the cube. */
export interface CubeDecision {
  readonly kind: "cube";
  readonly turn: number;
  readonly color: Color;
  readonly board: Board;
  readonly cube: { readonly value: number; readonly owner: Color | null };
  readonly action: CubeAction;
  readonly bestAction: CubeAction;
  readonly chosenEquity: number;
  readonly bestEquity: number;
  readonly loss: number;
}

/** A no-double this far (per cube) from doubling is no decision at all, as gnubg counts them. */
const CLEAR_NO_DOUBLE = 0.2;

const contextOf = (s: GameState): AiContext => ({
  scoring: s.rules.scoring,
  cubeValue: s.cube.value,
  jacobyActive: false,
  match: null,
});

/** The last equities worked out: a take or a drop answers the double weighed just before. */
let last: { key: string; e: ReturnType<typeof cubeEquities> } | null = null;

/** The cubeful equities (money, per unit cube) for the side on roll in `s`. */
function onRollEquities(s: GameState, level: "easy" | "hard") {
  // Whether the side may double now is no input to the equities (after a double it may not).
  const { canDouble: _canDouble, ...pos } = cubePositionOf(s);
  const ctx = contextOf(s);
  const key = JSON.stringify([pos, ctx, level]);
  if (last?.key !== key) last = { key, e: cubeEquities(pos, pos.cube, ctx, level) };
  const e = last.e;
  const v = s.cube.value;
  return { noDouble: e.noDouble / v, doubled: Math.min(e.doubleTake, e.doublePass) / v, e, v };
}

/** `color`'s cubeless money equity playing on from `s`, per unit cube, at 0-ply. */
function playOnEquity(s: GameState, color: Color): number {
  const ev = stockEvaluator(s.variant);
  const me = s.board[color];
  const opp = s.board[other(color)];
  // On roll, the chances are the other side's "just moved" ones, flipped.
  const probs = s.turn === color ? flip(ev.evaluate(opp, me)) : ev.evaluate(me, opp);
  return equity(probs, outcomeValues(s.variant, { scoring: s.rules.scoring }));
}

const decision = (
  s: GameState,
  color: Color,
  chosen: [CubeAction, number],
  other_: [CubeAction, number],
): Omit<CubeDecision, "turn"> => {
  const best = other_[1] > chosen[1] ? other_ : chosen;
  return {
    kind: "cube",
    color,
    board: s.board,
    cube: { value: s.cube.value, owner: s.cube.owner },
    action: chosen[0],
    bestAction: best[0],
    chosenEquity: chosen[1],
    bestEquity: best[1],
    loss: Math.max(0, best[1] - chosen[1]),
  };
};

/**
 * The cube or resignation decision a stored action made, or null when it made none: a
 * double or a roll that could have been one (unless doubling was clearly wrong), a take or
 * a drop, a resignation that ended the game, and the answer to a resignation offer.
 */
export function weighCubeAction(t: Transition): Omit<CubeDecision, "turn"> | null {
  const s = t.before;
  const a = t.action;
  if (a.type === "double" || (a.type === "roll" && !t.auto && mayDouble(s))) {
    if (a.type === "roll") {
      const quick = onRollEquities(s, "easy");
      if (quick.noDouble - quick.doubled > CLEAR_NO_DOUBLE) return null;
    }
    const { noDouble, doubled } = onRollEquities(s, "hard");
    return a.type === "double"
      ? decision(s, t.by, ["double", doubled], ["no-double", noDouble])
      : decision(s, t.by, ["no-double", noDouble], ["double", doubled]);
  }
  if (a.type === "take" || a.type === "drop") {
    const { e, v } = onRollEquities(s, "hard");
    const take: [CubeAction, number] = ["take", -e.doubleTake / v];
    const drop: [CubeAction, number] = ["drop", -e.doublePass / v];
    return a.type === "take" ? decision(s, t.by, take, drop) : decision(s, t.by, drop, take);
  }
  // Long nardy: a resignation ends the game at once, scored from the position.
  if (a.type === "resign" && t.after.result) {
    const given = -t.after.result.points / s.cube.value;
    return decision(s, t.by, ["resign", given], ["play-on", playOnEquity(s, t.by)]);
  }
  if ((a.type === "accept-resign" || a.type === "decline-resign") && s.pendingResign) {
    const offered = RESULT_VALUE[s.pendingResign.kind];
    const playOn = -playOnEquity(s, s.pendingResign.by);
    return a.type === "accept-resign"
      ? decision(s, t.by, ["accept", offered], ["decline", playOn])
      : decision(s, t.by, ["decline", playOn], ["accept", offered]);
  }
  return null;
}

/** The resigner's side of an accepted offer: what giving up cost against playing on. */
export function weighAcceptedOffer(t: Transition): Omit<CubeDecision, "turn"> | null {
  const s = t.before;
  if (t.action.type !== "accept-resign" || !s.pendingResign) return null;
  const by = s.pendingResign.by;
  const given = -RESULT_VALUE[s.pendingResign.kind];
  return decision(s, by, ["resign", given], ["play-on", playOnEquity(s, by)]);
}
