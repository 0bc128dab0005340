/**
 * The lobby on the real service: 500 players seek at random moments of five minutes of
 * simulated time, each for one game, length and clock drawn from a plausible mix, with
 * ratings spread as on FIBS (about normal, mean 1600, deviation 180) stored in the ratings
 * table beforehand. The app is built as the process builds it (src/app.ts) on a SQLite file,
 * its clock a simulated one, its Bot API one that takes every call (null-bot-api.ts), so the
 * paired games' boards and the seekers' news go out as they would. Each seek goes through
 * LobbyService.seek at its moment; every simulated second the lobby is ticked as its keeper
 * ticks it (pairs the widened gaps allow, lapses, the computer offered).
 *
 * Figures: the wait until paired (p50, p90, max; goals ≤ 10 s and ≤ 45 s), the rating gap
 * of the pairs made (p50 goal ≤ 100, p90), the seeks that lapsed, and the real time a seek
 * and a tick took. Then, in a child process of its own (node --expose-gc; a clean heap and
 * RSS to read, one for the seeks and one for the games), memory: the heap after a collection
 * and the RSS with many seeks waiting (none able to meet), and with many lobby games live
 * (paired, both boards posted), per seek and per game, over the same app idle; and the time
 * a tick takes with those seeks waiting. Smoke: 100 players, fewer seeks and games.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { openDatabase, PlayersRepo, ratings } from "../src/db/index.js";
import { seededRandom, type TimeControlName, type Variant } from "../src/engine/index.js";
import { NullBotApi } from "./null-bot-api.js";
import { percentile, round } from "./stats.js";
import { BOT_INFO, silentLogger } from "./testkit/index.js";
import { UNLIMITED } from "./unlimited.js";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const T0 = Date.UTC(2026, 0, 1);
const MB = 2 ** 20;
const WINDOW_MS = 5 * 60_000;
/** After the last arrival: past every seek's lapse (ten minutes), so each ends one way or another. */
const AFTER_MS = 11 * 60_000;
const USER_BASE = 500_000;

function pick<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let r = random();
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices.at(-1)![0];
}

/** A normal draw (Box–Muller), for the ratings. */
const normal = (random: () => number, mean: number, sd: number): number =>
  mean + sd * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

interface Arrival {
  readonly userId: number;
  readonly variant: Variant;
  readonly matchLength: number;
  readonly clock: TimeControlName;
  readonly rating: number;
  readonly at: number;
}

/** The players and when each seeks, in order of arrival. */
export function arrivals(players: number, windowMs: number, seed = 7): Arrival[] {
  const random = seededRandom(seed);
  return Array.from({ length: players }, (_, i) => ({
    userId: USER_BASE + i,
    variant: pick<Variant>(random, [
      ["short", 0.6],
      ["long", 0.4],
    ]),
    matchLength: pick(random, [
      [1, 0.6],
      [3, 0.2],
      [5, 0.2],
    ]),
    clock: pick<TimeControlName>(random, [
      ["blitz", 0.5],
      ["normal", 0.5],
    ]),
    rating: round(Math.min(2300, Math.max(900, normal(random, 1600, 180))), 2),
    at: T0 + Math.floor(random() * windowMs),
  })).sort((a, b) => a.at - b.at);
}

/** The app as the process builds it, on `file`, on the clock `now` reads. */
async function lobbyApp(file: string, now: () => number) {
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(file);
  const api = new NullBotApi();
  const png = async () => Buffer.from("png");
  let seeds = 0;
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: { board: png, decisions: png, replay: png, standings: png, rating: png },
    computer: null,
    now,
    newSeed: () => Buffer.alloc(32, seeds++ % 251),
    budgets: UNLIMITED,
    fetch: api.fetch as never,
  });
  await app.bot.bot.init();
  const close = async () => {
    await app.drain();
    app.bot.boards.stop();
    database.close();
  };
  return { app, database, api, close };
}

