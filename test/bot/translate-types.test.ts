import { describe, expect, it } from "vitest";
import { createI18n, translator } from "../../src/bot/i18n.js";
import type { Translate } from "../../src/texts/translate.js";

/**
 * What the compiler refuses of a translation call: `tsc --noEmit` checks the `@ts-expect-error`
 * lines (one that no longer fails is an error itself). The accepted calls run on the English
 * texts; the refused ones on a recorder, since the real texts would throw without a variable.
 */
describe("a translation call", () => {
  const t: Translate = translator(
    createI18n(() => "en"),
    "en",
  );
  const asked: unknown[][] = [];
  const recorder = ((...args: unknown[]) => {
    asked.push(args);
    return "";
  }) as Translate;

  it("takes a known key with exactly the variables its text uses", () => {
    expect(t("help", { bot: "nardy_bot" })).toContain("nardy_bot");
    expect(t("score-games", { n: 2 })).toBe("2 games");
    const variant = "short" as "long" | "short";
    expect(t(`variant-${variant}`)).toBe("short nardy");
  });

  it("is refused with an unknown key, or a variable missing, unknown or of the wrong kind", () => {
    // @ts-expect-error no such message
    recorder("no-such-key");
    // @ts-expect-error its text needs $bot
    recorder("help");
    // @ts-expect-error its text needs $bot
    recorder("help", {});
    // @ts-expect-error its text has no $who
    recorder("help", { bot: "nardy_bot", who: "Alice" });
    // @ts-expect-error its text has no variables
    recorder("variant-long", { n: 1 });
    // @ts-expect-error $n picks plural forms: a string would pick the default one
    recorder("score-games", { n: "2" });
    expect(asked).toHaveLength(6);
  });

  it("cannot be made through a function that takes any key", () => {
    // @ts-expect-error a translator handed on as one that takes any string
    const anyKey: (key: string) => string = t;
    // @ts-expect-error a translator handed on as one that takes any variables
    const anyVars: (key: string, vars?: Record<string, string | number>) => string = t;
    expect([anyKey, anyVars]).toEqual([t, t]);
  });

  it("with one of several keys, passes what each of their texts needs", () => {
    const key = "challenge-declined" as "challenge-declined" | "challenge-cancelled";
    expect(t(key, { from: "Alice", game: "long nardy", name: "Bob" })).toContain("Bob");
    // @ts-expect-error challenge-declined needs $name
    recorder(key, { from: "Alice", game: "long nardy" });
  });
});
