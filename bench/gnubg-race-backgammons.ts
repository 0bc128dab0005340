/**
 * Writes bench/testkit/fixtures/gnubg/race-backgammons.jsonl: short-nardy races where a backgammon
 * is still possible (the winner home, the loser with nothing off and checkers in the winner's
 * home), each with GNU Backgammon's 0-ply chances for the side that just moved. Run again only to
 * regenerate: `npx tsx bench/gnubg-race-backgammons.ts [count] [seed]`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { seededRandom } from "../src/engine/dice.js";
import { encodePositionId, makeSide } from "../src/engine/index.js";
import { findGnubg } from "./gnubg.js";
import { startEquityScript } from "./gnubg-equity-script.js";
import { GNUBG_FIXTURES } from "./testkit/vectors.js";

const count = Number(process.argv[2] ?? 300);
const random = seededRandom(Number(process.argv[3] ?? 7));
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const binary = findGnubg();
if (!binary) throw new Error("GNU Backgammon is not installed");

/** A race: the loser's last checker on its point `back` (19..23), the winner's all below it. */
function racePosition(): string {
  const back = between(19, 23);
  const winner: Record<number, number> = {};
  const onBoard = between(1, 15);
  winner[0] = 15 - onBoard;
  for (let i = 0; i < onBoard; i++) add(winner, between(1, Math.min(6, 24 - back)));
  const loser: Record<number, number> = { 0: 0, [back]: 1 };
  const alsoThere = between(0, 3);
  for (let i = 0; i < alsoThere; i++) add(loser, between(19, back));
  for (let i = 1 + alsoThere; i < 15; i++)
    add(loser, random() < 0.5 ? between(1, 6) : between(7, 18));
  const [w, l] = [makeSide(winner), makeSide(loser)];
  // Half with the loser just moved (the winner rolls next), half the other way round.
  return random() < 0.5 ? encodePositionId(l, w) : encodePositionId(w, l);
}

function add(points: Record<number, number>, p: number): void {
  points[p] = (points[p] ?? 0) + 1;
}

const ids = Array.from({ length: count }, racePosition);
const gnubg = startEquityScript(binary);
const evals = await gnubg.evaluate(ids);
gnubg.close();
const lines = ids.map((pos, i) => JSON.stringify({ pos, probs: evals[i]!.slice(0, 5) }));
writeFileSync(path.join(GNUBG_FIXTURES, "race-backgammons.jsonl"), `${lines.join("\n")}\n`);
console.log(`${lines.length} positions`);
