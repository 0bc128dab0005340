/**
 * Writes bench/testkit/fixtures/gnubg/bearoff-gnubg-os.jsonl: GNU Backgammon's one-sided bear-off
 * data (gnubg_os0.bd, printed by its `bearoffdump`) for a spread of home-board positions. The
 * bear-off test compares src/ai/bearoff.ts with it. Run again only to regenerate:
 * `npx tsx bench/gnubg-bearoff.ts [count]` (Debian's gnubg package puts both files in place).
 */
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bearoffPosition } from "../src/ai/bearoff.js";
import { encodePositionId, makeSide, seededRandom } from "../src/engine/index.js";
import { GNUBG_FIXTURES } from "./testkit/vectors.js";

export const BEAROFF_FILE = path.join(GNUBG_FIXTURES, "bearoff-gnubg-os.jsonl");
const DUMP = "/usr/games/bearoffdump";
const DATABASE = "/usr/share/gnubg/gnubg_os0.bd";

const count = Number(process.argv[2] ?? 400);
if (!existsSync(DUMP) || !existsSync(DATABASE)) throw new Error("GNU Backgammon is not installed");

/** A position as [points 1..6]. */
type Points = number[];
const key = (p: Points) => p.join(",");
const chosen = new Map<string, Points>();
const add = (p: Points) => chosen.set(key(p), p);

// Every single checker, and stacks of each size on each point.
for (let n = 1; n <= 15; n++)
  for (let point = 1; point <= 6; point++)
    if (n <= 3 || n % 3 === 0 || n === 15)
      add([1, 2, 3, 4, 5, 6].map((q) => (q === point ? n : 0)));
// Gaps: checkers on two points only, far apart.
for (const [a, b] of [
  [1, 6],
  [2, 6],
  [1, 5],
  [3, 6],
])
  for (const [x, y] of [
    [1, 1],
    [7, 8],
    [1, 14],
    [14, 1],
  ])
    add([1, 2, 3, 4, 5, 6].map((q) => (q === a ? x! : q === b ? y! : 0)));
// All 15 spread at random (gammon chances are only defined there), then any count.
const random = seededRandom(20_240_601);
while (chosen.size < count / 2) {
  const p = [0, 0, 0, 0, 0, 0];
  for (let c = 0; c < 15; c++) p[Math.floor(random() * 6)]!++;
  add(p);
}
// Evenly over the whole table by rank.
for (let k = 0; chosen.size < count; k++) {
  const i = Math.floor(((k * 0.6180339887) % 1) * 54_264);
  add(bearoffPosition(i).slice(1));
}

interface Column {
  dist: number[];
  mean: number;
  std: number;
}

/** The "Player" columns of bearoffdump's tables: percentages per roll count, mean, std dev. */
function parse(text: string): { off: Column; gammon: Column } {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("Rolls\t"));
  const off: number[] = [];
  const gammon: number[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\d+\t/.test(line)) break;
    const cells = line.split("\t").map((c) => c.trim());
    off.push(Number(cells[1]));
    if (cells[4]) gammon.push(Number(cells[4]));
  }
  const row = (label: string) => {
    const cells = lines.find((l) => l.startsWith(`${label}\t`))!.split("\t");
    return [Number(cells[1]), Number(cells[4])] as const;
  };
  const [mean, gammonMean] = row("Mean");
  const [std, gammonStd] = row("Std dev");
  // As printed: the gammon column stops earlier (none at all when every checker is off).
  return {
    off: { dist: off, mean, std },
    gammon: { dist: gammon, mean: gammonMean, std: gammonStd },
  };
}

const empty = makeSide({ 0: 15 });
const lines: string[] = [];
for (const points of chosen.values()) {
  const total = points.reduce((a, b) => a + b, 0);
  const side = makeSide({ 0: 15 - total, ...Object.fromEntries(points.map((n, q) => [q + 1, n])) });
  // The side on roll is gnubg's "Player".
  const id = encodePositionId(side, empty);
  const text = execFileSync(DUMP, [DATABASE, "-p", id], { encoding: "utf8" });
  const { off, gammon } = parse(text);
  lines.push(JSON.stringify({ points, id, off, gammon }));
}
writeFileSync(BEAROFF_FILE, `${lines.join("\n")}\n`);
const fifteen = [...chosen.values()].filter((p) => p.reduce((a, b) => a + b, 0) === 15).length;
console.log(`${lines.length} positions, ${fifteen} of them with 15 checkers`);
