/**
 * The durable inbox in process: long polling through `pollUpdates` against the fake Bot API
 * (its getUpdates, offsets and all), the webhook server, and a bot that replays what a
 * process before it left unfinished. The kill -9 itself is in test/e2e/e2e.test.ts.
 */
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunnerHandle } from "@grammyjs/runner";
import { Bot } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_INFO, FakeBotApi, silentLogger } from "../../bench/testkit/index.js";
import { createApp } from "../../src/app.js";
import { decode } from "../../src/bot/callback-data.js";
import { pollUpdates } from "../../src/bot/polling.js";
import { startHttpServer } from "../../src/bot/server.js";
import { UpdateFeed } from "../../src/bot/update-feed.js";
import { parseConfig } from "../../src/config.js";
import { type OpenedDatabase, openDatabase } from "../../src/db/index.js";
import { UpdateInbox } from "../../src/db/telegram/inbox.js";
import { fakeDecisions, fakeRender, fakeReplay, fakeStandings } from "./harness.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
const ALICE = { id: 11, is_bot: false, first_name: "Alice", language_code: "en" };
const CHAT = -100_300;

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** The fake Bot API takes a photo only if it looks like a PNG. */
const pngRender: typeof fakeRender = async (view) =>
  Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), await fakeRender(view)]);

const dbFile = () => path.join(mkdtempSync(path.join(tmpdir(), "nardy-inbox-")), "bot.sqlite");

/** The bot as src/main.ts wires it, on `file`, talking to `fake` in process. */
async function botOn(file: string, fake: FakeBotApi) {
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(file);
  // After kill(), nothing this process sends reaches Telegram.
  let dead = false;
  const fetch = (url: unknown, init?: unknown) =>
    dead
      ? Promise.resolve(Response.json({ ok: false, error_code: 401, description: "dead" }))
      : fake.fetch(url, init as never);
  const app = createApp(parsed.config, {
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
    stop,
  };
}

const inboxRows = (database: OpenedDatabase) =>
  database.sqlite
    .prepare("select update_id id, attempts, done_at is not null done from inbox order by 1")
    .all() as { id: number; attempts: number; done: number }[];

const replies = (fake: FakeBotApi) =>
  fake.callsOf("sendMessage").filter((c) => Number(c.payload.chat_id) === CHAT && c.answer?.ok);

describe("long polling through the inbox", () => {
  it("stores every update before the getUpdates that confirms it to Telegram, and marks it done", async () => {
    const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 50 });
    const bot = await botOn(dbFile(), fake);
    const id = fake.sendText(ALICE, CHAT, "/help")!;
    let storedAtConfirmation: unknown[] | null = null;
    // The request that carries the higher offset: Telegram forgets the update on receiving it.
    fake.failNext(
      "getUpdates",
      { error_code: 429, description: "Too Many Requests", parameters: { retry_after: 0 } },
      {
        match: (p) => Number(p.offset) > id,
        effect: () => {
          storedAtConfirmation = inboxRows(bot.database).map((r) => r.id);
        },
      },
    );
    bot.poll();
    await fake.waitFor(() => replies(fake).length > 0, 5_000, "the reply to /help");
    await fake.waitFor(() => storedAtConfirmation, 5_000, "the confirming getUpdates");
    expect(storedAtConfirmation).toEqual([id]);
    await bot.parts.feed!.settled();
    expect(inboxRows(bot.database)).toEqual([{ id, attempts: 1, done: 1 }]);
    expect(fake.problems()).toEqual([]);
  });

  it("at start, handles what the last process stored and never finished, once, though Telegram delivers it again", async () => {
    const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 50 });
    const file = dbFile();
    // A process stored these and died before handling them (and before confirming them).
    const first = await botOn(file, fake);
    const help = fake.textUpdate(ALICE, CHAT, "/help");
    const lang = fake.textUpdate(ALICE, CHAT, "/lang");
    const poison = fake.textUpdate(ALICE, CHAT, "/help");
    first.parts.feed!.admit([help, lang, poison]);
    first.database.sqlite
      .prepare("update inbox set attempts = 3 where update_id = ?")
      .run(poison.update_id);
    await first.stop();
    // Telegram was never told: it delivers one of them again.
    fake.deliverAgain(help);
    const again = fake.calls.length;

    const second = await botOn(file, fake);
    second.poll();
    await fake.waitFor(() => replies(fake).length >= 2, 5_000, "the two replies");
    await new Promise((r) => setTimeout(r, 300));
    await second.parts.feed!.settled();
    expect(replies(fake)).toHaveLength(2);
    expect(fake.calls.slice(again).filter((c) => c.method === "sendMessage")).toHaveLength(2);
    // All done: two replayed, the update begun three times given up.
    expect(inboxRows(second.database)).toEqual([
      { id: help.update_id, attempts: 2, done: 1 },
      { id: lang.update_id, attempts: 2, done: 1 },
      { id: poison.update_id, attempts: 3, done: 1 },
    ]);
    expect(fake.problems()).toEqual([]);
  });
});

