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

describe("the board page: WEBAPP_URL and WEBAPP_SHORT_NAME", () => {
  const web = (env: Record<string, string>) => parseConfig({ BOT_TOKEN: TOKEN, ...env });

  it("is off without both, on with both: the URL, the path it is served under, the name", () => {
    const off = web({});
    expect(off.ok && off.config.webBoard).toBeNull();
    const on = web({ WEBAPP_URL: "https://nardy.example.org/board/", WEBAPP_SHORT_NAME: "board" });
    expect(on.ok && on.config.webBoard).toEqual({
      url: "https://nardy.example.org/board",
      path: "/board",
      shortName: "board",
    });
    const root = web({ WEBAPP_URL: "https://nardy.example.org", WEBAPP_SHORT_NAME: "play_2" });
    expect(root.ok && root.config.webBoard?.path).toBe("");
  });

  it("needs both settings, an https URL without query, and BotFather's kind of short name", () => {
    expect(errorsOf(web({ WEBAPP_URL: "https://x.org/b" }))).toEqual([
      "WEBAPP_SHORT_NAME is required with WEBAPP_URL",
    ]);
    expect(errorsOf(web({ WEBAPP_SHORT_NAME: "board" }))).toEqual([
      "WEBAPP_URL is required with WEBAPP_SHORT_NAME",
    ]);
    expect(errorsOf(web({ WEBAPP_URL: "http://x.org/b", WEBAPP_SHORT_NAME: "board" }))).toEqual([
      'WEBAPP_URL must be an https URL (got "http://x.org/b")',
    ]);
    expect(
      errorsOf(web({ WEBAPP_URL: "https://x.org/b?g=1", WEBAPP_SHORT_NAME: "board" })),
    ).toEqual(["WEBAPP_URL may not have a query or a fragment"]);
    for (const name of ["ab", "with-dash", "x".repeat(31)])
      expect(
        errorsOf(web({ WEBAPP_URL: "https://x.org/b", WEBAPP_SHORT_NAME: name })),
        name,
      ).toEqual(["WEBAPP_SHORT_NAME must be 3 to 30 characters of A-Z, a-z, 0-9 and _"]);
  });

  it("is not served where the webhook or the health check is", () => {
    const both = {
      WEBHOOK_URL: "https://x.org/hook",
      WEBHOOK_SECRET: "0123456789abcdef",
      WEBAPP_SHORT_NAME: "board",
    };
    expect(errorsOf(web({ ...both, WEBAPP_URL: "https://x.org/hook" }))).toEqual([
      "WEBAPP_URL and WEBHOOK_URL need different paths",
    ]);
    expect(errorsOf(web({ ...both, WEBAPP_URL: "https://x.org/board" }))).toEqual([]);
    expect(
      errorsOf(web({ WEBAPP_URL: "https://x.org/healthz", WEBAPP_SHORT_NAME: "board" })),
    ).toEqual(["WEBAPP_URL may not be served at /healthz"]);
  });
});
