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

const LEFT = 34;
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

function parseCell(text: string, seat: Seat): Cell | "wins" | null {
  const t = text.trim();
  if (t === "") return null;
  if (t === "Takes") return { seat, kind: "take" };
  if (t === "Drops") return { seat, kind: "drop" };
  const dbl = /^Doubles => (\d+)$/.exec(t);
  if (dbl) return { seat, kind: "double", value: Number(dbl[1]) };
  const mv = /^([1-6])([1-6]):\s*(.*)$/.exec(t);
  if (!mv) throw new Error(`cannot read "${t}"`);
  const dice: Dice = [Number(mv[1]), Number(mv[2])];
  const steps = (mv[3] ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => {
      const m = /^(\d+)\/(\d+)(\*?)$/.exec(s);
      if (!m) throw new Error(`cannot read the step "${s}"`);
      const from = Number(m[1]);
      const to = Number(m[2]);
      const die = to === 0 ? Math.min(...dice.filter((d) => d >= from), 6) : from - to;
      return m[3] ? { from, to, die, hit: true } : { from, to, die };
    });
  return { seat, kind: "move", dice, steps };
}

/** A game that ended in a drop has no "Wins" line: the drop names the winner and the stake. */
function dropWinner(g: GameRecord): GameRecord {
  const last = g.cells.at(-1);
  const double = [...g.cells].reverse().find((c) => c.kind === "double");
  if (g.winner !== null || last?.kind !== "drop" || double?.kind !== "double") return g;
  return { ...g, winner: last.seat === 0 ? 1 : 0, points: double.value / 2 };
}

/** Reads our own `.mat` text back (for round trips); throws with a reason on bad input. */
export function parseMat(text: string): MatchRecord {
  const lines = text.split("\n");
  const header = /^\s*(\d+) point match/.exec(lines.find((l) => l.trim() !== "") ?? "");
  if (!header) throw new Error("missing the match length line");
  const games: GameRecord[] = [];
  let players: [string, string] = ["", ""];
  let current: {
    score: [number, number];
    cells: Cell[];
    winner: Seat | null;
    points: number;
  } | null = null;
  for (const line of lines) {
    if (/^\s*Game \d+/.test(line)) {
      if (current) games.push(current);
      current = { score: [0, 0], cells: [], winner: null, points: 0 };
      continue;
    }
    if (!current) continue;
    const names = /^\s(.+?) : (\d+)\s+(.+?) : (\d+)\s*$/.exec(line);
    if (names && current.cells.length === 0 && !/^\s*\d+\)/.test(line)) {
      players = [names[1]!, names[3]!];
      current.score = [Number(names[2]), Number(names[4])];
      continue;
    }
    const wins = /Wins (\d+) points?/.exec(line);
    if (wins && !/^\s*\d+\)/.test(line)) {
      current.winner = line.indexOf("Wins") < 5 + LEFT ? 0 : 1;
      current.points = Number(wins[1]);
      continue;
    }
    const row = /^\s*\d+\) (.*)$/.exec(line);
    if (!row) continue;
    const body = row[1]!;
    for (const [seat, text] of [
      [0, body.slice(0, LEFT)],
      [1, body.slice(LEFT)],
    ] as const) {
      const cell = parseCell(text, seat);
      if (cell && cell !== "wins") current.cells.push(cell);
    }
  }
  if (current) games.push(current);
  return { length: Number(header[1]), players, games: games.map(dropWinner) };
}
