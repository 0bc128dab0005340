import type { GameRow } from "../db/index.js";
import {
  actor,
  type ClockState,
  flagAt,
  type GameState,
  holdClock,
  type Rules,
  runClock,
  startClock,
  stopClock,
  type TimeControl,
  type TimeControlName,
  timeControl,
  type Variant,
} from "../engine/index.js";

/** The time left at which the running side's player is warned. */
export const LOW_CLOCK_MS = 10_000;

/** A match to N points is N long; a single game, a running series' game or a set of games: 1. */
export const matchLengthOf = (rules: Rules): number =>
  rules.match.kind === "points" ? rules.match.to : 1;

/** The stored control for a name: null for none (nothing is stored then). */
export function controlFor(
  name: TimeControlName | null | undefined,
  variant: Variant,
  rules: Rules,
): TimeControl | null {
  if (!name || name === "none") return null;
  return timeControl(name, variant, matchLengthOf(rules));
}

/**
 * The clock a game begins with, once its colours are known. In a match to N points each
 * player's reserve goes on from the match's last game (the reserve is the match's); else it
 * is the control's whole reserve.
 */
export function openingClock(
  control: TimeControl | null,
  rules: Rules,
  colours: { readonly whiteId: number; readonly blackId: number },
  previous: GameRow | undefined,
): ClockState | null {
  if (control?.kind !== "delay") return null;
  const fresh = startClock(control);
  const last = previous?.clock;
  if (rules.match.kind !== "points" || !last || last.delayMs !== control.delayMs) return fresh;
  const of = (id: number): number | null => {
    if (id === previous.whiteId) return last.reserveMs.white;
    return id === previous.blackId ? last.reserveMs.black : null;
  };
  const white = of(colours.whiteId);
  const black = of(colours.blackId);
  if (white === null || black === null) return fresh;
  return { ...fresh, reserveMs: { white, black } };
}

/**
 * The clock once `state` is reached from `before` at `at`. The running side's turn ended if
 * it no longer acts (it moved, doubled, answered, or the game ended), or if it acts in a new
 * turn (the opponent's whole turn was played for them): it is charged, and its next turn
 * runs from that turn's buttons. Within its turn (a step, an undo, a roll) the clock holds
 * until the next buttons are delivered: waiting for a chat's budget is never charged.
 */
export function clockAfter(
  clock: ClockState | null,
  before: GameState,
  state: GameState,
  at: number,
): ClockState | null {
  if (!clock || clock.running === null) return clock;
  const next = state.phase === "over" ? null : actor(state);
  if (next !== clock.running || state.turnNumber !== before.turnNumber) return stopClock(clock, at);
  return holdClock(clock, at);
}

/**
 * `side`'s buttons were seen at `at`: its time runs from then (a turn held while its buttons
 * were on their way goes on from what it had used), unless it runs already.
 */
export function clockSeenAt(clock: ClockState, state: GameState, at: number): ClockState | null {
  const side = state.phase === "over" ? null : actor(state);
  if (side === null) return null;
  if (clock.running === side && clock.runningSince !== null) return null;
  return runClock(clock, side, at);
}

/**
 * The bot was down from `downSince`, and is back at `now`: the running turn is charged up
 * to `downSince` and goes on from `now`, the time between never charged.
 */
export function clockAfterDowntime(clock: ClockState, downSince: number, now: number): ClockState {
  const side = clock.running;
  if (side === null || clock.runningSince === null) return clock;
  const held = holdClock(clock, Math.max(clock.runningSince, Math.min(downSince, now)));
  return runClock(held, side, now);
}

/** The clock stops mid-turn at `at` (its chat out of reach); null when nothing runs. */
export const clockHeldAt = (clock: ClockState, at: number): ClockState | null =>
  clock.runningSince === null ? null : holdClock(clock, at);

/** A clock held mid-turn runs again from `at`; null when none was held. */
export const clockResumedAt = (clock: ClockState, at: number): ClockState | null =>
  clock.running === null || clock.runningSince !== null ? null : runClock(clock, clock.running, at);

export { flagAt };
