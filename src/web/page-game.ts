import { rematchOpen } from "../engine/index.js";
import type { GameView, PlayerView } from "../services/index.js";
import type { PageGame, PagePlayer, Role } from "./protocol.js";

/** A player's name as the page shows it. */
export const playerName = (p: Pick<PlayerView, "firstName" | "lastName">): string =>
  p.lastName ? `${p.firstName} ${p.lastName}` : p.firstName;

const player = (p: PlayerView): PagePlayer => ({ id: p.id, name: playerName(p) });

/** A game as the page shows it: no message ids, seeds or bookkeeping of the chat's board. */
export function pageGame(game: GameView, claimable: boolean): PageGame {
  return {
    id: game.id,
    variant: game.variant,
    status: game.status,
    starting: game.starting,
    state: game.state,
    version: game.version,
    white: player(game.white),
    black: player(game.black),
    waitingFor: game.waitingFor,
    score: game.score,
    scoreAfter: game.final ? { white: game.final.white, black: game.final.black } : null,
    claimable,
    rematch: rematchOpen(game),
  };
}

/** The user's seat in the game, or null when they do not play in it. */
export const seatOf = (game: GameView, userId: number): Role | null =>
  game.white.id === userId ? "white" : game.black.id === userId ? "black" : null;
