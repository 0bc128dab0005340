import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { chatLane } from "../../src/bot/outbox/methods.js";
import { OutboxRecords } from "../../src/db/telegram/outbox-records.js";
import { it } from "./fixtures.js";
import { arrive, buttonNamed, GROUP, type Harness, spin, USERS } from "./harness.js";

const { alice, bob } = USERS;

/** The group's budget spent to its end just now, as by games a moment ago. */
const spendGroup = (h: Harness) =>
  h.parts.outbox.restore(
    Array.from({ length: 20 }, () => ({ lane: chatLane(GROUP), at: h.wire.now() - 1_000 })),
  );

describe("replies kept while they wait for their chat's budget", () => {
  it("a challenge's card waiting when the bot stops is posted by the next start, once, and its Accept starts the game", async ({
    harness,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-kept-")), "bot.sqlite");
    const first = await harness({ path: file });
    spendGroup(first);
    // Handled and let go: the card waits for the budget, kept in the database.
    await arrive(first, first.tg.textUpdate(alice, GROUP, "/play short @bob"));
    await spin();
    const records = new OutboxRecords(first.database.db);
    const kept = await records.kept();
    expect(kept).toHaveLength(1);
    expect(JSON.parse(kept[0]!.payload).text).toMatch(/short nardy/i);
    expect(first.tg.chatMessages(GROUP)).toEqual([]);
    // The process dies there: its clock never moves again. The next one has Telegram's own.
    await first.close();

    const next = await harness({ path: file });
    expect(await next.parts.resendKept()).toBe(1);
    await next.settle();
    const cards = next.tg.chatMessages(GROUP);
    expect(cards).toHaveLength(1);
    expect(await new OutboxRecords(next.database.db).kept()).toEqual([]);
    // Where the card is was recorded, as its sender would have: Accept there plays.
    await next.press(bob, cards[0]!, buttonNamed(cards[0]!, /^✅/));
    expect(await next.service.activeGames(GROUP, alice.id)).toHaveLength(1);
    expect(next.tg.message(GROUP, cards[0]!.messageId)!.text).not.toMatch(/Accept/);
    expect(next.tg.problems()).toEqual([]);
  });

  it("a set-up dialog's step that waits is not kept: its update holds on, and is replayed", async ({
    h,
  }) => {
    spendGroup(h);
    const update = h.tg.textUpdate(alice, GROUP, "/new");
    const handling = arrive(h, update);
    await spin();
    expect(await new OutboxRecords(h.database.db).kept()).toEqual([]);
    // It holds on until the budget lets its question go.
    let done = false;
    void handling.then(() => {
      done = true;
    });
    while (!done) {
      h.wire.advance();
      await spin(5);
    }
    expect(h.tg.chatMessages(GROUP)).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });
});
