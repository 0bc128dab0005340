/**
 * The computer player's benchmark: `npm run bench:ai [-- --games N --level L ...]`.
 * Our strong player (default level unless --level) against the pip-count player, each
 * variant with its default rules (short nardy: the doubling cube on; long nardy: off), then
 * in cubeless long nardy against the hard level as it was before the bear-off table
 * (bench/previous-hard.ts), then against GNU Backgammon at 0-ply in cubeless short nardy
 * when gnubg is installed (`--gnubg-plies P`: gnubg itself at P plies in our place, the
 * yardstick for a level). Fixed seeds; the games are split over worker threads (one per
 * core). First, the `cube` op's answers on the stored cube positions
 * (bench/testkit/fixtures/ai/cube-*.jsonl), costed by GNU Backgammon's 2-ply cubeful equities (no
 * gnubg needed: they are stored).
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { DEFAULT_LEVEL, isLevel, type Level } from "../src/ai/index.js";
import type { Variant } from "../src/engine/index.js";
import { type GamesResult, type GamesTask, runGames } from "./ai-games.js";
import { type CubeBenchRow, cubeBench, describeCube } from "./cube-bench.js";
import { findGnubg } from "./gnubg.js";
import { median, percentile, round } from "./stats.js";

export interface BenchAiOptions {
  /** Games per variant against the pip-count player (default 2000). */
  readonly games?: number;
  readonly level?: Level;
  readonly variants?: readonly Variant[];
  /** Cubeless long nardy games against the previous hard level (default 1000; 0 skips). */
  readonly previousGames?: number;
  /** Games against gnubg (default 500; 0 skips). */
  readonly gnubgGames?: number;
  /**
   * GNU Backgammon at these plies plays our side of those games instead of the level: what
   * its own deeper look scores against its 0-ply on the same dice.
   */
  readonly gnubgPlies?: number;
  /** Short nardy against the pip-count player with the cube (default true). */
  readonly shortCube?: boolean;
  /** The cube positions (default true). */
  readonly cube?: boolean;
  /** Worker threads (default: one per core; 0 runs in this thread, as in tests). */
  readonly workers?: number;
  readonly seed?: number;
  /** The first game of each match (default 0): a long run can be played in parts. */
  readonly first?: number;
  readonly log?: (line: string) => void;
}

export interface MatchFigures {
  readonly label: string;
  readonly games: number;
  readonly winRate: number;
  readonly winRate95: readonly [number, number];
  readonly pointsPerGame: number;
  readonly pointsPerGame95: number;
  readonly medianDecisionMs: number;
  readonly p95DecisionMs: number;
  readonly mismatches?: number;
}

export interface BenchAiResult {
  readonly level: Level;
  readonly cube: CubeBenchRow[];
  readonly matches: MatchFigures[];
  readonly previous: MatchFigures | "skipped";
  readonly gnubg: MatchFigures | "absent" | "skipped";
}

