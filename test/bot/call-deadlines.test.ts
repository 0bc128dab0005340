/**
 * Calls that know their deadline: a press's answer is tried only while Telegram can still
 * take it; a board that failed (a dropped connection, a 429) is tried again with the newest
 * state, never with the one that failed; no call can hold an update for minutes.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { Api } from "grammy";
import { describe, expect } from "vitest";
import type { ApiCall, StoredMessage } from "../../bench/testkit/index.js";
import { callDeadline } from "../../src/bot/call-deadline.js";
import { turnView } from "../../src/engine/index.js";
import { it, type MakeHarness } from "./fixtures.js";
import {
  buttonNamed,
  buttons,
  GROUP,
  type Harness,
  inProcessApi,
  USERS,
  userById,
} from "./harness.js";

const EDIT = /^editMessage/;

/** A harness whose clock (the bot's and Telegram's) the test can move forward. */
async function withClock(make: MakeHarness) {
  let shift = 0;
  const now = () => Date.now() + shift;
  const h = await make({ now, tg: inProcessApi({ now }) });
  return { harness: h, forward: (ms: number) => (shift += ms) };
}

async function startGame(harness: Harness): Promise<StoredMessage> {
  await harness.send(USERS.alice, "/play");
  const challenge = harness.lastMessage();
  await harness.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
  return harness.lastMessage();
}

/** The version every button of a board carries. */
const versionOn = (payload: Record<string, unknown>): number => {
  const markup = JSON.parse(String(payload.reply_markup)) as {
    inline_keyboard: { callback_data: string }[][];
  };
  return Number(/^g:\d+:(\d+):/.exec(markup.inline_keyboard[0]![0]!.callback_data)?.[1]);
};

/** Plays the next step or roll of game 1 through the service, as the computer player does. */
async function playThroughService(harness: Harness): Promise<number> {
  const game = (await harness.service.getGame(1))!;
  const step = turnView(game.state)?.nextSteps[0];
  const action = step ? ({ type: "step", ...step } as const) : ({ type: "roll" } as const);
  const r = await harness.service.act(1, game.waitingFor!, action, game.version);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game.version;
}

describe("a press's answer", () => {
  /**
   * A /help of the mover's waits on a reply Telegram holds; their press queues behind it (one
   * person's updates in one chat go one at a time) while the clock moves on by `queued` ms.
   * The answer's first `lost` attempts are lost on the network.
   */
  async function pressQueued(make: MakeHarness, queued: number, lost = 1) {
    const { harness, forward } = await withClock(make);
    const board = await startGame(harness);
    const mover = userById((await harness.service.getGame(1))!.waitingFor!);
    const version = (await harness.service.getGame(1))!.version;
    const hold = harness.tg.holdNext("sendMessage");
    const help = harness.send(mover, "/help");
    await hold.reached;
    const pressing = harness.press(mover, board, buttons(board)[0]!);
    await new Promise((r) => setTimeout(r, 50));
    forward(queued);
    harness.tg.dropNext("answerCallbackQuery", lost);
    const answersBefore = harness.tg.callsOf("answerCallbackQuery").length;
    const t0 = Date.now();
    hold.release();
    await Promise.all([help, pressing]);
    return {
      harness,
      ms: Date.now() - t0,
      attempts: harness.tg.callsOf("answerCallbackQuery").slice(answersBefore),
      moved: (await harness.service.getGame(1))!.version > version,
    };
  }

  it("is tried again while it can still arrive", async ({ harness: make }) => {
    const { harness, attempts, moved } = await pressQueued(make, 5_000);
    // The first retry comes 0.3 s later: inside the press's 10 s.
    expect(attempts.map((c) => Boolean(c.dropped))).toEqual([true, false]);
    expect(moved).toBe(true);
    expect(harness.tg.problems()).toEqual([]);
  }, 20_000);

  it("lost three times in a row, 5 s after the press: the fourth try gets through in time", async ({
    harness: make,
  }) => {
    const { harness, ms, attempts, moved } = await pressQueued(make, 5_000, 3);
    // 0.3 s, 0.7 s and 1.5 s apart; auto-retry's 3 s and 6 s would reach past the 10 s.
    expect(attempts.map((c) => Boolean(c.dropped))).toEqual([true, true, true, false]);
    expect(ms).toBeLessThan(4_000);
    expect(moved).toBe(true);
    expect(harness.tg.problems()).toEqual([]);
  }, 20_000);

  it("is not retried past about 10 s after the press arrived, and the move still lands", async ({
    harness: make,
  }) => {
    const { harness, ms, attempts, moved } = await pressQueued(make, 9_800);
    // The retry would come 0.3 s later, after the press's time.
    expect(attempts.map((c) => Boolean(c.dropped))).toEqual([true]);
    expect(ms).toBeLessThan(2_000);
    expect(moved).toBe(true);
    // Telegram never got an answer: the one press it reports unanswered.
    expect(harness.tg.problems()).toEqual([
      expect.stringMatching(/^callback query .* never answered/),
    ]);
  }, 20_000);

  it("is not sent at all once the press is too old", async ({ harness: make }) => {
    const { harness, forward } = await withClock(make);
    const board = await startGame(harness);
    const mover = userById((await harness.service.getGame(1))!.waitingFor!);
    const hold = harness.tg.holdNext("sendMessage");
    const help = harness.send(mover, "/help");
    await hold.reached;
    const answers = harness.tg.callsOf("answerCallbackQuery").length;
    const pressing = harness.press(mover, board, buttons(board)[0]!);
    await new Promise((r) => setTimeout(r, 50));
    forward(11_000);
    hold.release();
    await Promise.all([help, pressing]);
    expect(harness.tg.callsOf("answerCallbackQuery").length).toBe(answers);
    expect((await harness.service.getGame(1))!.version).toBeGreaterThan(2);
    expect(harness.tg.problems()).toEqual([expect.stringMatching(/never answered/)]);
  });
});

