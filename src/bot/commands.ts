import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import { DEFAULT_LOCALE, LOCALES, translator } from "./i18n.js";

const COMMANDS = [
  "play",
  "new",
  "resign",
  "score",
  "top",
  "rating",
  "tournament",
  "history",
  "analysis",
  "rules",
  "lang",
  "settings",
  "help",
] as const;

/** Commands of private chats only: they act on your games against strangers from the lobby. */
const PRIVATE_COMMANDS = ["block", "report"] as const;

/**
 * The command menu in every language (the default one for everybody else); private chats get
 * their own commands too. Telegram prefers a private chats' menu without a language over the
 * default one in the user's, so both lists are set in every language.
 */
export async function registerCommands(api: Api, i18n: I18n<Context>): Promise<void> {
  for (const locale of LOCALES) {
    const t = translator(i18n, locale);
    const commands = COMMANDS.map((command) => ({
      command,
      description: t(`cmd-${command}`),
    }));
    const language = locale === DEFAULT_LOCALE ? {} : { language_code: locale };
    await api.setMyCommands(commands, language);
    const own = PRIVATE_COMMANDS.map((command) => ({ command, description: t(`cmd-${command}`) }));
    await api.setMyCommands([...commands, ...own], {
      ...language,
      scope: { type: "all_private_chats" },
    });
  }
}
