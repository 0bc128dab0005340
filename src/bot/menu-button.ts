import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import type { BotConfig } from "../config.js";
import { DEFAULT_LOCALE, translator } from "./i18n.js";

/**
 * The menu button of every private chat with the bot opens the board page's home (the
 * lobby): its URL names no game. One call at start; none without the page. The button's
 * words cannot follow each user's language, so they are the default language's.
 */
export async function registerMenuButton(
  api: Api,
  i18n: I18n<Context>,
  page: BotConfig["webBoard"],
): Promise<void> {
  if (!page) return;
  const t = translator(i18n, DEFAULT_LOCALE);
  await api.setChatMenuButton({
    menu_button: { type: "web_app", text: t("web-menu-button"), web_app: { url: page.url } },
  });
}
