/**
 * The whole bot, press by press: a button press goes in as an update; out come the API calls
 * (the answer, then the edited board with a freshly rendered PNG). SQLite on a file in a temp
 * folder (and the same presses once more on a local PostgreSQL server, where the machine has
 * one), the real renderer, the test kit's fake Bot API behind grammY's fetch or, for the HTTP
 * figures, over loopback with the update runner polling it.
 *
 * Memory is measured in a child process (`--memory-child`), so that what the other benches
 * allocated does not count: RSS with 10,000 games in the database, then after serving presses
 * on a spread of them.
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { run } from "@grammyjs/runner";
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import { createApp } from "../src/app.js";
import type { BotParts } from "../src/bot/create-bot.js";
import { parseConfig } from "../src/config.js";
import { type OpenStore, openDatabase } from "../src/db/index.js";
import { openPostgres } from "../src/db/pg/open.js";
import { seededRandom } from "../src/engine/dice.js";
import { renderDecisionsPng } from "../src/render/decision.js";
import { renderBoardPng } from "../src/render/png.js";
import { renderReplayGif } from "../src/render/replay.js";
import { renderStandingsPng } from "../src/render/standings.js";
import { GameService, type GameView } from "../src/services/index.js";
import { randomAction } from "./random-play.js";
import { countPostgresStatements, countStatements, type StatementCounts } from "./sql-count.js";
import { median, percentile, round } from "./stats.js";
import { BOT_INFO, FakeBotApi, type StoredMessage, silentLogger } from "./testkit/index.js";
import { memoryFrontEnd } from "./testkit/memory-front-end.js";
import { postgresBinaries, startPgServer } from "./testkit/pg-server.js";
import { UNLIMITED } from "./unlimited.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const ALICE: User = { id: 11, is_bot: false, first_name: "Alice", language_code: "en" };
const BOB: User = { id: 22, is_bot: false, first_name: "Bob", language_code: "en" };
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const MB = 1024 * 1024;

const rng = seededRandom;

/** The fake Bot API keeping no uploads, its calls timed by performance.now(). */
const fakeApi = (opts: { maxHoldMs?: number } = {}) =>
  new FakeBotApi({
    token: TOKEN,
    keepUploads: false,
    wire: { now: () => performance.now() },
    ...opts,
  });

interface Rig {
  readonly fake: FakeBotApi;
  /** SQL statements run so far. */
  readonly statements: () => StatementCounts;
  readonly parts: BotParts;
  readonly service: GameService;
  readonly database: OpenStore;
  readonly users: Map<number, User>;
}

/** Stops the rig's boards (a retry may be due later) and closes its database. */
async function closeRig(rig: Rig): Promise<void> {
  rig.parts.boards.stop();
  await rig.database.close();
}

/** Where a rig keeps its games: an SQLite file, or a PostgreSQL server's database. */
type Store = { readonly file: string } | { readonly url: string };

async function openStore(
  store: Store,
): Promise<{ database: OpenStore; statements: () => StatementCounts }> {
  if ("url" in store) {
    const counted = countPostgresStatements();
    return { database: await openPostgres(store.url), statements: counted };
  }
  const database = openDatabase(store.file);
  return { database, statements: countStatements(database.sqlite) };
}

/** A bot on `store`; through `fake.fetch`, or over HTTP when `apiRoot` is given. */
async function makeRig(store: Store, fake: FakeBotApi, apiRoot?: string): Promise<Rig> {
  fake.rules.flood.enabled = false;
  const parsed = parseConfig({
    BOT_TOKEN: TOKEN,
    LOG_LEVEL: "silent",
    ...(apiRoot ? { BOT_API_ROOT: apiRoot } : {}),
  });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const { database, statements } = await openStore(store);
  let seeds = 0;
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: renderBoardPng,
      decisions: renderDecisionsPng,
      replay: renderReplayGif,
      standings: renderStandingsPng,
    },
    computer: null,
    newSeed: () => createHash("sha256").update(`bench-bot:${seeds++}`).digest(),
    // What a press costs the bot itself; pacing within Telegram's limits is bench/pace.ts's.
    budgets: UNLIMITED,
    ...(apiRoot ? {} : { fetch: fake.fetch as never }),
  });
  const { service } = app;
  const parts = app.bot;
  await parts.bot.init();
  return {
    fake,
    statements,
    parts,
    service,
    database,
    users: new Map([ALICE, BOB].map((u) => [u.id, u])),
  };
}

