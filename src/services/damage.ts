import type { GameRow } from "../db/index.js";
import { actor, stateProblem, turnView } from "../engine/index.js";
import { replayGame } from "./replay.js";

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Why an active game's stored state cannot be played on (null: it can). Cheap enough for
 * every read: the state's shape and ranges, and the engine taking it.
 */
export function damageOf(g: Pick<GameRow, "state" | "variant">): string | null {
  const problem = stateProblem(g.state);
  if (problem) return `state: ${problem}`;
  if (g.state.variant !== g.variant) return "state: not the game's variant";
  if (g.state.phase === "over") return "state: over, the game active";
  try {
    actor(g.state);
    turnView(g.state);
  } catch (e) {
    return `state: the engine refuses it (${message(e)})`;
  }
  return null;
}

/**
 * The full check, for the start-up sweep and for a state the engine threw on: damageOf,
 * and the event log replaying exactly to the stored state. `events` throws when a row of the
 * log no longer reads.
 */
export async function auditProblem(
  g: GameRow,
  events: () => Promise<readonly { type: string; payload: unknown }[]>,
): Promise<string | null> {
  const damage = damageOf(g);
  if (damage) return damage;
  try {
    const log = await events();
    if (log.length !== g.version) return `log: ${log.length} events for version ${g.version}`;
    // A game waiting for its message has no event yet: nothing has happened in it.
    if (g.pendingStart) return log.length === 0 ? null : "log: events before the start";
    const replayed = JSON.stringify(replayGame(log));
    return replayed === JSON.stringify(g.state) ? null : "log: replays to another state";
  } catch (e) {
    return `log: ${message(e)}`;
  }
}
