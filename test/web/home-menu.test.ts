/**
 * The bot's menu button opens the board page's home: set once at start when the page is
 * configured (its URL names no game), never without it; a refusal is the caller's to log.
 */
import { describe, expect } from "vitest";
import { registerMenuButton } from "../../src/bot/menu-button.js";
import { it } from "../bot/fixtures.js";

const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };

describe("the menu button", () => {
  it("opens the page's home in every private chat, when the page is configured", async ({
    harness,
  }) => {
    const h = await harness({ env: WEB });
    const { config, i18n } = h.parts.deps;
    await registerMenuButton(h.parts.bot.api, i18n, config.webBoard);
    const calls = h.tg.callsOf("setChatMenuButton");
    expect(calls).toHaveLength(1);
    // No chat named: the default button of every private chat; the URL names no game.
    expect(calls[0]!.payload.chat_id).toBeUndefined();
    expect(calls[0]!.payload.menu_button).toEqual({
      type: "web_app",
      text: "🎲 Play",
      web_app: { url: "https://nardy.example.org/board" },
    });
    expect(h.tg.problems()).toEqual([]);
  });

  it("is left alone without the page; a URL Telegram refuses throws for the caller to log", async ({
    harness,
  }) => {
    const h = await harness();
    const { config, i18n } = h.parts.deps;
    expect(config.webBoard).toBeNull();
    await registerMenuButton(h.parts.bot.api, i18n, config.webBoard);
    expect(h.tg.callsOf("setChatMenuButton")).toEqual([]);
    const page = { url: "http://plain.example.org/board", path: "/board", shortName: "board" };
    await expect(registerMenuButton(h.parts.bot.api, i18n, page)).rejects.toThrow(
      /Only HTTPS links are allowed/,
    );
  });
});
