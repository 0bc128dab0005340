/**
 * Writes bench/testkit/fixtures/gnubg/short-gnubg-equities.jsonl.gz: GNU Backgammon's 0-ply
 * cubeless equity of every legal play in a sample of the self-play positions
 * (bench/testkit/fixtures/gnubg). The analysis agreement test and `npm run bench` compare our
 * evaluator's losses with these. Run again only to regenerate: `npx tsx bench/gnubg-equities.ts
 * [count]`. `npx tsx bench/gnubg-equities.ts 400 0.5 other.jsonl.gz` writes another sample, the
 * positions halfway between the fixture's (0.25: a quarter of the way), for checking a choice made
 * on the fixture.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { findGnubg } from "./gnubg.js";
import { startEquityScript } from "./gnubg-equity-script.js";
import { GNUBG_FIXTURES, loadSelfplayVectors } from "./testkit/vectors.js";

export const EQUITIES_FILE = path.join(GNUBG_FIXTURES, "short-gnubg-equities.jsonl.gz");

const count = Number(process.argv[2] ?? 400);
const offset = Number(process.argv[3] ?? 0);
const file = process.argv[4] ?? EQUITIES_FILE;
const binary = findGnubg();
if (!binary) throw new Error("GNU Backgammon is not installed");

// Every k-th position with a choice, spread over all 100 games.
const choices = loadSelfplayVectors().filter((c) => c.count >= 2);
const step = choices.length / count;
const sample = Array.from({ length: count }, (_, i) => choices[Math.floor((i + offset) * step)]!);

const gnubg = startEquityScript(binary);
const lines: string[] = [];
for (const c of sample) {
  const evals = await gnubg.evaluate(c.after);
  const plays = c.after.map((after, i) => ({ after, equity: evals[i]![5] }));
  lines.push(JSON.stringify({ pos: c.pos, dice: c.dice, plays }));
}
gnubg.close();
writeFileSync(file, gzipSync(`${lines.join("\n")}\n`));
console.log(`${lines.length} positions, ${sample.reduce((a, c) => a + c.count, 0)} plays`);
