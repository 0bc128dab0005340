import { actor, type Color, delayLeftAt, reservesAt, timeControlNameOf } from "../engine/index.js";
import {
  type GameView,
  isLobbyGame,
  lobbyNextGameDue,
  nextGameByPress,
  type PlayerView,
} from "../services/index.js";
import { type PageClock, type PageGame, type PagePlayer, type Role, SEAT_ID } from "./protocol.js";

/** A player's name as the page shows it. */
export const playerName = (p: Pick<PlayerView, "firstName" | "lastName">): string =>
  p.lastName ? `${p.firstName} ${p.lastName}` : p.firstName;

/** A stranger's name: the first name, with the @username when they let strangers see it. */
const strangerName = (p: PlayerView): string =>
  p.showUsername && p.username ? `${p.firstName} @${p.username}` : p.firstName;

/** Between strangers paired in the lobby, first names only (and usernames if allowed). */
const player = (game: GameView, p: PlayerView, seat: Color): PagePlayer => ({
  id: SEAT_ID[seat],
  name: isLobbyGame(game) ? strangerName(p) : playerName(p),
});

/**
 * A game as the page shows it: no message ids, seeds or bookkeeping of the chat's board.
 * `now`: the service's time, which its clock's figures are worked out at.
 */
export function pageGame(game: GameView, claimable: boolean, now: number): PageGame {
  return {
    id: game.id,
    variant: game.variant,
    status: game.status,
    starting: game.starting,
    state: game.state,
    version: game.version,
    white: player(game, game.white, "white"),
    black: player(game, game.black, "black"),
    waitingFor: waitedSeat(game),
    score: game.score,
    scoreAfter: game.final ? { white: game.final.white, black: game.final.black } : null,
    claimable,
    rematch: nextGameByPress(game),
    nextGameDue: lobbyNextGameDue(game),
    lobby: isLobbyGame(game)
      ? {
          matchLength: game.rules.match.kind === "points" ? game.rules.match.to : 1,
          clock: timeControlNameOf(game.timeControl),
        }
      : null,
    clock: pageClock(game, now),
  };
}

/**
 * A delay clock's figures as of `now` (engine/clock.ts works them out), for the page to count
 * down from; null without a delay clock. Once the game is over nothing runs: its figures are
 * the ones it ended with.
 */
export function pageClock(
  game: Pick<GameView, "timeControl" | "clock" | "status" | "starting" | "state" | "finishedAt">,
  now: number,
): PageClock | null {
  const clock = game.clock;
  if (game.timeControl.kind !== "delay" || !clock) return null;
  const active = game.status === "active";
  // A game ended some other way than a move (a broken record) with time running: as it ended.
  const at = active ? now : Math.min(now, game.finishedAt ?? now);
  const turn = !active
    ? null
    : (clock.running ?? (game.starting || game.state.phase === "over" ? null : actor(game.state)));
  const running = turn !== null && clock.runningSince !== null ? clock.running : null;
  return {
    delayMs: clock.delayMs,
    reserveMs: reservesAt(clock, at),
    turn,
    delayLeftMs: turn === null ? clock.delayMs : delayLeftAt(clock, at),
    running,
    now,
  };
}

/** The user's seat in the game, or null when they do not play in it. */
export const seatOf = (game: GameView, userId: number): Role | null =>
  game.white.id === userId ? "white" : game.black.id === userId ? "black" : null;

/** The seat the game waits for, as the page numbers seats (SEAT_ID); null: nobody. */
function waitedSeat(game: GameView): number | null {
  const seat = game.waitingFor === null ? null : seatOf(game, game.waitingFor);
  return seat === null ? null : SEAT_ID[seat];
}