/** Stores each player with their rating in `variant` (experience enough to be settled). */
async function seedRatings(
  database: ReturnType<typeof openDatabase>,
  players: readonly { userId: number; variant: Variant; rating: number }[],
) {
  await database.db.transaction(async (tx) => {
    const repo = new PlayersRepo(tx);
    for (const p of players) {
      await repo.upsert({ id: p.userId, firstName: `P${p.userId}` }, T0);
      tx.sql
        .insert(ratings)
        .values({
          userId: p.userId,
          variant: p.variant,
          rating: p.rating,
          experience: 400,
          matches: 100,
          updatedAt: T0,
        })
        .run();
    }
  });
}

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The simulation: every seek at its moment, a tick each simulated second. */
async function simulate(players: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-bench-lobby-"));
  let now = T0;
  const { app, database, close } = await lobbyApp(path.join(dir, "lobby.sqlite"), () => now);
  try {
    const list = arrivals(players, WINDOW_MS);
    await seedRatings(database, list);
    const byUser = new Map(list.map((a) => [a.userId, a]));
    const since = new Map<number, number>();
    const waits: number[] = [];
    const gaps: number[] = [];
    const seekMs: number[] = [];
    const tickMs: number[] = [];
    const games = new Set<number>();
    const paired = (userIds: readonly number[], gameId: number, at: number) => {
      if (games.has(gameId)) throw new Error(`game ${gameId} made twice`);
      games.add(gameId);
      const [a, b] = userIds.map((id) => byUser.get(id)!);
      for (const p of [a!, b!]) waits.push(at - since.get(p.userId)!);
      gaps.push(Math.abs(a!.rating - b!.rating));
    };
    const waitingNow = database.sqlite
      .prepare("select count(*) from seeks where status = 'waiting'")
      .pluck();
    let lapsed = 0;
    let offered = 0;
    let mostWaiting = 0;
    let next = 0;
    const end = list.at(-1)!.at + AFTER_MS;
    for (let second = T0; second <= end; second += 1_000) {
      while (next < list.length && list[next]!.at <= second) {
        const a = list[next++]!;
        now = a.at;
        since.set(a.userId, a.at);
        const t = performance.now();
        const r = await app.lobby.seek({
          seeker: { id: a.userId, firstName: `P${a.userId}` },
          variant: a.variant,
          matchLength: a.matchLength,
          clock: a.clock,
        });
        seekMs.push(performance.now() - t);
        if (!r.ok) throw new Error(r.error.message);
        if (r.value.kind === "paired") {
          const g = r.value.game.game;
          paired([g.white.id, g.black.id], g.id, a.at);
        }
      }
      now = second;
      const t = performance.now();
      const done = await app.lobby.tick(second);
      tickMs.push(performance.now() - t);
      for (const p of done.paired)
        paired(
          p.seeks.map((s) => s.userId),
          p.game.game.id,
          second,
        );
      lapsed += done.lapsed.length;
      offered += done.offered.length;
      // The bot posts the boards and tells the seekers meanwhile, as it would.
      await yieldNow();
      const waitingCount = waitingNow.get() as number;
      mostWaiting = Math.max(mostWaiting, waitingCount);
      if (next >= list.length && waitingCount === 0) break;
    }
    const stillWaiting = waitingNow.get() as number;
    const inTwo = database.sqlite
      .prepare(
        "select count(*) from (select game_id from seeks where game_id is not null group by game_id having count(*) <> 2)",
      )
      .pluck()
      .get() as number;
    if (stillWaiting > 0 || inTwo > 0)
      throw new Error(`${stillWaiting} seeks still waiting, ${inTwo} games without two seeks`);
    return { waits, gaps, lapsed, offered, mostWaiting, games: games.size, seekMs, tickMs };
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ memory (a child process)

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

async function settled() {
  for (let i = 0; i < 3; i++) {
    await yieldNow();
    gc();
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/**
 * Memory, from the app warmed up and idle (one pair met, its boards posted): `what` is
 * "seeks", that many left waiting (ratings 60 apart, sought at one moment: none may meet;
 * then the time a tick takes with them all waiting), or "games", that many lobby games made
 * by pairs seeking alike, their boards posted. Heap after a collection, and RSS.
 */
async function memoryChild(what: "seeks" | "games", count: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-bench-lobby-mem-"));
  const now = T0;
  const { app, database, close } = await lobbyApp(path.join(dir, "lobby.sqlite"), () => now);
  try {
    const seekAs = (userId: number, variant: Variant) =>
      app.lobby.seek({
        seeker: { id: userId, firstName: `P${userId}` },
        variant,
        matchLength: 1,
        clock: "blitz",
      });
    const waiting = Array.from({ length: what === "seeks" ? count : 0 }, (_, i) => ({
      userId: USER_BASE + i,
      variant: "long" as const,
      rating: 600 + 60 * i,
    }));
    await seedRatings(database, waiting);
    await seekAs(USER_BASE - 2, "short");
    await seekAs(USER_BASE - 1, "short");
    await app.drain();
    const idle = await settled();
    let tickMs = 0;
    if (what === "seeks") {
      for (const w of waiting) {
        const r = await seekAs(w.userId, w.variant);
        if (!r.ok || r.value.kind !== "waiting") throw new Error("a waiting seek met another");
      }
      const ticks: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        if ((await app.lobby.tick(now)).paired.length > 0)
          throw new Error("a tick paired waiting seeks");
        ticks.push(performance.now() - t);
      }
      tickMs = percentile(ticks, 50);
    } else {
      const base = USER_BASE + 10;
      for (let i = 0; i < count; i++) {
        await seekAs(base + 2 * i, "short");
        const r = await seekAs(base + 2 * i + 1, "short");
        if (!r.ok || r.value.kind !== "paired") throw new Error("a pair did not meet");
      }
      const live = database.sqlite
        .prepare("select count(*) from games where status = 'active' and chat_id is null")
        .pluck()
        .get() as number;
      if (live !== count + 1) throw new Error(`${live} lobby games live, not ${count + 1}`);
    }
    await app.drain();
    const after = await settled();
    return {
      count,
      tickMs: round(tickMs, 1),
      idleHeapMb: round(idle.heap / MB, 1),
      idleRssMb: round(idle.rss / MB, 1),
      heapKb: round((after.heap - idle.heap) / count / 1024, 2),
      rssKb: round((after.rss - idle.rss) / count / 1024, 2),
    };
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function memory(what: "seeks" | "games", count: number): Record<string, number> {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", SELF, "--memory-child", what, String(count)],
    { cwd: ROOT, encoding: "utf8", timeout: 600_000, maxBuffer: 16 * MB },
  );
  const last = child.stdout?.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !last.startsWith("{"))
    throw new Error(`memory child failed (${child.status}): ${child.stderr}`);
  return JSON.parse(last) as Record<string, number>;
}

export async function benchLobby({ smoke }: { smoke: boolean }) {
  const players = smoke ? 100 : 500;
  const t0 = performance.now();
  const sim = await simulate(players);
  const simMs = performance.now() - t0;
  const seeks = memory("seeks", smoke ? 100 : 500);
  const games = memory("games", smoke ? 50 : 1_000);
  const s = (ms: number) => round(ms / 1000, 1);
  return {
    "players seeking": players,
    "paired seeks": sim.waits.length,
    "lobby games made": sim.games,
    "lapsed seeks": sim.lapsed,
    "offered the computer": sim.offered,
    "most waiting at once": sim.mostWaiting,
    "wait p50 s (goal ≤ 10)": s(percentile(sim.waits, 50)),
    "wait p90 s (goal ≤ 45)": s(percentile(sim.waits, 90)),
    "wait max s": s(Math.max(...sim.waits)),
    "rating gap p50 (goal ≤ 100)": round(percentile(sim.gaps, 50), 0),
    "rating gap p90": round(percentile(sim.gaps, 90), 0),
    "seek ms p50 / p99": `${round(percentile(sim.seekMs, 50), 2)} / ${round(percentile(sim.seekMs, 99), 2)}`,
    "tick ms p50 / p99": `${round(percentile(sim.tickMs, 50), 2)} / ${round(percentile(sim.tickMs, 99), 2)}`,
    "simulation s (real)": s(simMs),
    "memory: seeks waiting": seeks.count!,
    "heap / RSS per seek KB": `${seeks.heapKb} / ${seeks.rssKb}`,
    [`tick ms, ${seeks.count} waiting`]: seeks.tickMs!,
    "memory: lobby games live": games.count!,
    "heap / RSS per game KB": `${games.heapKb} / ${games.rssKb}`,
    "idle heap / RSS MB": `${games.idleHeapMb} / ${games.idleRssMb}`,
    ...(smoke ? { smoke: "yes" } : {}),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (process.argv[2] === "--memory-child") {
    const what = process.argv[3] === "games" ? "games" : "seeks";
    const r = await memoryChild(what, Number(process.argv[4]));
    console.log(JSON.stringify(r));
    process.exit(0);
  }
  console.log(await benchLobby({ smoke: process.env.BENCH_SMOKE === "1" }));
}
