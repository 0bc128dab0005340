import type { GameState } from "../engine/index.js";
import { applyEvent } from "./events.js";

/** Rebuilds a game's state from its events alone (ordered by seq). */
export function replayGame(events: readonly { type: string; payload: unknown }[]): GameState {
  let state: GameState | null = null;
  for (const e of events) state = applyEvent(state, e);
  if (state === null) throw new Error("a game needs its start event");
  return state;
}