function lastOf<T>(xs: readonly T[], ok: (x: T) => boolean): T | undefined {
  for (let i = xs.length - 1; i >= 0; i--) if (ok(xs[i]!)) return xs[i];
  return undefined;
}

const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";

/** The message showing the game now. */
function boardOf(fake: FakeBotApi, chatId: number, gameId: number): StoredMessage {
  const prefix = `g:${gameId}:`;
  const m = fake
    .chatMessages(chatId)
    .filter((x) => x.keyboard.flat().some((b) => dataOf(b).startsWith(prefix)))
    .sort((a, b) => b.changedAt - a.changedAt)[0];
  if (!m) throw new Error(`no board for game ${gameId}`);
  return m;
}

/** A button for the player to move: steps, rolls, takes; no doubles, drops, undos. */
function pickButton(m: StoredMessage, gameId: number, r: () => number): string {
  const choices = m.keyboard
    .flat()
    .filter(
      (b) =>
        dataOf(b).startsWith(`g:${gameId}:`) &&
        !/Double|Drop|Undo|Claim|Next game|Decline/.test(b.text),
    );
  if (!choices.length) throw new Error(`no button to press on game ${gameId}`);
  return dataOf(choices[Math.floor(r() * choices.length)]!);
}

/** Telegram sends the bot an update, in-process; waits for the boards it asks for. */
async function sendToBot(rig: Rig, update: Update): Promise<void> {
  rig.fake.deliver(update);
  await rig.parts.bot.handleUpdate(update);
  await rig.parts.boards.settled();
}

/** /play and Accept, in-process; returns the game id. */
async function openGame(rig: Rig, chatId: number, command: string): Promise<number> {
  const { fake } = rig;
  await sendToBot(rig, fake.textUpdate(ALICE, chatId, command));
  const challenge = fake
    .chatMessages(chatId)
    .reverse()
    .find((m) => m.keyboard.flat().some((b) => /^c:\d+:a$/.test(dataOf(b))));
  if (!challenge) throw new Error("no challenge");
  const accept = challenge.keyboard.flat().find((b) => /^c:\d+:a$/.test(dataOf(b)))!;
  await sendToBot(rig, fake.pressUpdate(BOB, challenge, dataOf(accept)).update);
  const board = fake
    .chatMessages(chatId)
    .reverse()
    .find((m) => m.keyboard.flat().some((b) => dataOf(b).startsWith("g:")));
  const id = Number(/^g:(\d+):/.exec(dataOf(board!.keyboard.flat()[0]!))?.[1]);
  if (!(id > 0)) throw new Error("no game board");
  return id;
}

interface PressTiming {
  readonly answerMs: number;
  readonly editMs: number;
  readonly totalMs: number;
  /** SQL statements the press ran, its board update included. */
  readonly statements: number;
  /** Its transactions' frames (see StatementCounts). */
  readonly frame: number;
}

