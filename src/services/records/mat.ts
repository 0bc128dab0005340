import type { Color, Dice, GameState, Seat, Step } from "../../engine/index.js";

/**
 * A match as GNU Backgammon imports it: the Jellyfish `.mat` text. Points are written in the
 * mover's numbering, 25 for the bar and 0 for off; the left column is seat 0.
 */
export type Cell =
  | {
      readonly seat: Seat;
      readonly kind: "move";
      readonly dice: Dice;
      readonly steps: readonly Step[];
    }
  | { readonly seat: Seat; readonly kind: "double"; readonly value: number }
  | { readonly seat: Seat; readonly kind: "take" }
  | { readonly seat: Seat; readonly kind: "drop" };

export interface GameRecord {
  /** Match score before the game, seat 0 first. */
  readonly score: readonly [number, number];
  readonly cells: readonly Cell[];
  readonly winner: Seat | null;
  readonly points: number;
}

export interface MatchRecord {
  /** 0 for an unlimited series. */
  readonly length: number;
  readonly players: readonly [string, string];
  readonly games: readonly GameRecord[];
  /** Lines after the games, written as `;` comments (GNU Backgammon skips them). */
  readonly comments?: readonly string[];
}

/** What one engine transition adds to the record. */
export function cellsBetween(
  before: GameState,
  after: GameState,
  seatOf: (c: Color) => Seat,
): Cell[] {
  const cells: Cell[] = [];
  if (after.phase === "double" && before.phase !== "double")
    cells.push({ seat: seatOf(after.turn), kind: "double", value: after.cube.value * 2 });
  if (before.phase === "double" && after.cube.value > before.cube.value)
    cells.push({ seat: seatOf(after.cube.owner!), kind: "take" });
  if (before.phase === "double" && after.result?.reason === "drop")
    cells.push({ seat: seatOf(before.turn === "white" ? "black" : "white"), kind: "drop" });
  if (after.lastMove && after.lastMove !== before.lastMove) {
    const m = after.lastMove;
    cells.push({ seat: seatOf(m.color), kind: "move", dice: m.dice, steps: m.steps });
  }
  return cells;
}

const point = (p: number): string => String(Math.max(0, p));

function cellText(cell: Cell): string {
  switch (cell.kind) {
    case "move": {
      const steps = cell.steps.map((s) => `${point(s.from)}/${point(s.to)}${s.hit ? "*" : ""}`);
      return `${cell.dice[0]}${cell.dice[1]}: ${steps.join(" ")}`.trimEnd();
    }
    case "double":
      return ` Doubles => ${cell.value}`;
    case "take":
      return " Takes";
    case "drop":
      return " Drops";
  }
}

/** The width of seat 0's column in a move line. */
export const LEFT = 34;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function gameText(record: MatchRecord, index: number): string[] {
  const game = record.games[index]!;
  const [a, b] = record.players;
  const lines = [
    ` Game ${index + 1}`,
    ` ${`${a} : ${game.score[0]}`.padEnd(LEFT + 4)} ${b} : ${game.score[1]}`,
  ];
  const rows: [string | null, string | null][] = [];
  for (const cell of game.cells) {
    const text = cellText(cell);
    const last = rows.at(-1);
    if (cell.seat === 0) rows.push([text, null]);
    else if (last && last[1] === null) last[1] = text;
    else rows.push([null, text]);
  }
  rows.forEach(([left, right], i) => {
    const n = `${String(i + 1).padStart(3)}) `;
    lines.push(`${n}${(left ?? "").padEnd(LEFT)}${right ?? ""}`.trimEnd());
  });
  // After a drop GNU Backgammon scores the game itself: a "Wins" line would count it twice.
  const dropped = game.cells.at(-1)?.kind === "drop";
  if (game.winner !== null && !dropped) {
    const wins = `Wins ${plural(game.points, "point")}`;
    lines.push(game.winner === 0 ? `      ${wins}` : `${" ".repeat(5 + LEFT)}${wins}`);
  }
  return lines;
}

export function formatMat(record: MatchRecord): string {
  const head = record.length > 0 ? ` ${record.length} point match` : " 0 point match";
  const body = record.games.flatMap((_, i) => ["", ...gameText(record, i)]);
  const comments = (record.comments ?? []).map((c) => `; ${c}`);
  return `${[head, ...body, ...(comments.length ? ["", ...comments] : [])].join("\n")}\n`;
}
