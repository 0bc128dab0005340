/**
 * The durable inbox in process: long polling through `pollUpdates` against the fake Bot API
 * (its getUpdates, offsets and all), the webhook server, and an update that throws. A press
 * replayed after a restart is in test/bot/replayed-press.test.ts; the kill -9 itself in
 * test/e2e/e2e.test.ts.
 */
import type { AddressInfo } from "node:net";
import { Bot } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_INFO, FakeBotApi, silentLogger } from "../../bench/testkit/index.js";
import { startHttpServer } from "../../src/bot/server.js";
import { UpdateFeed } from "../../src/bot/update-feed.js";
import { openDatabase } from "../../src/db/index.js";
import { UpdateInbox } from "../../src/db/telegram/inbox.js";
import { ALICE, botOn, CHAT, cleanUp, cleanup, dbFile, inboxRows, TOKEN } from "./inbox-bot.js";

afterEach(cleanUp);

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

  it("handles a batch the database cannot take unstored, so it is answered, and polls on", async () => {
    const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 50 });
    const bot = await botOn(dbFile(), fake);
    const feed = bot.parts.feed!;
    // The database is away for the first batch that has anything in it (a server restarting):
    // the feed's inbox refuses it.
    const inbox = (feed as unknown as { inbox: UpdateInbox }).inbox;
    const admit = inbox.admit.bind(inbox);
    let refusals = 1;
    inbox.admit = (updates) => {
      if (updates.length > 0 && refusals > 0) {
        refusals--;
        return Promise.reject(new Error("Connection terminated unexpectedly"));
      }
      return admit(updates);
    };
    const away = fake.sendText(ALICE, CHAT, "/help")!;
    bot.poll();
    await fake.waitFor(() => replies(fake).length > 0, 5_000, "the reply to /help");
    expect(refusals).toBe(0);
    // Back: the next update is stored and marked done as ever; polling never stopped.
    const back = fake.sendText(ALICE, CHAT, "/help")!;
    await fake.waitFor(() => replies(fake).length > 1, 5_000, "the second reply");
    await feed.settled();
    expect(bot.polling()).toBe(true);
    expect(inboxRows(bot.database)).toEqual([{ id: back, attempts: 1, done: 1 }]);
    expect(away).toBeLessThan(back);
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
    await first.parts.feed!.admit([help, lang, poison]);
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
    for (const u of await feed.admit([update])) await feed.handle(u);
    expect(tries).toBe(1);
    expect(await inbox.takePending()).toEqual({ replay: [], givenUp: [] });
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
    for (const u of await second.parts.feed!.replays()) await second.parts.feed!.handle(u);
    expect(replies(fake)).toHaveLength(1);
    expect(inboxRows(second.database)).toEqual([{ id: update.update_id, attempts: 2, done: 1 }]);
    expect(fake.problems()).toEqual([]);
  });
});
