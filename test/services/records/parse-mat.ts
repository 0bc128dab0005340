/** Reads the bot's own `.mat` text back, for round trips in the tests. */
import type { Dice, Seat } from "../../../src/engine/index.js";
import {
  type Cell,
  type GameRecord,
  LEFT,
  type MatchRecord,
} from "../../../src/services/records/mat.js";

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

/** A `.mat` text as a record; throws with a reason on bad input. */
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
