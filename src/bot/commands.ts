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

/** The command menu in every language (the default one for everybody else). */
export async function registerCommands(api: Api, i18n: I18n<Context>): Promise<void> {
  for (const locale of LOCALES) {
    const t = translator(i18n, locale);
    const commands = COMMANDS.map((command) => ({
      command,
      description: t(`cmd-${command}`),
    }));
    await api.setMyCommands(commands, locale === DEFAULT_LOCALE ? {} : { language_code: locale });
  }
}
