/** The bot's Fluent files as @fluent/bundle reads them, for the locale tests. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { LOCALES, type Locale } from "../../src/bot/i18n.js";

export { LOCALES, type Locale };

export const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../src/bot/locales",
);

/**
 * The bundle options `createI18n` in src/bot/i18n.ts gives @grammyjs/i18n (a test compares
 * texts rendered here with the bot's own).
 */
export const BUNDLE_OPTIONS = { useIsolating: false } as const;

/** Numbers that reach every CLDR plural category of en, ru and uk. */
export const SAMPLE_NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1.5];

export interface LocaleFile {
  readonly locale: Locale;
  readonly source: string;
  readonly resource: FluentResource;
  readonly bundle: FluentBundle;
  readonly addErrors: readonly Error[];
  /** The message ids, in file order. */
  readonly keys: readonly string[];
}

export function loadLocale(locale: Locale): LocaleFile {
  const source = readFileSync(path.join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  const resource = new FluentResource(source);
  const bundle = new FluentBundle(locale, BUNDLE_OPTIONS);
  const addErrors = bundle.addResource(resource);
  return { locale, source, resource, bundle, addErrors, keys: resource.body.map((m) => m.id) };
}

export const loadLocales = (): Record<Locale, LocaleFile> =>
  Object.fromEntries(LOCALES.map((l) => [l, loadLocale(l)])) as Record<Locale, LocaleFile>;

/** Calls `visit` on every node of a message's syntax tree (value and attributes). */
function walkMessage(
  bundle: FluentBundle,
  id: string,
  visit: (node: Record<string, unknown>) => void,
) {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
    } else if (node !== null && typeof node === "object") {
      const rec = node as Record<string, unknown>;
      visit(rec);
      for (const v of Object.values(rec)) walk(v);
    }
  };
  const message = bundle.getMessage(id);
  walk(message?.value);
  walk(message?.attributes);
}

const isVar = (node: unknown): node is { type: "var"; name: string } =>
  node !== null &&
  typeof node === "object" &&
  (node as { type?: unknown }).type === "var" &&
  typeof (node as { name?: unknown }).name === "string";

/** Every `$name` a message refers to, in its value, selectors and variants. */
export function variablesOf(bundle: FluentBundle, id: string): Set<string> {
  const names = new Set<string>();
  walkMessage(bundle, id, (node) => {
    if (isVar(node)) names.add(node.name);
  });
  return names;
}

/**
 * The variables a message needs as numbers: it picks plural forms by them (`{ $n -> ...}`)
 * or formats them with NUMBER(). A string there silently picks the default variant.
 */
export function numericVariablesOf(bundle: FluentBundle, id: string): Set<string> {
  const names = new Set<string>();
  walkMessage(bundle, id, (node) => {
    if (node.type === "select" && isVar(node.selector)) names.add(node.selector.name);
    if (node.type === "func" && node.name === "NUMBER" && Array.isArray(node.args))
      for (const arg of node.args) if (isVar(arg)) names.add(arg.name);
  });
  return names;
}

export type Args = Record<string, string | number>;

/** Formats a message, collecting every error instead of throwing on the first. */
export function format(
  bundle: FluentBundle,
  id: string,
  args: Args,
): { text: string; errors: Error[] } {
  const errors: Error[] = [];
  const message = bundle.getMessage(id);
  if (!message?.value) return { text: "", errors: [new Error(`no message "${id}"`)] };
  const text = bundle.formatPattern(message.value, args, errors);
  return { text, errors };
}
