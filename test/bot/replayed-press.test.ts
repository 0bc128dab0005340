/**
 * A press a process took and did not finish, replayed by the next process: answered as done
 * when its action went in, as out of date when the game moved on meanwhile. Real waits for
 * auto-retry's backoff make it a slow test.
 */
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../../bench/testkit/index.js";
import { decode } from "../../src/bot/callback-data.js";
import { ALICE, botOn, CHAT, cleanUp, dbFile, inboxRows, TOKEN } from "./inbox-bot.js";

afterEach(cleanUp);

describe("a press replayed after a restart", () => {
  const BOB = { id: 22, is_bot: false, first_name: "Bob", language_code: "en" };

  /** Telegram sends an update; the bot handles it as polling would: stored first, then handled. */
  async function deliver(bot: Awaited<ReturnType<typeof botOn>>, fake: FakeBotApi, update: Update) {
    fake.deliver(update);
    for (const u of await bot.parts.feed!.admit([update])) await bot.parts.feed!.handle(u);
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
    const game = (await bot.parts.deps.service.getGame(1))!;
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
    for (const u of await second.parts.feed!.replays()) await second.parts.feed!.handle(u);
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
    await first.parts.feed!.admit([press.update]);
    const service = first.parts.deps.service;
    expect((await service.act(1, mover.id, { type: "resign" }, version)).ok).toBe(true);
    await first.stop();

    const second = await botOn(file, fake);
    for (const u of await second.parts.feed!.replays()) await second.parts.feed!.handle(u);
    await second.parts.boards.settled();
    const answers = answersTo(fake, press.queryId);
    expect(answers).toHaveLength(1);
    expect(String(answers[0]!.payload.text)).toMatch(/out of date/);
    expect(fake.problems()).toEqual([]);
  });
});