describe("a board that failed", () => {
  /** Edits of game 1's board from call `from` on, and whether each went through. */
  const editsSince = (harness: Harness, from: number): ApiCall[] =>
    harness.tg.calls.slice(from).filter((c) => EDIT.test(c.method));

  it("lost on the network: tried again with the newest state, never the one that failed", async ({
    h,
  }) => {
    const board = await startGame(h);
    const from = h.tg.calls.length;
    h.tg.dropNext(EDIT);
    await h.press(userById((await h.service.getGame(1))!.waitingFor!), board, buttons(board)[0]!);
    const failed = (await h.service.getGame(1))!.version;
    // The game moves on before the board's retry is due (the computer player, say).
    const newest = await playThroughService(h);
    await h.settle();
    await new Promise((r) => setTimeout(r, 1_500));
    await h.settle();
    const edits = editsSince(h, from);
    expect(edits.map((c) => [versionOn(c.payload), Boolean(c.dropped)])).toEqual([
      [failed, true],
      [newest, false],
    ]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("refused with 429: nothing until Telegram's wait is over, then one edit with the newest state", async ({
    h,
  }) => {
    const board = await startGame(h);
    const from = h.tg.calls.length;
    const failed = (await h.service.getGame(1))!.version;
    let newest = 0;
    // As Telegram refuses the edit, the game moves on (the computer player, say).
    h.tg.rateLimitNext("editMessageMedia", 1, {
      effect: async () => {
        newest = await playThroughService(h!);
      },
    });
    await h.press(userById((await h.service.getGame(1))!.waitingFor!), board, buttons(board)[0]!);
    // Nothing more went out inside the wait; then once, with the newest state.
    const edits = editsSince(h, from);
    expect(edits.map((c) => c.answer?.ok)).toEqual([false, true]);
    expect(versionOn(edits[1]!.payload)).toBe(newest);
    expect(versionOn(edits[0]!.payload)).toBeGreaterThan(failed);
    expect(versionOn(edits[0]!.payload)).toBeLessThan(newest);
    expect(edits[1]!.at! - edits[0]!.at!).toBeGreaterThanOrEqual(1_000);
    const live = h.tg.message(GROUP, board.messageId)!;
    expect(versionOn({ reply_markup: JSON.stringify({ inline_keyboard: live.keyboard }) })).toBe(
      newest,
    );
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("every call", () => {
  it("ends by its deadline even when the network keeps failing (auto-retry alone never stops)", async () => {
    let tries = 0;
    const api = new Api("1:x", {
      fetch: (async () => {
        tries++;
        throw new TypeError("fetch failed: connect ECONNREFUSED");
      }) as never,
    });
    api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));
    api.config.use(callDeadline(500));
    const t0 = Date.now();
    await expect(api.sendMessage(1, "hi")).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(1_500);
    expect(tries).toBe(1);
  });
});
