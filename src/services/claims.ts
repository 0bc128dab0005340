import { CORRESPONDENCE_MOVE_MS, type GameState, type TimeControl } from "../engine/index.js";
import { fail, type ServiceResult } from "./errors.js";
import type { ServiceConfig } from "./types.js";

type ControlKind = TimeControl["kind"];

/**
 * The one rule for a silent player's time: how long a game may wait for its player before
 * they are reminded; the opponent may claim it after twice this. A correspondence game has
 * its own day a move (reminded at half of it, claimable at the whole of it), whatever the
 * bot's idle time; every other game has the idle time (IDLE_HOURS): a game with no clock,
 * and a delay clock's game, whose flag ends it long before.
 */
export function idleMsOf(
  config: Pick<ServiceConfig, "idleMs">,
  control: TimeControl | null | undefined,
): number {
  return control?.kind === "correspondence" ? control.moveMs / 2 : config.idleMs;
}

/**
 * For the idle queries, per kind of control: the latest last action a game of that kind may
 * have to be silent for `times` its idle time by `now` (1: reminded, 2: claimable). Each bound
 * is the rule's for the kind's control as `timeControl` makes it, so the query reads only
 * games near their time; `isIdle` then decides each game by its own control.
 */
export function idleBounds(
  config: Pick<ServiceConfig, "idleMs">,
  now: number,
  times: number,
): Record<ControlKind, number> {
  const before = (control: TimeControl | null): number => now - times * idleMsOf(config, control);
  return {
    none: before(null),
    correspondence: before({ kind: "correspondence", moveMs: CORRESPONDENCE_MOVE_MS }),
    delay: before(null),
  };
}

/** Whether a game has been silent for `times` its idle time (see idleMsOf) by `now`. */
export function isIdle(
  config: Pick<ServiceConfig, "idleMs">,
  game: { readonly lastActionAt: number; readonly timeControl?: TimeControl | null },
  now: number,
  times: number,
): boolean {
  return now - game.lastActionAt >= times * idleMsOf(config, game.timeControl);
}

/** What claimRefusal reads of a game. */
export interface ClaimedGame {
  readonly waitingFor: number | null;
  readonly lastActionAt: number;
  /** Null or absent: no clock. */
  readonly timeControl?: TimeControl | null;
}

/**
 * The one rule for claiming a game from a silent opponent: why the player kept waiting may
 * not claim it now, or null. The opponent must have been silent for twice the game's idle
 * time (see idleMsOf), and must not be the computer: the computer answers at once whenever
 * the bot can reach the game's chat, so its silence only means the bot could not deliver its
 * turn (it was removed from the chat or blocked there). Such a game waits, and the computer
 * plays its turn at the first maintenance tick after the chat is back; nobody wins it by the
 * computer's silence (either side can still resign).
 */
export function claimRefusal(
  config: Pick<ServiceConfig, "idleMs" | "computerId">,
  game: ClaimedGame,
  now: number,
  claimant: { readonly userId: number; readonly offersResignation: boolean } | null = null,
): ServiceResult<never> | null {
  const { waitingFor } = game;
  if (claimant && waitingFor === claimant.userId)
    return fail("claim-own-turn", "The game waits for you: move, and the claim goes away.");
  // Who offered to resign waits for the answer; a claim would win what they offered.
  if (claimant?.offersResignation)
    return fail("claim-own-offer", "Your resignation offer waits for an answer.");
  if (waitingFor !== null && waitingFor === config.computerId)
    return fail("claim-computer", "The computer's turn waits for the chat to be reachable.");
  if (!isIdle(config, game, now, 2))
    return fail("too-early", "The opponent still has time to move.");
  return null;
}

/** `claimRefusal` for player `userId` of a game: the one waited for, or one offering to resign. */
export function playerClaimRefusal(
  config: Pick<ServiceConfig, "idleMs" | "computerId">,
  game: ClaimedGame & { readonly whiteId: number; readonly state: GameState },
  userId: number,
  now: number,
): ServiceResult<never> | null {
  const color = game.whiteId === userId ? "white" : "black";
  const offersResignation = game.state.phase === "resign" && game.state.pendingResign?.by === color;
  return claimRefusal(config, game, now, { userId, offersResignation });
}