describe("an update that throws every time", () => {
  it("is marked done after its one try, so no start replays it", async () => {
    const database = openDatabase(":memory:");
    cleanup.push(() => database.close());
    const bot = new Bot("1:x", { botInfo: BOT_INFO });
    let tries = 0;
    bot.use(() => {
      tries++;
      throw new Error("poison");
    });
    bot.catch(() => {});
    const inbox = new UpdateInbox(database.db);
    const feed = new UpdateFeed(bot as never, inbox, silentLogger);
    const update = { update_id: 5, message: { text: "x" } } as unknown as Update;
    for (const u of feed.admit([update])) await feed.handle(u);
    expect(tries).toBe(1);
    expect(inbox.takePending()).toEqual({ replay: [], givenUp: [] });
  });
});

describe("webhook mode through the inbox", () => {
  async function webhookOn(file: string, fake: FakeBotApi) {
    const bot = await botOn(file, fake);
    const server = await startHttpServer(
      {
        port: 0,
        webhook: { feed: bot.parts.feed!, path: "/hook", secret: "s3cret" },
        healthy: () => true,
      },
      silentLogger,
    );
    cleanup.push(() => new Promise((r) => server.close(r)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (update: Update) =>
      fetch(`${base}/hook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-telegram-bot-api-secret-token": "s3cret",
        },
        body: JSON.stringify(update),
      });
    return { ...bot, post };
  }

  it("answers Telegram once the update is stored, before handling it; the same update sent again is not handled twice", async () => {
    const fake = new FakeBotApi({ token: TOKEN });
    const bot = await webhookOn(dbFile(), fake);
    const update = fake.textUpdate(ALICE, CHAT, "/help");
    const hold = fake.holdNext("sendMessage", { at: "request" });
    expect((await bot.post(update)).status).toBe(200);
    // Telegram has its 200 while the reply is still on its way: stored, not done.
    await hold.reached;
    expect(inboxRows(bot.database)).toEqual([{ id: update.update_id, attempts: 1, done: 0 }]);
    expect((await bot.post(update)).status).toBe(200);
    hold.release();
    await bot.parts.feed!.settled();
    expect(replies(fake)).toHaveLength(1);
    expect(inboxRows(bot.database)).toEqual([{ id: update.update_id, attempts: 1, done: 1 }]);
    expect(fake.problems()).toEqual([]);
  });

  it("a process that dies after the 200 and before the update is handled: the next one handles it", async () => {
    const fake = new FakeBotApi({ token: TOKEN });
    const file = dbFile();
    const first = await webhookOn(file, fake);
    const hold = fake.holdNext("sendMessage", { at: "request" });
    const update = fake.textUpdate(ALICE, CHAT, "/help");
    expect((await first.post(update)).status).toBe(200);
    await hold.reached;
    // The process is gone: its database closes under it, its reply never goes out.
    first.kill();
    hold.release(true);

    const second = await botOn(file, fake);
    for (const u of second.parts.feed!.replays()) await second.parts.feed!.handle(u);
    expect(replies(fake)).toHaveLength(1);
    expect(inboxRows(second.database)).toEqual([{ id: update.update_id, attempts: 2, done: 1 }]);
    expect(fake.problems()).toEqual([]);
  });
});

describe("a press replayed after a restart", () => {
  const BOB = { id: 22, is_bot: false, first_name: "Bob", language_code: "en" };

  /** Telegram sends an update; the bot handles it as polling would: stored first, then handled. */
  async function deliver(bot: Awaited<ReturnType<typeof botOn>>, fake: FakeBotApi, update: Update) {
    fake.deliver(update);
    for (const u of bot.parts.feed!.admit([update])) await bot.parts.feed!.handle(u);
    await bot.parts.boards.settled();
  }

  /** Bob challenges, Alice accepts: the board, who moves, and a press of theirs on it. */
  async function gameOn(bot: Awaited<ReturnType<typeof botOn>>, fake: FakeBotApi) {
    await deliver(bot, fake, fake.textUpdate(BOB, CHAT, "/play"));
    const dataOf = (b: unknown) => (b as { callback_data: string }).callback_data;
    const challenge = fake.chatMessages(CHAT).at(-1)!;
    const accept = challenge.keyboard.flat().find((b) => /^c:\d+:a$/.test(dataOf(b)))!;
    await deliver(bot, fake, fake.pressUpdate(ALICE, challenge, dataOf(accept)).update);
    const board = await fake.waitFor(
      () => fake.chatMessages(CHAT).find((m) => m.photoId !== null && m.keyboard.length > 0),
      5_000,
      "the board",
    );
    const game = bot.parts.deps.service.getGame(1)!;
    const mover = game.waitingFor === ALICE.id ? ALICE : BOB;
    const choice = board.keyboard.flat().find((b) => !/Double|Undo/.test(b.text))!;
    return { board, mover, data: dataOf(choice), version: game.version };
  }

  /** The answers Telegram took for the query. */
  const answersTo = (fake: FakeBotApi, queryId: string) =>
    fake
      .callsOf("answerCallbackQuery")
      .filter((c) => String(c.payload.callback_query_id) === queryId && c.answer?.ok);

  it("finds its own action applied (the process died before answering it): answered as done", async () => {
    const fake = new FakeBotApi({ token: TOKEN });
    const file = dbFile();
    const first = await botOn(file, fake);
    const { board, mover, data, version } = await gameOn(first, fake);
    // The move goes in; the process dies as its answer goes out.
    fake.failNext(
      "answerCallbackQuery",
      { error_code: 502, description: "Bad Gateway" },
      { effect: () => first.kill() },
    );
    const press = fake.pressUpdate(mover, board, data);
    await deliver(first, fake, press.update);

    const second = await botOn(file, fake);
    for (const u of second.parts.feed!.replays()) await second.parts.feed!.handle(u);
    await second.parts.boards.settled();
    const answers = answersTo(fake, press.queryId);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.payload.text).toBeUndefined();
    // Applied once, by the process that died: one event per step of the press.
    const pressed = decode(data);
    const command = pressed?.type === "game" ? pressed.command : null;
    const steps = command?.kind === "play" ? command.steps.length : 1;
    const mine = second.database.sqlite
      .prepare("select count(*) from game_events where game_id = 1 and seq > ? and actor_id = ?")
      .pluck()
      .get(version, mover.id);
    expect(mine).toBe(steps);
    expect(inboxRows(second.database).at(-1)).toEqual({
      id: press.update.update_id,
      attempts: 2,
      done: 1,
    });
    expect(fake.problems()).toEqual([]);
  });

  it("finds the game moved on by something else: the board is out of date", async () => {
    const fake = new FakeBotApi({ token: TOKEN });
    const file = dbFile();
    const first = await botOn(file, fake);
    const { board, mover, data, version } = await gameOn(first, fake);
    // Stored, then the process stops before handling it; the mover has resigned meanwhile.
    const press = fake.pressUpdate(mover, board, data);
    fake.deliver(press.update);
    first.parts.feed!.admit([press.update]);
    const service = first.parts.deps.service;
    expect(service.act(1, mover.id, { type: "resign" }, version).ok).toBe(true);
    await first.stop();

    const second = await botOn(file, fake);
    for (const u of second.parts.feed!.replays()) await second.parts.feed!.handle(u);
    await second.parts.boards.settled();
    const answers = answersTo(fake, press.queryId);
    expect(answers).toHaveLength(1);
    expect(String(answers[0]!.payload.text)).toMatch(/out of date/);
    expect(fake.problems()).toEqual([]);
  });
});
