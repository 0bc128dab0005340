/** A bot on a database file as src/main.ts wires it, for the inbox's restart tests. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunnerHandle } from "@grammyjs/runner";
import { BOT_INFO, type FakeBotApi, silentLogger } from "../../bench/testkit/index.js";
import { createApp } from "../../src/app.js";
import { pollUpdates } from "../../src/bot/polling.js";
import { parseConfig } from "../../src/config.js";
import { type OpenedDatabase, openDatabase } from "../../src/db/index.js";
import { fakeDecisions, fakeRender, fakeReplay, fakeStandings } from "./harness.js";

export const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
export const ALICE = { id: 11, is_bot: false, first_name: "Alice", language_code: "en" };
export const CHAT = -100_300;

/** What a test started, stopped after it (each test file's afterEach runs it). */
export const cleanup: (() => unknown)[] = [];
export async function cleanUp() {
  for (const c of cleanup.splice(0).reverse()) await c();
}

/** The fake Bot API takes a photo only if it looks like a PNG. */
const pngRender: typeof fakeRender = async (view) =>
  Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), await fakeRender(view)]);

export const dbFile = () =>
  path.join(mkdtempSync(path.join(tmpdir(), "nardy-inbox-")), "bot.sqlite");

/** The bot as src/main.ts wires it, on `file`, talking to `fake` in process. */
export async function botOn(file: string, fake: FakeBotApi) {
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(file);
  // After kill(), nothing this process sends reaches Telegram.
  let dead = false;
  const fetch = (url: unknown, init?: unknown) =>
    dead
      ? Promise.resolve(Response.json({ ok: false, error_code: 401, description: "dead" }))
      : fake.fetch(url, init as never);
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: pngRender,
      decisions: fakeDecisions,
      replay: fakeReplay,
      standings: fakeStandings,
    },
    computer: null,
    fetch: fetch as never,
  });
  const parts = app.bot;
  await parts.bot.init();
  let runner: RunnerHandle | null = null;
  const stop = async () => {
    if (dead) return;
    if (runner?.isRunning()) await runner.stop();
    await parts.feed!.settled();
    parts.boards.stop();
    database.close();
  };
  cleanup.push(stop);
  return {
    database,
    parts,
    /** As kill -9 would leave it: the database closed under the work in flight. */
    kill() {
      dead = true;
      parts.boards.stop();
      database.close();
    },
    poll() {
      runner = pollUpdates(parts.bot, parts.feed!, ["message", "callback_query"], silentLogger);
    },
    /** Whether polling goes on (its runner has not stopped on an error). */
    polling: () => runner?.isRunning() ?? false,
    stop,
  };
}

export const inboxRows = (database: OpenedDatabase) =>
  database.sqlite
    .prepare("select update_id id, attempts, done_at is not null done from inbox order by 1")
    .all() as { id: number; attempts: number; done: number }[];
