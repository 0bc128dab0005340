import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
const webhook = (secret: string) =>
  parseConfig({
    BOT_TOKEN: TOKEN,
    WEBHOOK_URL: "https://example.org/hook",
    WEBHOOK_SECRET: secret,
  });
const errorsOf = (r: ReturnType<typeof parseConfig>) => (r.ok ? [] : r.errors);

describe("WEBHOOK_SECRET", () => {
  it("takes 16 to 256 of Telegram's characters (A-Z, a-z, 0-9, _ and -)", () => {
    for (const secret of ["a".repeat(16), "Az09_-".repeat(4), "x".repeat(256)]) {
      const r = webhook(secret);
      expect(r.ok, secret).toBe(true);
      expect(r.ok && r.config.webhook?.secret).toBe(secret);
    }
  });

  it("refuses one that could be guessed: shorter than 16", () => {
    for (const secret of ["s", "s3cret", "a".repeat(15)])
      expect(errorsOf(webhook(secret)), secret).toEqual([
        `WEBHOOK_SECRET must be 16 to 256 characters long (got ${secret.length})`,
      ]);
  });

  it("refuses what Telegram would refuse: longer than 256, or another character", () => {
    expect(errorsOf(webhook("x".repeat(257)))).toEqual([
      "WEBHOOK_SECRET must be 16 to 256 characters long (got 257)",
    ]);
    for (const secret of ["with space inside it", "sixteen+chars/abc", "ключ_ключ_ключ_ключ"])
      expect(errorsOf(webhook(secret)), secret).toEqual([
        "WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and -",
      ]);
  });

  it("is required with a webhook, and never printed in an error", () => {
    expect(
      errorsOf(parseConfig({ BOT_TOKEN: TOKEN, WEBHOOK_URL: "https://example.org/h" })),
    ).toEqual(["WEBHOOK_SECRET is required with WEBHOOK_URL"]);
    expect(errorsOf(webhook("short-secret")).join("\n")).not.toContain("short-secret");
  });
});
