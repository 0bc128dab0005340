/** The bot's languages: a small module of its own, so button payloads can name them too. */
export const LOCALES = ["en", "ru", "uk"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (v: string | null | undefined): v is Locale =>
  (LOCALES as readonly string[]).includes(v ?? "");
