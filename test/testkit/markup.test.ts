import { describe, expect, it } from "vitest";
import { TG } from "../../bench/testkit/bot-api/errors.js";
import { replyMarkup } from "../../bench/testkit/bot-api/markup.js";

describe("reply markups", () => {
  it("web_app buttons only in a private chat with the bot, to an https page; Mini App links with a fit start parameter", () => {
    const kb = (b: object) => JSON.stringify({ inline_keyboard: [[b]] });
    const app = { text: "🎮", web_app: { url: "https://nardy.example.org/board?g=1" } };
    expect(replyMarkup(kb(app), "send", "private").ok).toBe(true);
    expect(replyMarkup(kb(app), "edit", "private").ok).toBe(true);
    for (const place of ["group", "inline"] as const)
      expect(replyMarkup(kb(app), "send", place), place).toEqual({
        ok: false,
        error: { error_code: 400, description: TG.buttonType },
      });
    expect(replyMarkup(kb(app), "inline")).toMatchObject({ error: { description: TG.buttonType } });
    const plain = { text: "🎮", web_app: { url: "http://nardy.example.org/board" } };
    expect(replyMarkup(kb(plain), "send", "private")).toMatchObject({
      error: { description: TG.webAppUrl("http://nardy.example.org/board") },
    });
    const link = (startapp: string) =>
      replyMarkup(
        kb({ text: "🎮", url: `https://t.me/nardy_test_bot/board?startapp=${startapp}` }),
        "send",
        "group",
      );
    const fine = link("g12");
    expect(fine.ok && fine.value.violations).toEqual([]);
    const odd = link("g%2012");
    expect(odd.ok && odd.value.violations).toEqual([
      'a Mini App link\'s startapp "g 12" in row 0: Telegram takes 1 to 512 of A-Z, a-z, 0-9, _ and -',
    ]);
  });
});
