import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

/** GNU Backgammon's answers for short nardy, kept with the kit (README.md there). */
export const GNUBG_FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "fixtures/gnubg",
);

export interface VectorCase {
  pos: string;
  dice: [number, number];
  count: number;
  after: string[];
}

const lines = (text: string): unknown[] =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));

/** Every gnubg case, the opening file's `after_mover` taken as `after`. */
export function loadGnubgVectors(): VectorCase[] {
  const file = path.join(GNUBG_FIXTURES, "short-gnubg-opening.jsonl");
  const opening = lines(readFileSync(file, "utf8")).map((o) => {
    const c = o as {
      pos: string;
      dice: [number, number];
      count: number;
      moves: { after_mover: string }[];
    };
    return { pos: c.pos, dice: c.dice, count: c.count, after: c.moves.map((m) => m.after_mover) };
  });
  return [...opening, ...loadSelfplayVectors()];
}

/** The cases of gnubg's self-played games (the set the speed target is stated on). */
export function loadSelfplayVectors(): VectorCase[] {
  const file = path.join(GNUBG_FIXTURES, "short-gnubg-selfplay100.jsonl.gz");
  return lines(gunzipSync(readFileSync(file)).toString("utf8")) as VectorCase[];
}
