/**
 * The remembered languages: a read and a choice of the same person interleave across their
 * awaits (the read waits for the database while the choice lands), and what is remembered
 * is the choice, never the older value the read found.
 */
import { describe, expect, it } from "vitest";
import { servicePrefs } from "../../src/bot/locale-prefs.js";

function storedLocales() {
  const rows = new Map<number, string | null>();
  const held: (() => void)[] = [];
  let holdReads = false;
  return {
    rows,
    /** Reads wait until `release`: the database is slow, or busy with someone else. */
    hold: () => {
      holdReads = true;
    },
    release: () => {
      holdReads = false;
      for (const go of held.splice(0)) go();
    },
    playerLocale: async (userId: number) => {
      const found = rows.get(userId) ?? null;
      if (holdReads) await new Promise<void>((go) => held.push(go));
      return found;
    },
    setPlayerLocale: async (user: number | { id: number }, locale: string | null) => {
      rows.set(typeof user === "number" ? user : user.id, locale);
      return { ok: true as const, value: null };
    },
  };
}

const olga = { id: 31, firstName: "Olga" };

describe("remembered languages", () => {
  it("a choice made while a read of the old value waits is what the next update reads", async () => {
    const db = storedLocales();
    db.rows.set(olga.id, "en");
    const prefs = servicePrefs(db);
    db.hold();
    const reading = prefs.get(olga.id);
    await prefs.set(olga, "ru");
    db.release();
    // The read found "en" before the choice; it answers with the choice, and keeps it.
    expect(await reading).toBe("ru");
    db.rows.set(olga.id, "uk"); // not this process's write: never read again
    expect(await prefs.get(olga.id)).toBe("ru");
  });

  it("remembers what it read, so a second update costs no read", async () => {
    const db = storedLocales();
    db.rows.set(olga.id, "uk");
    const prefs = servicePrefs(db);
    expect(await prefs.get(olga.id)).toBe("uk");
    db.rows.set(olga.id, "en");
    expect(await prefs.get(olga.id)).toBe("uk");
    // A value that is no language is none.
    db.rows.set(7, "xx");
    expect(await prefs.get(7)).toBeNull();
  });
});
