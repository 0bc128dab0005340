import type { Action, Color, GameState } from "../engine/index.js";
import { type ActionPayload, applyEvent } from "./events.js";

/** One stored action and the states on either side of it. */
export interface Transition {
  readonly by: Color;
  readonly action: Action;
  /** Dice this action drew (a roll), in drawing order. */
  readonly dice: readonly number[];
  readonly before: GameState;
  readonly after: GameState;
  /** The service took it by itself (an automatic roll, a forced step). */
  readonly auto: boolean;
}

export interface Timeline {
  /** The state the start event made (the opening lot's dice already in play when it gave them). */
  readonly start: GameState;
  readonly transitions: readonly Transition[];
}

/** A game's events replayed into the transitions between its states (events ordered by seq). */
export function timelineOf(
  events: readonly { type: string; payload: unknown; actorId?: number | null }[],
): Timeline {
  const first = events[0];
  if (first?.type !== "start") throw new Error("a game needs its start event");
  const start = applyEvent(null, first);
  const transitions: Transition[] = [];
  let state = start;
  for (const e of events.slice(1)) {
    const after = applyEvent(state, e);
    const p = e.payload as ActionPayload;
    transitions.push({
      by: p.by,
      action: p.action,
      dice: p.dice ?? [],
      before: state,
      after,
      auto: e.actorId === null,
    });
    state = after;
  }
  return { start, transitions };
}

/** A finished turn: the side, its dice and steps, and the state right after it. */
export interface TurnPlayed {
  readonly color: Color;
  readonly dice: readonly [number, number];
  readonly steps: GameState["steps"];
  readonly after: GameState;
}

/** Whether the action finished a turn (its last step, or a roll with no legal move). */
export const endsTurn = (t: Transition): boolean =>
  t.after.lastMove !== null && t.after.lastMove !== t.before.lastMove;

/** Every turn played, in order (a roll with no legal move is a turn with no steps). */
export function turnsOf(timeline: Timeline): TurnPlayed[] {
  const out: TurnPlayed[] = [];
  for (const t of timeline.transitions) {
    const m = t.after.lastMove;
    if (m && endsTurn(t))
      out.push({ color: m.color, dice: m.dice, steps: m.steps, after: t.after });
  }
  return out;
}
