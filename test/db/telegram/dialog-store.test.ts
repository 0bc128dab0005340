import { expect } from "vitest";
import {
  DIALOG_TTL_MS,
  DialogStore,
  MAX_DIALOG_STATE_CHARS,
} from "../../../src/db/telegram/dialog-store.js";
import { onEachDatabase } from "../../helpers/databases.js";

onEachDatabase("DialogStore", (it) => {
  it("keeps each key's latest value and deletes on request", async ({ database }) => {
    const { db } = database;
    const store = new DialogStore(db, () => 1_000);
    await store.write("-5:1", { step: 1 });
    await store.write("-5:1", { step: 2 });
    await store.write("-5:2", { step: 7 });
    expect(await store.read("-5:1")).toEqual({ step: 2 });
    await store.delete("-5:2");
    expect(await store.read("-5:2")).toBeUndefined();
    expect(await new DialogStore(db, () => 1_000).read("-5:1")).toEqual({ step: 2 });
  });

  it("knows where each dialog's message is, and expires the ones left unanswered", async ({
    database,
  }) => {
    const { db } = database;
    let now = 1_000;
    const store = new DialogStore(db, () => now);
    // The first question is recorded before the plugin has written any state.
    await store.asked("-5:1", { chatId: -5, messageId: 40, locale: "ru" });
    await store.write("-5:1", { step: 1 });
    await store.asked("-6:2", { chatId: -6, messageId: 41, locale: "en" });
    expect(await store.place("-5:1")).toEqual({ chatId: -5, messageId: 40, locale: "ru" });
    expect(await store.read("-5:1")).toEqual({ step: 1 });
    now += 30_000;
    await store.asked("-6:2", { chatId: -6, messageId: 41, locale: "en" });
    now += 31_000;
    expect(await store.expire(60_000)).toEqual([
      { key: "-5:1", chatId: -5, messageId: 40, locale: "ru" },
    ]);
    expect(await store.read("-5:1")).toBeUndefined();
    expect(await store.place("-5:1")).toBeNull();
    expect(await store.place("-6:2")).not.toBeNull();
  });

  it("drops at start-up dialogs nobody touched for a day", async ({ database }) => {
    const { db } = database;
    await new DialogStore(db, () => 1_000).write("-5:1", { step: 2 });
    expect(await new DialogStore(db, () => 1_000 + DIALOG_TTL_MS - 1).read("-5:1")).toEqual({
      step: 2,
    });
    expect(await new DialogStore(db, () => 1_001 + DIALOG_TTL_MS).read("-5:1")).toBeUndefined();
  });

  it("does not store a state past its cap: the dialog ends, and its message is handed out once", async ({
    database,
  }) => {
    const { db } = database;
    const store = new DialogStore(db, () => 1_000);
    await store.asked("-5:1", { chatId: -5, messageId: 40, locale: "uk" });
    const fits = { steps: "x".repeat(MAX_DIALOG_STATE_CHARS - 20) };
    await store.write("-5:1", fits);
    expect(await store.read("-5:1")).toEqual(fits);
    expect(store.takeOvergrown()).toEqual([]);
    await store.write("-5:1", { steps: "x".repeat(MAX_DIALOG_STATE_CHARS) });
    expect(await store.read("-5:1")).toBeUndefined();
    expect(await store.place("-5:1")).toBeNull();
    expect(await new DialogStore(db, () => 1_000).read("-5:1")).toBeUndefined();
    expect(store.takeOvergrown()).toEqual([
      { key: "-5:1", chatId: -5, messageId: 40, locale: "uk" },
    ]);
    expect(store.takeOvergrown()).toEqual([]);
  });
});
