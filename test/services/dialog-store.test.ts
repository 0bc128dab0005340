import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { DIALOG_TTL_MS, DialogStore } from "../../src/services/index.js";

describe("DialogStore", () => {
  it("keeps each key's latest value, deletes on request, and drops dialogs left a day", () => {
    const { db, close } = openDatabase(":memory:");
    let now = 1_000;
    const store = new DialogStore(db, () => now);
    store.write("-5:1", { step: 1 });
    store.write("-5:1", { step: 2 });
    store.write("-5:2", { step: 7 });
    expect(store.read("-5:1")).toEqual({ step: 2 });
    store.delete("-5:2");
    expect(store.read("-5:2")).toBeUndefined();

    now += DIALOG_TTL_MS - 1;
    store.write("-6:3", { step: 1 });
    expect(store.read("-5:1")).toEqual({ step: 2 });
    now += 2;
    store.write("-6:3", { step: 2 });
    expect(store.read("-5:1")).toBeUndefined();
    expect(store.read("-6:3")).toEqual({ step: 2 });

    now += DIALOG_TTL_MS + 1;
    const reopened = new DialogStore(db, () => now);
    expect(reopened.read("-6:3")).toBeUndefined();
    close();
  });
});
