import { expect } from "vitest";
import { OutboxRecords } from "../../../src/db/telegram/outbox-records.js";
import { onEachDatabase } from "../../helpers/databases.js";

onEachDatabase("the outbox's records", (it) => {
  it("adds spends in chunks past one statement's values, reads them from a time on and prunes the old", async ({
    database,
  }) => {
    const records = new OutboxRecords(database.db);
    await records.addSpends([{ lane: "c:-5", at: 10 }]);
    // More than one insert holds (500 a statement): all of them land.
    const many = Array.from({ length: 1_234 }, (_, i) => ({ lane: `c:${i % 7}`, at: 100 + i }));
    await records.addSpends(many);
    expect(await records.spendsSince(0)).toHaveLength(many.length + 1);
    expect(await records.spendsSince(100 + 1_200)).toHaveLength(34);
    expect(await records.pruneSpends(100 + 1_000)).toBe(1_001);
    const left = await records.spendsSince(0);
    expect(left).toHaveLength(234);
    expect(Math.min(...left.map((s) => s.at))).toBe(1_100);
  });

  it("keeps calls in the order they came, each until it is dropped", async ({ database }) => {
    const records = new OutboxRecords(database.db);
    const call = (text: string, keptAt: number) => ({
      lane: "c:-5",
      method: "sendMessage",
      payload: JSON.stringify({ chat_id: -5, text }),
      followUp: text === "card" ? JSON.stringify({ kind: "challenge-card", challengeId: 7 }) : null,
      keptAt,
    });
    const first = await records.keep(call("hello", 1));
    const second = await records.keep(call("card", 2));
    const third = await records.keep(call("bye", 3));
    expect(new Set([first, second, third]).size).toBe(3);
    await records.drop(second);
    const kept = await records.kept();
    expect(kept.map((k) => JSON.parse(k.payload).text)).toEqual(["hello", "bye"]);
    expect(kept.map((k) => k.keptAt)).toEqual([1, 3]);
    expect(kept[0]).toMatchObject({ lane: "c:-5", method: "sendMessage", followUp: null });
    // Dropping twice (the outbox, then the resender) is harmless.
    await records.drop(second);
    await records.drop(first);
    expect((await records.kept()).map((k) => k.id)).toEqual([third]);
  });
});
