/**
 * Analyses and replays asked for all at once: in each of 20 group chats a finished game, one
 * of its players presses 📊 and the other 🎞 at the same moment (40 presses), through the whole
 * bot with the real renderers and the review queue's production limits on this machine. The
 * time until the last result is posted, and the peak resident memory above the bot's own
 * while they are made. Each run is a child process of its own (what earlier runs allocated
 * does not count); the figures are medians of the runs.
 *
 * Analyses run in worker threads as the deployed bot runs them: the compiled worker in dist/,
 * built first (`npm run build`). A smoke run skips the build and analyses in its own thread,
 * 4 games resigned early instead of 20 whole ones.
 *
 * The same burst again with a second process beside the bot, as a standby is: it takes review
 * jobs from the same database file and makes them, and the bot sends what it made. Its figure
 * is the time until the last result, and its ratio to the bot's alone from the same run: on
 * this machine as it is (the two processes share its cores), and with each process held to a
 * core of its own (taskset), as two machines of one core each against one.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Update, User } from "grammy/types";
import { chooseAction } from "../src/ai/index.js";
import { createApp, createReviewMakers } from "../src/app.js";
import { encode } from "../src/bot/callback-data.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/index.js";
import { renderDecisionsPng } from "../src/render/decision.js";
import { renderBoardPng, warmRenderer } from "../src/render/png.js";
import { renderReplayGif } from "../src/render/replay.js";
import { renderStandingsPng } from "../src/render/standings.js";
import { type Analyse, analyseGame, GameService, turnsOf } from "../src/services/index.js";
import { atOnce } from "./at-once.js";
import { NullBotApi } from "./null-bot-api.js";
import { peakRss } from "./peak-memory.js";
import { median, round } from "./stats.js";
import { BOT_INFO, silentLogger } from "./testkit/index.js";
import { memoryFrontEnd } from "./testkit/memory-front-end.js";
import { UNLIMITED } from "./unlimited.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const MB = 1024 * 1024;

const user = (id: number): User => ({
  id,
  is_bot: false,
  first_name: `P${id}`,
  language_code: "en",
});

/** What a run asks for. */
export interface ReviewsSetup {
  /** Finished games, each in a group chat of its own: 📊 and 🎞 are pressed on each. */
  readonly games: number;
  /** The players' actions before one resigns; null: whole games, played to their end. */
  readonly actions: number | null;
  /** Analyses in the compiled worker threads of dist/ (as deployed), or in this thread. */
  readonly compiled: boolean;
  /** A second process beside the bot makes review jobs too. */
  readonly helper?: boolean;
  /** The bot held to the first core, the second process to the second (Linux's taskset). */
  readonly pinned?: boolean;
}

/** `argv` run on one core when `core` is given. */
const onCore = (core: number | null, argv: string[]): [string, string[]] =>
  core === null ? [argv[0]!, argv.slice(1)] : ["taskset", ["-c", String(core), ...argv]];

/** Whether each process can be held to a core of its own here. */
function canPin(): boolean {
  return (
    process.platform === "linux" &&
    availableParallelism() >= 2 &&
    spawnSync("taskset", ["-c", "0", "true"]).status === 0
  );
}

export interface ReviewsFigures {
  readonly asked: number;
  readonly lastResultSec: number;
  readonly peakRssMb: number;
  readonly analysisWorkers: number;
  readonly replayWorkers: number;
  /** Turns per game, on average. */
  readonly turns: number;
  /** Of the results, how many the second process made. */
  readonly madeBeside: number;
}

/** The analyser the deployed bot runs (dist/'s worker threads), or this thread's. */
async function analyserOf(compiled: boolean): Promise<Analyse> {
  if (!compiled) return analyseGame;
  const thread = pathToFileURL(path.join(ROOT, "dist/services/analysis-thread.js")).href;
  return ((await import(thread)) as { analyseInWorker: Analyse }).analyseInWorker;
}

/** In the helper: this process's makers on the bot's database file, until it is killed. */
async function helper(file: string, compiled: boolean): Promise<void> {
  const database = openDatabase(file);
  const makers = createReviewMakers({
    database,
    logger: silentLogger,
    analyse: await analyserOf(compiled),
    renderReplay: renderReplayGif,
  });
  await warmRenderer();
  makers.start();
  // The makers' timers hold nothing open, as in the bot; this keeps the process until killed.
  setInterval(() => {}, 60_000);
  process.stdout.write("ready\n");
}