/** Workers do not inherit tsx's loader (Node 20): register it, then load the TypeScript entry. */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.resolve("./ai-worker.ts"))}); })`;

async function inWorkers(task: GamesTask, workers: number): Promise<GamesResult> {
  if (workers <= 0) return runGames(task);
  const size = Math.ceil(task.count / workers);
  const parts: Promise<GamesResult>[] = [];
  for (let w = 0; w < workers && w * size < task.count; w++) {
    const slice = {
      ...task,
      first: task.first + w * size,
      count: Math.min(size, task.count - w * size),
    };
    parts.push(
      new Promise((resolve, reject) => {
        const worker = new Worker(WORKER_BOOT, { eval: true, workerData: slice });
        worker.once("message", resolve);
        worker.once("error", reject);
      }),
    );
  }
  const done = await Promise.all(parts);
  return {
    points: done.flatMap((d) => d.points),
    times: done.flatMap((d) => d.times),
    mismatches: done.reduce((s, d) => s + d.mismatches, 0),
  };
}

/** Wilson score interval for a proportion. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

function figures(label: string, r: GamesResult): MatchFigures {
  const n = r.points.length;
  const wins = r.points.filter((p) => p > 0).length;
  const mean = r.points.reduce((s, p) => s + p, 0) / n;
  const variance = r.points.reduce((s, p) => s + (p - mean) ** 2, 0) / Math.max(1, n - 1);
  const [lo, hi] = wilson(wins, n);
  return {
    label,
    games: n,
    winRate: round(wins / n, 4),
    winRate95: [round(lo, 4), round(hi, 4)],
    pointsPerGame: round(mean, 3),
    pointsPerGame95: round(1.96 * Math.sqrt(variance / n), 3),
    medianDecisionMs: round(median(r.times), 2),
    p95DecisionMs: round(percentile(r.times, 95), 2),
    ...(r.mismatches > 0 ? { mismatches: r.mismatches } : {}),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function describe(f: MatchFigures): string {
  return (
    `${f.label}: ${f.games} games, won ${pct(f.winRate)} [95% ${pct(f.winRate95[0])}..${pct(f.winRate95[1])}], ` +
    `${f.pointsPerGame} ± ${f.pointsPerGame95} points/game, ` +
    `decision time median ${f.medianDecisionMs} ms (95th percentile ${f.p95DecisionMs} ms)`
  );
}

export async function benchAi(opts: BenchAiOptions = {}): Promise<BenchAiResult> {
  const level = opts.level ?? DEFAULT_LEVEL;
  const games = opts.games ?? 2000;
  const workers = opts.workers ?? availableParallelism();
  const seed = opts.seed ?? 20_240_601;
  const first = opts.first ?? 0;
  const log = opts.log ?? (() => {});
  const shortCube = opts.shortCube ?? true;
  const cube = opts.cube === false ? [] : cubeBench(level);
  for (const row of cube) log(describeCube(level, row));
  const matches: MatchFigures[] = [];
  for (const variant of games > 0 ? (opts.variants ?? (["short", "long"] as const)) : []) {
    const cubeOn = variant === "short" && shortCube;
    const task: GamesTask = {
      variant,
      opponent: "pipcount",
      level,
      cube: cubeOn,
      first,
      count: games,
      seed,
    };
    const label = `${variant} (cube ${cubeOn ? "on" : "off"}) ${level} vs pip-count`;
    const f = figures(label, await inWorkers(task, workers));
    log(describe(f));
    matches.push(f);
  }
  const previousGames = opts.previousGames ?? 1000;
  let previous: BenchAiResult["previous"] = "skipped";
  if (previousGames > 0) {
    const task: GamesTask = {
      variant: "long",
      opponent: "previous",
      level,
      cube: false,
      first,
      count: previousGames,
      seed: seed + 2,
    };
    previous = figures(`long (cubeless) ${level} vs previous hard`, await inWorkers(task, workers));
    log(describe(previous));
  }
  const gnubgGames = opts.gnubgGames ?? 500;
  let gnubg: BenchAiResult["gnubg"] = "skipped";
  if (gnubgGames > 0 && !findGnubg()) {
    gnubg = "absent";
    log("gnubg: not installed, skipped");
  } else if (gnubgGames > 0) {
    const task: GamesTask = {
      variant: "short",
      opponent: "gnubg",
      level,
      cube: false,
      first,
      count: gnubgGames,
      seed: seed + 1,
      ...(opts.gnubgPlies === undefined ? {} : { gnubgPlies: opts.gnubgPlies }),
    };
    const ours = opts.gnubgPlies === undefined ? level : `gnubg ${opts.gnubgPlies}-ply`;
    gnubg = figures(`short (cubeless) ${ours} vs gnubg 0-ply`, await inWorkers(task, workers));
    log(describe(gnubg));
  }
  return { level, cube, matches, previous, gnubg };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "2000" },
      level: { type: "string", default: DEFAULT_LEVEL },
      variants: { type: "string", default: "short,long" },
      "gnubg-games": { type: "string", default: "500" },
      "gnubg-plies": { type: "string" },
      "previous-games": { type: "string", default: "1000" },
      "short-cube": { type: "string", default: "on" },
      cube: { type: "string", default: "on" },
      workers: { type: "string", default: String(availableParallelism()) },
      seed: { type: "string", default: "20240601" },
      first: { type: "string", default: "0" },
    },
  });
  if (!isLevel(values.level)) throw new Error("--level easy|medium|hard|expert");
  const plies = (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 4) throw new Error("--gnubg-plies 0..4");
    return n;
  };
  const t0 = Date.now();
  const result = await benchAi({
    games: Number(values.games),
    level: values.level,
    variants: values.variants.split(",") as Variant[],
    gnubgGames: Number(values["gnubg-games"]),
    ...(values["gnubg-plies"] === undefined ? {} : { gnubgPlies: plies(values["gnubg-plies"]) }),
    previousGames: Number(values["previous-games"]),
    shortCube: values["short-cube"] !== "off",
    cube: values.cube !== "off",
    workers: Number(values.workers),
    seed: Number(values.seed),
    first: Number(values.first),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify({ ...result, seconds: Math.round((Date.now() - t0) / 1000) }));
}