/** One press by the player the game waits for, in-process; times the calls it makes. */
async function pressOnce(rig: Rig, game: GameView, r: () => number): Promise<PressTiming> {
  const { fake, parts } = rig;
  const board = boardOf(fake, game.chatId!, game.id);
  const who = rig.users.get(game.waitingFor!) ?? { ...ALICE, id: game.waitingFor! };
  const { update } = fake.pressUpdate(who, board, pickButton(board, game.id, r));
  fake.deliver(update);
  const from = fake.calls.length;
  const sql = rig.statements();
  const t0 = performance.now();
  await parts.bot.handleUpdate(update);
  await parts.boards.settled();
  const totalMs = performance.now() - t0;
  const after = rig.statements();
  const statements = after.queries - sql.queries;
  const frame = after.frame - sql.frame;
  const calls = fake.calls.slice(from);
  const answer = calls.find((c) => c.method === "answerCallbackQuery");
  const edit = lastOf(calls, (c) => /^editMessage|^sendPhoto$/.test(c.method));
  if (!answer || !edit || !answer.answer?.ok || !edit.answer?.ok)
    throw new Error(`press on game ${game.id}: ${calls.map((c) => c.method).join(", ")}`);
  return { answerMs: answer.at - t0, editMs: edit.at - t0, totalMs, statements, frame };
}

/** Sequential presses through games that follow one another (long and short in turn). */
async function inProcess(store: Store, presses: number): Promise<Record<string, number>> {
  const fake = fakeApi();
  const rig = await makeRig(store, fake);
  const r = rng(7);
  const timings: PressTiming[] = [];
  let games = 0;
  let gameId = 0;
  const warmup = Math.min(20, Math.floor(presses / 5));
  let busyMs = 0;
  try {
    while (timings.length < presses + warmup) {
      let game = gameId ? await rig.service.getGame(gameId) : null;
      if (game?.status !== "active") {
        const chatId = -(1000 + games);
        gameId = await openGame(rig, chatId, games % 2 === 0 ? "/play" : "/play short");
        games++;
        game = (await rig.service.getGame(gameId))!;
      }
      const t = await pressOnce(rig, game, r);
      timings.push(t);
      if (timings.length > warmup) busyMs += t.totalMs;
    }
  } finally {
    await closeRig(rig);
  }
  const measured = timings.slice(warmup);
  const edits = measured.map((t) => t.editMs);
  return {
    botPresses: measured.length,
    botPressAnswerP50Ms: round(median(measured.map((t) => t.answerMs))),
    botPressEditP50Ms: round(median(edits)),
    botPressEditP99Ms: round(percentile(edits, 99)),
    botPressesPerSec: round((measured.length * 1000) / busyMs, 1),
    botSqlPerPressP50: median(measured.map((t) => t.statements)),
    botSqlPerPressMean: round(measured.reduce((a, t) => a + t.statements, 0) / measured.length, 2),
    botTxFramePerPressP50: median(measured.map((t) => t.frame)),
  };
}

/**
 * inProcess's presses once more, the same ones (the same seeds), on a local PostgreSQL
 * server of the bench's own with a server's durable defaults; its figures named `botPg…`,
 * and its edit p50 as a ratio of SQLite's. Nothing where the machine has no PostgreSQL.
 */
async function onPostgres(
  presses: number,
  sqlite: Record<string, number>,
): Promise<Record<string, number>> {
  if (!postgresBinaries()) return {};
  const server = await startPgServer({ durable: true });
  try {
    const figures = await inProcess({ url: await server.createDatabase("bench") }, presses);
    const named = Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k.replace(/^bot/, "botPg"), v]),
    );
    return {
      ...named,
      botPgEditP50VsSqlite: round(figures.botPressEditP50Ms! / sqlite.botPressEditP50Ms!, 2),
    };
  } finally {
    server.stop();
  }
}

