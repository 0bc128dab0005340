import type { GameState } from "../engine/index.js";
import { fail, type ServiceResult } from "./errors.js";
import type { ServiceConfig } from "./types.js";

/**
 * The one rule for claiming a game from a silent opponent: why the player kept waiting may
 * not claim it now, or null. The opponent must have been silent for twice the idle time, and
 * must not be the computer: the computer answers at once whenever the bot can reach the
 * game's chat, so its silence only means the bot could not deliver its turn (it was removed
 * from the chat or blocked there). Such a game waits, and the computer plays its turn at the
 * first maintenance tick after the chat is back; nobody wins it by the computer's silence
 * (either side can still resign).
 */
export function claimRefusal(
  config: Pick<ServiceConfig, "idleMs" | "computerId">,
  waitingFor: number | null,
  lastActionAt: number,
  now: number,
  claimant: { readonly userId: number; readonly offersResignation: boolean } | null = null,
): ServiceResult<never> | null {
  if (claimant && waitingFor === claimant.userId)
    return fail("claim-own-turn", "The game waits for you: move, and the claim goes away.");
  // Who offered to resign waits for the answer; a claim would win what they offered.
  if (claimant?.offersResignation)
    return fail("claim-own-offer", "Your resignation offer waits for an answer.");
  if (waitingFor !== null && waitingFor === config.computerId)
    return fail("claim-computer", "The computer's turn waits for the chat to be reachable.");
  if (now - lastActionAt < 2 * config.idleMs)
    return fail("too-early", "The opponent still has time to move.");
  return null;
}

/** `claimRefusal` for player `userId` of a game: the one waited for, or one offering to resign. */
export function playerClaimRefusal(
  config: Pick<ServiceConfig, "idleMs" | "computerId">,
  game: {
    readonly whiteId: number;
    readonly state: GameState;
    readonly waitingFor: number | null;
    readonly lastActionAt: number;
  },
  userId: number,
  now: number,
): ServiceResult<never> | null {
  const color = game.whiteId === userId ? "white" : "black";
  const offersResignation = game.state.phase === "resign" && game.state.pendingResign?.by === color;
  return claimRefusal(config, game.waitingFor, game.lastActionAt, now, {
    userId,
    offersResignation,
  });
}
