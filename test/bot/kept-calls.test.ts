import { InputFile } from "grammy";
import type { Message } from "grammy/types";
import { describe, expect, it } from "vitest";
import { silentLogger, type WarpClock } from "../../bench/testkit/index.js";
import { BackgroundJobs } from "../../src/bot/background.js";
import { TELEGRAM_BUDGETS } from "../../src/bot/outbox/budget.js";
import {
  type FollowUp,
  KEPT_FOR_MS,
  KeptCalls,
  plainJson,
  withFollowUp,
} from "../../src/bot/outbox/kept.js";
import { OutboxRecords } from "../../src/db/telegram/outbox-records.js";
import { onEachDatabase } from "../helpers/databases.js";
import { busiest, GROUP, PRIVATE, ROOMY, rig } from "./outbox-rig.js";

/** Lets the calls go as far as they go without the clock moving. */
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

onEachDatabase("the outbox's calls kept in the database", (it) => {
  /** A process's outbox, writing its ledger to the test's database. */
  const processOn = (records: OutboxRecords) => {
    let ledger!: KeptCalls;
    const r = rig(ROOMY, undefined, undefined, (clock: WarpClock) => {
      ledger = new KeptCalls(records, silentLogger, clock.now);
      return ledger;
    });
    return { ...r, ledger };
  };

  /** The next process: on at `at`, the spends restored, the kept calls sent. */
  const nextProcess = async (records: OutboxRecords, at: number) => {
    const next = processOn(records);
    next.clock.pass(at - next.clock.now());
    next.outbox.restore(await next.ledger.spends());
    const jobs = new BackgroundJobs(silentLogger);
    const recorded: { followUp: FollowUp; sent: Message }[] = [];
    const resent = await next.ledger.resend(next.outbox, next.api, jobs, async (followUp, sent) => {
      recorded.push({ followUp, sent });
    });
    await next.drive(jobs.settled());
    return { ...next, resent, recorded };
  };

  it("a process that stops with replies waiting leaves them to the next: each sent once, in order, within the chat's budget", async ({
    database,
  }) => {
    const records = new OutboxRecords(database.db);
    const first = processOn(records);
    const texts = Array.from({ length: 25 }, (_, i) => `m${i}`);
    // Not driven: the group's burst goes, the rest waits for a clock that never moves again.
    for (const text of texts) void first.api.sendMessage(GROUP, text).catch(() => {});
    await flush();
    const rule = TELEGRAM_BUDGETS.group;
    if (rule.kind !== "window") throw new Error("a group has a window");
    expect(first.sent.map((s) => s.text)).toEqual(texts.slice(0, rule.burst));
    expect(await records.kept()).toHaveLength(texts.length - rule.burst);
    // Each call's share is written before it goes.
    expect(await records.spendsSince(0)).toHaveLength(rule.burst);

    // The next process takes over a second later.
    const next = await nextProcess(records, first.clock.now() + 1_000);
    expect(next.resent).toBe(texts.length - rule.burst);
    expect(next.sent.map((s) => s.text)).toEqual(texts.slice(rule.burst));
    const all = [...first.sent, ...next.sent];
    expect(busiest(all, `c:${GROUP}`, rule.windowMs)).toBeLessThanOrEqual(rule.count);
    // The first of them waited for the budget the first process had spent.
    expect(next.sent[0]!.at).toBeGreaterThan(first.clock.now() + 1_000);
    expect(await records.kept()).toEqual([]);
    expect(next.recorded).toEqual([]);
  });

  it("a kept message the next process sends is recorded as its sender would have", async ({
    database,
  }) => {
    const records = new OutboxRecords(database.db);
    const first = processOn(records);
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    for (let i = 0; i < rule.burst; i++) void first.api.sendMessage(PRIVATE, `free ${i}`);
    const card: FollowUp = { kind: "challenge-card", challengeId: 7 };
    void withFollowUp(card, () => first.api.sendMessage(PRIVATE, "the card")).catch(() => {});
    await flush();
    expect(first.sent.map((s) => s.text)).not.toContain("the card");

    const next = await nextProcess(records, first.clock.now() + 1_000);
    expect(next.sent.map((s) => s.text)).toEqual(["the card"]);
    expect(next.recorded).toHaveLength(1);
    expect(next.recorded[0]!.followUp).toEqual(card);
    expect(next.recorded[0]!.sent.message_id).toBe(1);
  });

  it("keeps only what waits and is plain data; what went is no longer kept", async ({
    database,
  }) => {
    const records = new OutboxRecords(database.db);
    const one = processOn(records);
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    // Within the budget: sent at once, never kept.
    await one.drive(
      Promise.all(Array.from({ length: rule.burst }, () => one.api.sendMessage(PRIVATE, "x"))),
    );
    expect(await records.kept()).toEqual([]);
    // A text waits and is kept, until it has gone.
    const text = one.api.sendMessage(PRIVATE, "waits");
    await flush();
    const kept = await records.kept();
    expect(kept.map((k) => JSON.parse(k.payload).text)).toEqual(["waits"]);
    expect(kept[0]!.method).toBe("sendMessage");
    // A file to upload is not kept (it would be sent again without its file).
    const file = { chat_id: PRIVATE, document: new InputFile(Buffer.from("record"), "game.txt") };
    expect(await one.ledger.keep(`c:${PRIVATE}`, "sendDocument", file)).toBeNull();
    expect(await records.kept()).toHaveLength(1);
    await one.drive(text);
    expect(await records.kept()).toEqual([]);
    expect(await records.spendsSince(0)).toHaveLength(rule.burst + 1);
  });

  it("the next process drops a kept call too old to answer anything, or not a send", async ({
    database,
  }) => {
    const records = new OutboxRecords(database.db);
    const probe = processOn(records);
    const now = probe.clock.now();
    const call = (method: string, keptAt: number) => ({
      lane: `c:${PRIVATE}`,
      method,
      payload: JSON.stringify({ chat_id: PRIVATE, text: `${method} at ${keptAt}` }),
      followUp: null,
      keptAt,
    });
    await records.keep(call("sendMessage", now - KEPT_FOR_MS - 1));
    await records.keep(call("deleteMessage", now));
    await records.keep(call("sendMessage", now - 1_000));
    const next = await nextProcess(records, now);
    expect(next.resent).toBe(1);
    expect(next.sent.map((s) => s.text)).toEqual([`sendMessage at ${now - 1_000}`]);
    expect(await records.kept()).toEqual([]);
  });
});

describe("plain JSON", () => {
  it("takes plain data all through, and nothing holding a file or a class", () => {
    expect(plainJson({ chat_id: 1, text: "é", reply_markup: { inline_keyboard: [[]] } })).toBe(
      '{"chat_id":1,"text":"é","reply_markup":{"inline_keyboard":[[]]}}',
    );
    expect(plainJson({ chat_id: 1, photo: new InputFile(Buffer.from("x")) })).toBeNull();
    expect(plainJson({ chat_id: 1, at: new Date(0) })).toBeNull();
    expect(plainJson({ chat_id: 1, n: Number.NaN })).toBeNull();
  });
});
