import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { CubeAnswer } from "../src/ai/index.js";
import type { MatchScore } from "../src/ai/types.js";
import { decodePositionId, type Side } from "../src/engine/index.js";

/**
 * A cube-decision position with GNU Backgammon's cubeful equities, made by
 * bench/gnubg-cube-fixtures.py: the side on roll's view, normalised to the cube.
 */
export interface CubeFixture {
  readonly me: Side;
  readonly opp: Side;
  readonly cube: number;
  readonly owner: "me" | null;
  readonly match: MatchScore | null;
  /** 2-ply no double, double/take, double/pass. */
  readonly nd: number;
  readonly dt: number;
  readonly dp: number;
  /** The same at 0-ply. */
  readonly nd0: number;
  readonly dt0: number;
  readonly dp0: number;
  /** 2-ply cubeless chances: win, win gammon, win bg, lose gammon, lose bg. */
  readonly p: readonly number[];
}

interface Line {
  id: string;
  cube: number;
  owner: "me" | null;
  match: MatchScore | null;
  nd: number;
  dt: number;
  dp: number;
  nd0: number;
  dt0: number;
  dp0: number;
  p: number[];
}

/** Reads a fixture file: JSON lines, gzipped when its name ends in .gz. */
export function loadCubeFixtures(file: string): CubeFixture[] {
  const raw = readFileSync(file);
  const text = (file.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const { id, ...rest } = JSON.parse(l) as Line;
      const pos = decodePositionId(id);
      if (!pos) throw new Error(`bad position id ${id}`);
      return { ...rest, me: pos.onRoll, opp: pos.opponent };
    });
}

/** The doubling and taking costs of one answer, by gnubg's 2-ply equities. */
export function decisionCost(f: CubeFixture, a: CubeAnswer): { double: number; take: number } {
  const doubled = Math.min(f.dt, f.dp);
  const best = Math.max(f.nd, doubled);
  const takeRight = f.dt <= f.dp;
  return {
    double: best - (a.double ? doubled : f.nd),
    take: a.take === takeRight ? 0 : Math.abs(f.dt - f.dp),
  };
}

export interface CubeFigures {
  readonly positions: number;
  /** Mean cost per decision (doubling and taking, two per position), in points per cube. */
  readonly meanCost: number;
  readonly meanCost95: readonly [number, number];
  readonly doubleCost: number;
  readonly takeCost: number;
  /** Shares of right double/no-double and take/pass answers. */
  readonly doubleRight: number;
  readonly takeRight: number;
}

export function cubeFigures(fixtures: readonly CubeFixture[], answers: CubeAnswer[]): CubeFigures {
  const n = fixtures.length;
  let d = 0;
  let t = 0;
  let dRight = 0;
  let tRight = 0;
  const perPosition: number[] = [];
  fixtures.forEach((f, i) => {
    const c = decisionCost(f, answers[i]!);
    d += c.double;
    t += c.take;
    if (answers[i]!.double === Math.min(f.dt, f.dp) > f.nd) dRight++;
    if (answers[i]!.take === f.dt <= f.dp) tRight++;
    perPosition.push((c.double + c.take) / 2);
  });
  const mean = perPosition.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(perPosition.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return {
    positions: n,
    meanCost: mean,
    meanCost95: [Math.max(0, mean - half), mean + half],
    doubleCost: d / n,
    takeCost: t / n,
    doubleRight: dRight / n,
    takeRight: tRight / n,
  };
}

/** gnubg 0-ply's own answers, from its stored 0-ply equities. */
export const gnubgZeroPly = (f: CubeFixture): CubeAnswer => ({
  double: Math.min(f.dt0, f.dp0) > f.nd0,
  take: f.dt0 <= f.dp0,
});

/**
 * The fixture sets shipped with the tests: money play with a centred cube, and a match to 7.
 * The money set is three samples of gnubg's games: the first (400 positions), then 600 each
 * from seeds 101 and 102 (`CUBE_FIXTURES="OUT 101 600 money"`), made when the first proved to
 * hold a run of four positions from one game that weighed on its mean as much as the rest.
 */
export const CUBE_FIXTURE_FILES = {
  money: ["cube-money.jsonl", "cube-money-b.jsonl", "cube-money-c.jsonl"].map(fixturePath),
  match: ["cube-match.jsonl"].map(fixturePath),
} as const;

function fixturePath(name: string): string {
  return new URL(`./testkit/fixtures/ai/${name}`, import.meta.url).pathname;
}

/** Every position of a fixture set, its samples in order. */
export function loadCubeSet(set: keyof typeof CUBE_FIXTURE_FILES): CubeFixture[] {
  return CUBE_FIXTURE_FILES[set].flatMap((file) => loadCubeFixtures(file));
}
