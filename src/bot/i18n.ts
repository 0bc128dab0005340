import path from "node:path";
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Translate } from "../texts/translate.js";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.js";

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");

/** A Telegram language code to one of ours (be and kk readers get Russian). */
export function localeOf(code: string | null | undefined): Locale {
  const base = (code ?? "").toLowerCase().split("-")[0] ?? "";
  if (base === "uk") return "uk";
  if (base === "ru" || base === "be" || base === "kk") return "ru";
  return base === "en" ? "en" : DEFAULT_LOCALE;
}

export function createI18n<C extends Context>(
  negotiate: (ctx: C) => Locale | Promise<Locale>,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale: DEFAULT_LOCALE,
    localeNegotiator: negotiate,
    // No Unicode isolation marks around values: they show up as odd characters in some clients.
    fluentBundleOptions: { useIsolating: false },
  });
  i18n.loadLocalesDirSync(DIR);
  return i18n;
}

export function translator<C extends Context>(i18n: I18n<C>, locale: string | null): Translate {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  // The types of Translate check keys and variables at each call; here they are passed on as they are.
  return ((key: string, vars?: Record<string, string | number>) =>
    i18n.t(lang, key, vars)) as Translate;
}
