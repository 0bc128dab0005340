import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Update } from "grammy/types";
import { describe, expect } from "vitest";
import { TELEGRAM_BUDGETS } from "../../src/bot/outbox/budget.js";
import { WAITING_LIMITS } from "../../src/bot/outbox/outbox.js";
import { PERSON_RATES } from "../../src/bot/person-limits.js";
import { IN_PROGRESS_LIMITS } from "../../src/bot/update-feed.js";
import { finishedGame } from "./finished-game.js";
import { it } from "./fixtures.js";
import {
  arrive,
  buttonNamed,
  buttons,
  GROUP,
  groupGame,
  type Harness,
  spin,
  USERS,
  userById,
} from "./harness.js";

/** Mallory's own group, where she floods. */
const HER_GROUP = -100_900;
const { olga: mallory, alice } = USERS;

const dataOf = (b: unknown) => (b as { callback_data: string }).callback_data;

const sentTo = (h: Harness, chatId: number) =>
  h.tg.callsOf("sendMessage").filter((c) => Number(c.payload.chat_id) === chatId);

describe("one person's flood slows nobody else", () => {
  it("1,000 commands in her group and 1,000 in her private chat: another's /help and a press elsewhere go at once", async ({
    h,
  }) => {
    const { board } = await groupGame(h);
    await h.send(mallory, "/start", { chatId: mallory.id });
    await h.send(alice, "/start", { chatId: alice.id });
    await h.send(mallory, "/help", { chatId: HER_GROUP });
    const t0 = h.wire.now();

    const flood: Promise<void>[] = [];
    for (let i = 0; i < 1_000; i++) {
      flood.push(arrive(h, h.tg.textUpdate(mallory, HER_GROUP, "/help")));
      flood.push(arrive(h, h.tg.textUpdate(mallory, mallory.id, "/rules")));
    }
    await spin();
    // What waits is bounded: no update holds on for its reply, and the rest were turned away.
    expect(h.parts.feed!.inProgress).toBeLessThanOrEqual(2 * IN_PROGRESS_LIMITS.perChat);

    // Alice's /help in private: answered without the clock moving at all.
    const before = sentTo(h, alice.id).length;
    await arrive(h, h.tg.textUpdate(alice, alice.id, "/help"));
    await spin();
    expect(sentTo(h, alice.id).length).toBe(before + 1);
    expect(h.wire.now()).toBe(t0);

    // A press on Bob and Alice's game in the other group: answered at once, applied.
    const game = (await h.service.getGame(1))!;
    const who = userById(game.waitingFor!);
    const live = h.tg.message(GROUP, board.messageId)!;
    const move = buttons(live).find((b) => !/Double|Undo/.test(b.text))!;
    const press = h.tg.pressUpdate(who, live, (move as { callback_data: string }).callback_data);
    const version = game.version;
    await arrive(h, press.update);
    expect(h.tg.answerOf(press.queryId)?.payload.show_alert).toBeFalsy();
    expect((await h.service.getGame(1))!.version).toBeGreaterThan(version);
    expect(h.wire.now()).toBe(t0);

    // Everything left runs out within the budgets: her chats got little, all within limits.
    await h.settle();
    await Promise.all(flood);
    await h.settle();
    // Her chats got at most what went at once and what could wait (a /rules is two
    // messages), and a notice to slow down: nothing near her 2,000.
    const { group, private: own } = TELEGRAM_BUDGETS;
    expect(sentTo(h, HER_GROUP).length).toBeLessThanOrEqual(
      2 * (group.burst + WAITING_LIMITS.perChat) + 2,
    );
    expect(sentTo(h, mallory.id).length).toBeLessThanOrEqual(
      2 * (own.burst + WAITING_LIMITS.perChat) + 2,
    );
    expect(h.tg.problems()).toEqual([]);
  });

  it("a group whose budget is spent: every press there is answered at once", async ({ h }) => {
    await h.send(USERS.carol, "/lang");
    const menu = h.lastMessage();
    const { board } = await groupGame(h);
    // Other games' boards and replies have the group's budget spoken for, a minute ahead.
    const spent = Array.from({ length: 15 }, (_, i) =>
      h.parts.bot.api.sendMessage(GROUP, `elsewhere ${i}`),
    );
    await spin();
    const t0 = h.wire.now();
    const presses = [
      h.tg.pressUpdate(USERS.carol, menu, dataOf(buttonNamed(menu, "Українська"))),
      ...Array.from({ length: 5 }, () => {
        const live = h.tg.message(GROUP, board.messageId)!;
        return h.tg.pressUpdate(USERS.carol, live, dataOf(buttons(live)[0]!));
      }),
    ];
    const handled = presses.map((p) => arrive(h, p.update));
    await spin();
    // Answered, Carol's language set, with the budget still spent: nothing waited for it.
    for (const p of presses) expect(h.tg.answerOf(p.queryId)).toBeDefined();
    expect(h.wire.now()).toBe(t0);
    await Promise.all(handled);
    await h.settle();
    await Promise.all(spent);
    expect(h.tg.message(GROUP, menu.messageId)!.keyboard).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a restart with 2,000 of her updates left in the inbox: the same bounds, nobody else waits", async ({
    harness,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-flood-")), "bot.sqlite");
    const first = await harness({ path: file });
    await first.send(mallory, "/start", { chatId: mallory.id });
    await first.send(alice, "/start", { chatId: alice.id });
    await first.send(mallory, "/help", { chatId: HER_GROUP });
    const left: Update[] = [];
    for (let i = 0; i < 1_000; i++) {
      left.push(first.tg.textUpdate(mallory, HER_GROUP, "/help"));
      left.push(first.tg.textUpdate(mallory, mallory.id, "/help"));
    }
    for (const u of left) first.tg.deliver(u);
    // Stored as they arrived; the process stops before handling any.
    expect(await first.parts.feed!.admit(left)).toHaveLength(2_000);
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    const t0 = h.wire.now();
    const feed = h.parts.feed!;
    const replays = await feed.replays();
    expect(replays).toHaveLength(2_000);
    const work = replays.map((u) => feed.handle(u));
    await spin();
    expect(feed.inProgress).toBeLessThanOrEqual(2 * IN_PROGRESS_LIMITS.perChat);
    const before = sentTo(h, alice.id).length;
    await arrive(h, h.tg.textUpdate(alice, alice.id, "/help"));
    await spin();
    expect(sentTo(h, alice.id).length).toBe(before + 1);
    expect(h.wire.now()).toBe(t0);
    await h.settle();
    await Promise.all(work);
    await h.settle();
    expect(feed.inProgress).toBe(0);
    expect(h.tg.problems()).toEqual([]);
  });

  it("past the updates one person may have in progress, the rest are turned away, a press answered so", async ({
    h,
  }) => {
    await h.send(USERS.carol, "/lang");
    const menu = h.lastMessage();
    const feed = h.parts.feed!;
    const presses = Array.from({ length: IN_PROGRESS_LIMITS.perPerson + 10 }, () =>
      h.tg.pressUpdate(mallory, menu, dataOf(buttonNamed(menu, "English"))),
    );
    // All at once, before any is done: the last ten find her at her bound.
    for (const p of presses) if (!h.tg.deliver(p.update)) throw new Error("not delivered");
    const fresh = await feed.admit(presses.map((p) => p.update));
    const work = fresh.map((u) => feed.handle(u));
    expect(feed.inProgress).toBe(IN_PROGRESS_LIMITS.perPerson);
    await Promise.all(work);
    await h.settle();
    const busy = presses.filter((p) => /⏳/.test(String(h.tg.answerOf(p.queryId)?.payload.text)));
    expect(busy).toHaveLength(10);
    for (const p of presses) expect(h.tg.answerOf(p.queryId)).toBeDefined();
    // Done with, not left for a restart to replay.
    expect(await feed.replays()).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("30 ⬇ presses by a bystander: one document in the group, every press answered", async ({
    h,
  }) => {
    const { board } = await finishedGame(h, USERS.alice, USERS.bob, "/play short");
    const live = h.tg.message(GROUP, board.messageId)!;
    const record = dataOf(buttonNamed(live, "⬇ Record"));
    const presses = Array.from({ length: 30 }, () => h.tg.pressUpdate(USERS.carol, live, record));
    await Promise.all(presses.map((p) => arrive(h, p.update)));
    await h.settle();
    expect(h.tg.callsOf("sendDocument")).toHaveLength(1);
    for (const p of presses) expect(h.tg.answerOf(p.queryId)).toBeDefined();
    // One after it says where the record is.
    await h.press(USERS.olga, live, buttonNamed(live, "⬇ Record"));
    expect(h.tg.callsOf("sendDocument")).toHaveLength(1);
    expect(String(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text)).toMatch(/⬇/);
    expect(h.tg.problems()).toEqual([]);
  });

  it("30 /help by one person: a few answers and one refusal; someone else's /help still answered", async ({
    h,
  }) => {
    const before = sentTo(h, GROUP).length;
    for (let i = 0; i < 30; i++) await h.send(mallory, "/help");
    const hers = sentTo(h, GROUP).length - before;
    expect(hers).toBe(PERSON_RATES.replies.count + 1);
    expect(String(sentTo(h, GROUP).at(-1)!.payload.text)).toMatch(/⏳/);
    await h.send(USERS.carol, "/help");
    expect(sentTo(h, GROUP).length - before).toBe(hers + 1);
    // Each command has its own count: her /rules is still answered.
    await h.send(mallory, "/rules");
    expect(sentTo(h, GROUP).length - before).toBeGreaterThan(hers + 1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a /new dialog spends one call of the group's budget a step: its replays spend none", async ({
    h,
  }) => {
    const spent = () => h.parts.outbox.spends().filter((x) => x.lane === `c:${GROUP}`).length;
    const before = spent();
    await h.send(USERS.carol, "/new");
    const dialog = h.lastMessage();
    const labels = [/long nardy/, /classic/, /running series/i];
    for (const label of labels) {
      const live = h.tg.message(GROUP, dialog.messageId)!;
      await h.press(USERS.carol, live, buttonNamed(live, label));
    }
    // The question, then one edit a step: the plugin replays every earlier step at each
    // press, and those replayed calls go nowhere and cost nothing.
    const sends = h.tg.calls.filter(
      (c) =>
        ["sendMessage", "editMessageText"].includes(c.method) &&
        Number(c.payload.chat_id) === GROUP,
    ).length;
    expect(spent() - before).toBeLessThanOrEqual(sends);
    expect(spent() - before).toBeLessThanOrEqual(1 + labels.length + 1);
    expect(h.tg.problems()).toEqual([]);
  });
});
