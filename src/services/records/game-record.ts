import type { Color, Seat } from "../../engine/index.js";
import { type Timeline, timelineOf } from "../timeline.js";
import type { GameEventView, GameView, PlayerView } from "../types.js";
import { type Cell, cellsBetween, formatMat } from "./mat.js";
import { formatTextRecord } from "./text-record.js";
import { type DiceFacts, trailerLines } from "./trailer.js";

/** A finished game as a file: short nardy as Jellyfish `.mat`, long nardy as plain text. */
export interface RecordFile {
  readonly fileName: string;
  readonly text: string;
}

/**
 * A name fit for a record line: one line, no ":" (the `.mat` score line splits on it), at
 * most 30 characters so the `.mat` columns keep their width.
 */
export function recordName(p: PlayerView): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ");
  const name = (full || (p.username ? `@${p.username}` : `player ${p.id}`))
    .replace(/[\p{Cc}:;]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...(name || `player ${p.id}`)].slice(0, 30).join("");
}

function diceFacts(game: GameView, seed: string): DiceFacts {
  const lot = game.opening;
  return {
    lot: lot ? lot.rolls.map(([a, b]) => [a, b] as const) : null,
    lotDicePlayed: lot !== null && game.rules.opening === "lot",
    seed,
    salt: game.diceSalt,
    commitment: game.diceCommitment,
  };
}

function matRecord(game: GameView, timeline: Timeline, trailer: string[]): string {
  // White is seat 0, the left column.
  const seatOf = (c: Color): Seat => (c === "white" ? 0 : 1);
  const cells: Cell[] = timeline.transitions.flatMap((t) =>
    cellsBetween(t.before, t.after, seatOf),
  );
  const result = game.state.result;
  const m = game.rules.match;
  return formatMat({
    length: m.kind === "points" ? m.to : 0,
    players: [recordName(game.white), recordName(game.black)],
    games: [
      {
        score: [game.score.white, game.score.black],
        cells,
        winner: result?.winner ? seatOf(result.winner) : null,
        points: result?.points ?? 0,
      },
    ],
    comments: [`nardy-bot game #${game.id}`, ...trailer],
  });
}

/** The record of a finished game (its seed is revealed only then); null before the end. */
export function gameRecord(game: GameView, events: readonly GameEventView[]): RecordFile | null {
  if (game.state.phase !== "over" || !game.diceSeed) return null;
  const timeline = timelineOf(events);
  const trailer = trailerLines(diceFacts(game, game.diceSeed));
  if (game.variant === "short")
    return { fileName: `nardy-${game.id}.mat`, text: matRecord(game, timeline, trailer) };
  const lot = game.opening;
  const colourOf = (id: number): Color => (id === game.white.id ? "white" : "black");
  const text = formatTextRecord(
    {
      gameId: game.id,
      variant: game.variant,
      rules: game.rules,
      names: { white: recordName(game.white), black: recordName(game.black) },
      started: game.createdAt,
      finished: game.finishedAt,
      scoreBefore: game.score,
      lot: lot
        ? { seats: [colourOf(lot.players[0]), colourOf(lot.players[1])], throws: lot.rolls }
        : null,
      starter: game.state.starter,
      transitions: timeline.transitions,
      result: game.state.result,
      cube: game.state.cube.value,
    },
    trailer,
  );
  return { fileName: `nardy-${game.id}.txt`, text };
}