/** The same presses with the update runner polling a fake Bot API over loopback HTTP. */
async function overHttp(dir: string, presses: number): Promise<Record<string, number>> {
  const fake = fakeApi({ maxHoldMs: 1000 });
  const apiRoot = await fake.listen();
  const dbFile = path.join(dir, "http.sqlite");
  const rig = await makeRig({ file: dbFile }, fake, apiRoot);
  const runner = run(rig.parts.bot, {
    runner: { fetch: { allowed_updates: ["message", "callback_query"] } },
  });
  const r = rng(11);
  const samples: number[] = [];
  const warmup = Math.min(10, Math.floor(presses / 5));
  let gameId = 0;
  let games = 0;
  try {
    while (samples.length < presses + warmup) {
      let game = gameId ? await rig.service.getGame(gameId) : null;
      if (game?.status !== "active") {
        const chatId = -(2000 + games);
        const seen = fake.calls.length;
        fake.sendText(ALICE, chatId, "/play");
        const challenge = await fake.waitFor(
          () =>
            fake
              .chatMessages(chatId)
              .find((m) => m.keyboard.flat().some((b) => /^c:\d+:a$/.test(dataOf(b)))),
          10_000,
          "the challenge",
        );
        const accept = challenge.keyboard.flat().find((b) => /^c:\d+:a$/.test(dataOf(b)))!;
        fake.press(BOB, challenge, dataOf(accept));
        const board = await fake.waitFor(
          () =>
            fake
              .chatMessages(chatId)
              .find(
                (m) =>
                  m.changedAt > seen && m.keyboard.flat().some((b) => dataOf(b).startsWith("g:")),
              ),
          10_000,
          "the board",
        );
        gameId = Number(/^g:(\d+):/.exec(dataOf(board.keyboard.flat()[0]!))?.[1]);
        games++;
        game = (await rig.service.getGame(gameId))!;
      }
      const board = boardOf(fake, game.chatId!, game.id);
      const since = board.changedAt;
      const who = rig.users.get(game.waitingFor!)!;
      const t0 = performance.now();
      fake.press(who, board, pickButton(board, game.id, r));
      const edit = await fake.waitFor(
        () =>
          lastOf(
            fake.calls,
            (c) =>
              c.seq > since && /^editMessage|^sendPhoto$/.test(c.method) && c.answer?.ok === true,
          ),
        10_000,
        "the edit",
      );
      samples.push(edit.at - t0);
    }
  } finally {
    await runner.stop();
    await fake.close();
    await closeRig(rig);
  }
  const measured = samples.slice(warmup);
  return {
    botHttpPresses: measured.length,
    botHttpPressEditP50Ms: round(median(measured)),
    botHttpPressEditP99Ms: round(percentile(measured, 99)),
  };
}

/**
 * In the child: `games` games stored through the service (challenge, accept; a few moves in
 * one game of five), then `served` of them, spread over the ids, shown and pressed 3 times.
 */