/** Starts the helper on `file`; settles once it takes jobs. */
async function startHelper(
  file: string,
  compiled: boolean,
  pinned: boolean,
): Promise<ChildProcess> {
  const argv = [process.execPath, "--import", "tsx", SELF, "--helper", file, String(compiled)];
  const [command, args] = onCore(pinned ? 1 : null, argv);
  const c = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    c.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve();
    });
    c.once("exit", (code) => reject(new Error(`the helper exited (${code})`)));
  });
  return c;
}

/** In the child: the finished games, then 📊 and 🎞 on each, all at once. */
async function child(setup: ReviewsSetup): Promise<ReviewsFigures> {
  const { games, actions, compiled, helper } = setup;
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-bench-reviews-"));
  const file = path.join(dir, "reviews.sqlite");
  const database = openDatabase(file);
  let seeds = 0;
  const config = {
    challengeTtlMs: parsed.config.challengeTtlMs,
    idleMs: parsed.config.idleMs,
    confirmTurns: parsed.config.confirmTurns,
    newSeed: () => createHash("sha256").update(`bench-reviews:${seeds++}`).digest(),
  };
  const analyse = atOnce<Parameters<Analyse>, Awaited<ReturnType<Analyse>>>(
    await analyserOf(compiled),
  );
  const replay = atOnce(renderReplayGif);
  const api = new NullBotApi();
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: renderBoardPng,
      decisions: renderDecisionsPng,
      replay: replay.fn,
      standings: renderStandingsPng,
    },
    analyse: analyse.fn,
    computer: null,
    newSeed: config.newSeed,
    // The work's own cost: posting within chats' budgets is bench/pace.ts's.
    budgets: UNLIMITED,
    fetch: api.fetch as never,
  });
  const { reviews } = app;
  const parts = app.bot;
  await parts.bot.init();
  // What another process makes is found here as the running bot finds it.
  await parts.reviewJobs.delivery.start();
  let madeHere = 0;
  parts.reviewJobs.makers.onMade(() => madeHere++);
  let beside: ChildProcess | null = null;
  try {
    // Played as by an earlier run of the process: no board follows each move.
    const earlier = new GameService(database.db, memoryFrontEnd(), config);
    const presses: Update[] = [];
    let turns = 0;
    for (let i = 0; i < games; i++) {
      const chat = { id: -(5000 + i), type: "supergroup", title: `Club ${i}` };
      const [a, b] = [user(1000 + 2 * i), user(1001 + 2 * i)];
      const c = await earlier.createChallenge({
        challenger: { id: a.id, firstName: a.first_name },
        chat,
        variant: i % 2 === 0 ? "long" : "short",
      });
      if (!c.ok) throw new Error(c.error.message);
      const s = await earlier.acceptChallenge(c.value.id, { id: b.id, firstName: b.first_name });
      if (!s.ok) throw new Error(s.error.message);
      // The game begins once its first message is posted (the dice's second part).
      const where = { kind: "chat", chatId: chat.id, messageId: 1, date: 1_767_225_600 } as const;
      const begun = await earlier.beginGame(s.value.game.id, where);
      if (!begun.ok) throw new Error(begun.error.message);
      let g = begun.value.game;
      for (let k = 0; g.status === "active"; k++) {
        // Whole games to their end, or some actions, then a resignation.
        const steps =
          actions === null || k < actions
            ? [{ ...chooseAction(g.state, { player: "pipcount" })! }].map((m) => ({
                by: m.by === "white" ? g.white.id : g.black.id,
                action: m.actions[0]!,
              }))
            : [
                { by: g.waitingFor!, action: { type: "resign", kind: "single" } as const },
                {
                  by: g.waitingFor === g.white.id ? g.black.id : g.white.id,
                  action: { type: "accept-resign" } as const,
                },
              ];
        for (const { by, action } of steps) {
          // A resignation in long nardy ends the game; in short nardy the other side accepts.
          if (g.status !== "active") break;
          const r = await earlier.act(g.id, by, action, g.version);
          if (!r.ok) throw new Error(r.error.message);
          g = r.value.game;
        }
      }
      const finished = await reviews.finished(g.id);
      if (finished.ok) turns += turnsOf(finished.value.timeline).length;
      const data = (item: "analysis" | "replay") => encode({ type: "review", gameId: g.id, item });
      const board = {
        message_id: 1,
        date: 0,
        chat: { ...chat, type: "supergroup" as const },
        from: BOT_INFO,
        photo: [],
        reply_markup: {
          inline_keyboard: [
            [
              { text: "📊", callback_data: data("analysis") },
              { text: "🎞", callback_data: data("replay") },
            ],
          ],
        },
      };
      const press = (from: User, d: string): Update => ({
        update_id: presses.length + 1,
        callback_query: {
          id: `q${presses.length}`,
          from,
          chat_instance: "c",
          data: d,
          message: board,
        },
      });
      presses.push(press(a, data("analysis")), press(b, data("replay")));
    }
    // As the bot does at start; a standby is up and waiting before the presses come.
    await warmRenderer();
    if (helper) beside = await startHelper(file, compiled, setup.pinned ?? false);
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now();
    const { peakBytes } = await peakRss(async () => {
      await Promise.all(presses.map((u) => parts.bot.handleUpdate(u)));
      await parts.jobs.settled();
    });
    const results = api.sent;
    if (results.length !== presses.length)
      throw new Error(`${results.length} results for ${presses.length} presses`);
    return {
      asked: presses.length,
      lastResultSec: (Math.max(...results.map((c) => c.at)) - t0) / 1000,
      peakRssMb: peakBytes / MB,
      analysisWorkers: analyse.most(),
      replayWorkers: replay.most(),
      turns: turns / games,
      madeBeside: presses.length - madeHere,
    };
  } finally {
    beside?.kill("SIGKILL");
    parts.reviewJobs.delivery.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One run in a child process of its own (what the caller allocated does not count). With
 * `compiled`, dist/ must be built.
 */
export function reviewsRun(setup: ReviewsSetup): ReviewsFigures {
  const [command, args] = onCore(setup.pinned ? 0 : null, [
    process.execPath,
    "--expose-gc",
    "--import",
    "tsx",
    SELF,
    "--child",
    JSON.stringify(setup),
  ]);
  const r = spawnSync(command, args, {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 900_000,
    maxBuffer: 16 * MB,
  });
  const last = r.stdout?.trim().split("\n").at(-1) ?? "";
  if (r.status !== 0 || !last.startsWith("{"))
    throw new Error(`reviews child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(last) as ReviewsFigures;
}

/** Three runs of 20 whole games (a smoke run: one of 4 resigned early); medians. */
export async function benchReviews(
  opts: { smoke?: boolean } = {},
): Promise<Record<string, number>> {
  const smoke = opts.smoke ?? false;
  if (!smoke) {
    const built = spawnSync(process.execPath, ["tools/build.mjs"], { cwd: ROOT, stdio: "ignore" });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  const setup: ReviewsSetup = smoke
    ? { games: 4, actions: 6, compiled: false }
    : { games: 20, actions: null, compiled: true };
  const count = smoke ? 1 : 3;
  const times = (s: ReviewsSetup) => {
    const all = Array.from({ length: count }, () => reviewsRun(s));
    return { all, last: median(all.map((x) => x.lastResultSec)) };
  };
  const { all: runs, last: alone } = times(setup);
  const shared = times({ ...setup, helper: true }).last;
  // One core against two, one each: as one machine against two (without taskset, not run).
  const pinned = canPin()
    ? {
        one: times({ ...setup, pinned: true }).last,
        two: times({ ...setup, pinned: true, helper: true }).last,
      }
    : null;
  const mid = (f: (x: ReviewsFigures) => number, digits = 1) => round(median(runs.map(f)), digits);
  return {
    reviewsAsked: runs[0]!.asked,
    reviewsTurnsPerGame: mid((x) => x.turns, 0),
    reviewsAnalysisWorkers: Math.max(...runs.map((x) => x.analysisWorkers)),
    reviewsReplayWorkers: Math.max(...runs.map((x) => x.replayWorkers)),
    reviewsLastResultSec: mid((x) => x.lastResultSec),
    reviewsPeakRssMb: mid((x) => x.peakRssMb),
    reviewsTwoProcessesLastResultSec: round(shared, 1),
    reviewsTwoProcessesRatio: round(shared / alone, 2),
    ...(pinned
      ? {
          reviewsOneCoreLastResultSec: round(pinned.one, 1),
          reviewsTwoProcessesOwnCoreLastResultSec: round(pinned.two, 1),
          reviewsTwoProcessesOwnCoreRatio: round(pinned.two / pinned.one, 2),
        }
      : {}),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (process.argv[2] === "--helper") {
    await helper(process.argv[3]!, process.argv[4] === "true");
  } else if (process.argv[2] === "--child") {
    const figures = await child(JSON.parse(process.argv[3]!) as ReviewsSetup);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    // Worker threads and sharp's pool end with the process.
    process.exit(0);
  } else {
    // `npx tsx bench/reviews.ts [--smoke]`: this part alone.
    const figures = await benchReviews({ smoke: process.argv.includes("--smoke") });
    for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(28)} ${v}\n`);
  }
}