async function memoryChild(games: number, served: number): Promise<Record<string, number>> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const rss = () => {
    gc();
    return process.memoryUsage().rss / MB;
  };
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-bench-mem-"));
  const dbFile = path.join(dir, "memory.sqlite");
  const fake = fakeApi();
  const rig = await makeRig({ file: dbFile }, fake);
  const r = rng(3);
  try {
    // Warm: one game shown and pressed, so the renderer and every module are loaded.
    const warm = await openGame(rig, -1, "/play");
    await pressOnce(rig, (await rig.service.getGame(warm))!, r);
    const rssStart = rss();

    const t0 = performance.now();
    const ids: number[] = [];
    // Stored as by an earlier run of the process: no board is shown until someone presses.
    const earlier = new GameService(rig.database.db, memoryFrontEnd());
    for (let i = 0; i < games; i++) {
      const a = { id: 100_000 + 2 * i, firstName: `A${i}` };
      const b = { id: 100_001 + 2 * i, firstName: `B${i}` };
      const c = await earlier.createChallenge({
        challenger: a,
        chat: { id: -(10_000 + (i % 500)), type: "supergroup" },
        variant: i % 2 === 0 ? "long" : "short",
      });
      if (!c.ok) throw new Error(c.error.message);
      const s = await earlier.acceptChallenge(c.value.id, b);
      if (!s.ok) throw new Error(s.error.message);
      // The game begins once its first message is posted (the dice's second part).
      const chatId = s.value.game.chatId!;
      const where = { kind: "chat", chatId, messageId: 1 + i, date: 1_767_225_600 } as const;
      const begun = await earlier.beginGame(s.value.game.id, where);
      if (!begun.ok) throw new Error(begun.error.message);
      let g = begun.value.game;
      ids.push(g.id);
      for (let k = 0; i % 5 === 0 && k < 4 && g.status === "active"; k++) {
        const res = await earlier.act(g.id, g.waitingFor!, randomAction(g, r), g.version);
        if (!res.ok) throw new Error(res.error.message);
        g = res.value.game;
      }
    }
    const createSec = (performance.now() - t0) / 1000;
    const rssStored = rss();

    const step = Math.max(1, Math.floor(ids.length / served));
    let presses = 0;
    for (let i = 0; i < ids.length && presses < served * 4; i += step) {
      const game = (await rig.service.getGame(ids[i]!))!;
      rig.users.set(game.white.id, { id: game.white.id, is_bot: false, first_name: "W" });
      rig.users.set(game.black.id, { id: game.black.id, is_bot: false, first_name: "B" });
      // A press on a board from before a restart: the game is shown again (a new message).
      const old = fake.addMessage(game.chatId!, { photoId: "old", caption: "" });
      const who = rig.users.get(game.waitingFor!)!;
      await sendToBot(rig, fake.pressUpdate(who, old, `g:${game.id}:${game.version}:f`).update);
      presses++;
      for (let k = 0; k < 3; k++) {
        const g = (await rig.service.getGame(game.id))!;
        if (g.status !== "active") break;
        await pressOnce(rig, g, r);
        presses++;
      }
    }
    const rssServing = rss();
    return {
      storedGames: games + 1,
      createGamesPerSec: Math.round(games / createSec),
      servedPresses: presses,
      rssStartMb: round(rssStart, 1),
      rssStoredMb: round(rssStored, 1),
      rssServingMb: round(rssServing, 1),
      heapUsedMb: round(process.memoryUsage().heapUsed / MB, 1),
      dbFileMb: round(statSync(dbFile).size / MB, 1),
    };
  } finally {
    await closeRig(rig);
    rmSync(dir, { recursive: true, force: true });
  }
}

function memory(games: number, served: number): Record<string, number> {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", SELF, "--memory-child", String(games), String(served)],
    { cwd: ROOT, encoding: "utf8", timeout: 600_000, maxBuffer: 16 * MB },
  );
  const last = child.stdout?.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !last.startsWith("{"))
    throw new Error(`memory child failed (${child.status}): ${child.stderr}`);
  const m = JSON.parse(last) as Record<string, number>;
  return {
    botMemStoredGames: m.storedGames!,
    botMemCreateGamesPerSec: m.createGamesPerSec!,
    botMemServedPresses: m.servedPresses!,
    botRssStartMb: m.rssStartMb!,
    botRssStoredGamesMb: m.rssStoredMb!,
    botRssServingMb: m.rssServingMb!,
    botHeapUsedMb: m.heapUsedMb!,
    botDbFileMb: m.dbFileMb!,
  };
}

/** Press latency through the whole bot, presses per second, and memory with many games. */
export async function benchBot(opts: { smoke?: boolean } = {}): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-bench-bot-"));
  try {
    const presses = opts.smoke ? 10 : 600;
    const local = await inProcess({ file: path.join(dir, "inprocess.sqlite") }, presses);
    const pg = await onPostgres(presses, local);
    const http = await overHttp(dir, opts.smoke ? 5 : 200);
    const mem = memory(opts.smoke ? 200 : 10_000, opts.smoke ? 5 : 200);
    return { ...local, ...pg, ...http, ...mem };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (process.argv[2] === "--memory-child") {
    const figures = await memoryChild(Number(process.argv[3]), Number(process.argv[4]));
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else {
    // `npx tsx bench/bot.ts [--smoke]`: this part alone.
    const figures = await benchBot({ smoke: process.argv.includes("--smoke") });
    for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(28)} ${v}\n`);
  }
}
