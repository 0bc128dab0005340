import type { FluentBundle } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import {
  type Args,
  format,
  LOCALES,
  type Locale,
  type LocaleFile,
  loadLocales,
  numericVariablesOf,
  SAMPLE_NUMBERS,
  variablesOf,
} from "../helpers/fluent.js";

/**
 * The Fluent files of the bot: en.ftl is the source, ru.ftl and uk.ftl its translations.
 * They must parse and define the same keys with the same variables. The code passes each
 * message exactly the variables of its English text (the compiler checks it against
 * src/texts/keys.ts), so every message must format with those alone.
 */

const TRANSLATIONS = ["ru", "uk"] as const satisfies readonly Locale[];

/**
 * Keys whose translation is expected to equal the English text: the language names are
 * shown in each language's own spelling whatever the interface language is.
 */
// Language names, and a line of notation only (icon, dice, moves), read alike everywhere.
/** Symbols and bare placeholders read the same in every language. */
const SAME_AS_ENGLISH = new Set([
  "lang-en",
  "lang-ru",
  "lang-uk",
  "caption-turn",
  "btn-t-format",
  "tournament-place",
  "tournament-col-place",
  "tournament-col-diff",
  "tournament-tbd",
]);

const MESSAGE_START = /^([a-zA-Z][\w-]*) *=/;

interface Block {
  readonly id: string;
  /** The 1-based line number of the `id =` line. */
  readonly line: number;
  /** The message's lines, from the `id =` line to its last non-blank continuation line. */
  readonly lines: readonly string[];
}

/** Cuts the source into message blocks; lines that belong to no message are syntax errors. */
function splitBlocks(source: string): { blocks: Block[]; stray: string[] } {
  const blocks: { id: string; line: number; lines: string[] }[] = [];
  const stray: string[] = [];
  let current: { id: string; line: number; lines: string[] } | null = null;
  /** Open braces so far in the current message: inside a placeable, any line belongs to it. */
  let depth = 0;
  const count = (text: string) => {
    for (const ch of text) depth += ch === "{" ? 1 : ch === "}" ? -1 : 0;
  };
  source.split(/\r?\n/).forEach((text, i) => {
    const start = depth > 0 ? null : MESSAGE_START.exec(text);
    if (start) {
      current = { id: start[1]!, line: i + 1, lines: [text] };
      blocks.push(current);
      depth = 0;
      count(text.slice(text.indexOf("=") + 1));
    } else if (current && depth > 0) {
      current.lines.push(text);
      count(text);
    } else if (text.trim() === "") {
      current?.lines.push(text);
    } else if (/^\s/.test(text) && current) {
      current.lines.push(text);
      count(text);
    } else if (text.startsWith("#")) {
      current = null;
    } else {
      stray.push(`line ${i + 1}: ${text}`);
      current = null;
    }
  });
  for (const b of blocks) {
    while (b.lines.length > 1 && b.lines.at(-1)!.trim() === "") b.lines.pop();
  }
  return { blocks, stray };
}

/**
 * What the runtime parser of @fluent/bundle silently skips: continuation lines starting
 * with `[`, `*` or `.` outside a select expression, and unbalanced braces.
 */
function blockSyntaxErrors(block: Block): string[] {
  const errors: string[] = [];
  let depth = 0;
  block.lines.forEach((text, i) => {
    const body = i === 0 ? text.slice(text.indexOf("=") + 1) : text;
    if (i > 0 && depth === 0 && /^\s*[[*.]/.test(text)) {
      errors.push(`${block.id}, line ${block.line + i}: a continuation line starts with [, * or .`);
    }
    for (const ch of body) {
      if (ch === "{") depth++;
      if (ch === "}") depth--;
      if (depth < 0) {
        errors.push(`${block.id}, line ${block.line + i}: a "}" without "{"`);
        depth = 0;
      }
    }
  });
  if (depth !== 0) errors.push(`${block.id}: a "{" is never closed`);
  return errors;
}

const files = loadLocales();
const blocksOf = (file: LocaleFile) => splitBlocks(file.source).blocks;
const en = files.en;
const englishKeys = en.keys;

/** Variables some message picks plural forms by or formats with NUMBER(): samples get numbers. */
const NUMERIC_VARS = new Set(
  LOCALES.flatMap((l) =>
    files[l].keys.flatMap((id) => [...numericVariablesOf(files[l].bundle, id)]),
  ),
);

/** The select expressions of a message, as the plural categories their variants name. */
function selectorKeys(bundle: FluentBundle, id: string): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
    } else if (node !== null && typeof node === "object") {
      const rec = node as Record<string, unknown>;
      if (rec.type === "select" && Array.isArray(rec.variants)) {
        found.push(
          rec.variants.map((v: { key: { value: string | number } }) => String(v.key.value)),
        );
      }
      for (const v of Object.values(rec)) walk(v);
    }
  };
  walk(bundle.getMessage(id)?.value);
  return found;
}

function sampleArgs(vars: Iterable<string>, num: number): Args {
  const args: Args = {};
  for (const v of vars) args[v] = NUMERIC_VARS.has(v) ? num : `‹${v}›`;
  return args;
}

/**
 * Values a call may pass for a message's variables: names for those typed as either strings or
 * numbers (and 1 for numbers: a locale picks plural forms by them), then each sample number for
 * all, to reach every plural form.
 */
function callArgs(id: string): Args[] {
  const numeric = new Set(LOCALES.flatMap((l) => [...numericVariablesOf(files[l].bundle, id)]));
  const vars = [...variablesOf(en.bundle, id)];
  const named: Args = Object.fromEntries(vars.map((v) => [v, numeric.has(v) ? 1 : `‹${v}›`]));
  const numbered = SAMPLE_NUMBERS.map((n): Args => Object.fromEntries(vars.map((v) => [v, n])));
  return [named, ...numbered];
}

const HTML_TAG = /<\/?[a-z]+>/g;
const EMOJI = /\p{Extended_Pictographic}/gu;
const COMMAND = /(?<![\w<])\/[a-z]+/g;
const DIGITS = /\d+/g;

const sorted = (xs: Iterable<string>) => [...xs].sort();
const matches = (text: string, re: RegExp) => text.match(re) ?? [];

describe("locale files", () => {
  describe.each(LOCALES)("%s.ftl", (locale) => {
    const file = files[locale];

    it("parses without errors", () => {
      const { blocks, stray } = splitBlocks(file.source);
      expect(stray, "lines outside any message").toEqual([]);
      expect(blocks.flatMap(blockSyntaxErrors)).toEqual([]);
      // The runtime parser drops a message it cannot parse instead of reporting it.
      expect(file.resource.body.map((m) => m.id)).toEqual(blocks.map((b) => b.id));
      expect(file.addErrors).toEqual([]);
      const ids = blocks.map((b) => b.id);
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        "duplicate keys",
      ).toEqual([]);
      for (const m of file.resource.body) expect(m.value, `${m.id} has a value`).not.toBeNull();
    });

    it("keeps every line of every message", () => {
      // A continuation line the parser rejects ends the message early, silently.
      for (const block of blocksOf(file)) {
        if (block.lines.some((l) => l.includes("->"))) continue;
        const first = block.lines[0]!.slice(block.lines[0]!.indexOf("=") + 1).trim();
        const expected = block.lines.length - (first === "" ? 1 : 0);
        const vars = variablesOf(file.bundle, block.id);
        const { text } = format(file.bundle, block.id, sampleArgs(vars, 3));
        expect(text.split("\n").length, block.id).toBe(expected);
      }
    });

    it("formats every message with the variables of its English text, without errors", () => {
      const problems = new Set<string>();
      for (const id of englishKeys) {
        for (const args of callArgs(id)) {
          const { text, errors } = format(file.bundle, id, args);
          for (const e of errors) problems.add(`${id}: ${e.message}`);
          if (errors.length === 0 && /[{}]|\$[a-z]/.test(text))
            problems.add(`${id}: a placeholder is left in "${text}"`);
          if (errors.length === 0 && text.trim() === "") problems.add(`${id}: empty text`);
        }
      }
      expect([...problems]).toEqual([]);
    });

    it("uses only the plural categories of its language", () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const m of file.resource.body) {
        for (const keys of selectorKeys(file.bundle, m.id)) {
          for (const key of keys) {
            expect(
              categories.includes(key as Intl.LDMLPluralRule) || /^\d+(\.\d+)?$/.test(key),
              `${m.id}: [${key}]`,
            ).toBe(true);
          }
        }
      }
    });
  });

  describe.each(TRANSLATIONS)("%s.ftl against en.ftl", (locale) => {
    const file = files[locale];

    it("defines exactly the English keys", () => {
      expect(sorted(file.resource.body.map((m) => m.id))).toEqual(sorted(englishKeys));
    });

    it("uses the same variables in each message", () => {
      for (const id of englishKeys) {
        expect(sorted(variablesOf(file.bundle, id)), id).toEqual(
          sorted(variablesOf(en.bundle, id)),
        );
      }
    });

    it("keeps HTML tags, emojis, slash commands and digits", () => {
      for (const id of englishKeys) {
        const vars = variablesOf(en.bundle, id);
        const ours = format(file.bundle, id, sampleArgs(vars, 7)).text;
        const theirs = format(en.bundle, id, sampleArgs(vars, 7)).text;
        expect(matches(ours, HTML_TAG), `${id}: HTML tags`).toEqual(matches(theirs, HTML_TAG));
        expect(sorted(matches(ours, EMOJI)), `${id}: emojis`).toEqual(
          sorted(matches(theirs, EMOJI)),
        );
        expect(sorted(matches(ours, COMMAND)), `${id}: commands`).toEqual(
          sorted(matches(theirs, COMMAND)),
        );
        expect(sorted(matches(ours, DIGITS)), `${id}: digits`).toEqual(
          sorted(matches(theirs, DIGITS)),
        );
      }
    });

    it("translates every message except the allowed ones", () => {
      const untranslated = englishKeys.filter((id) => {
        const vars = variablesOf(en.bundle, id);
        const args = sampleArgs(vars, 5);
        return format(file.bundle, id, args).text === format(en.bundle, id, args).text;
      });
      expect(untranslated.filter((id) => !SAME_AS_ENGLISH.has(id))).toEqual([]);
    });
  });

  it("are formatted here as the bot formats them", () => {
    const i18n = createI18n(() => "en");
    for (const locale of LOCALES) {
      const samples: [string, Args][] = [
        ["help", { bot: "nardy_bot" }],
        ["top-row", { rank: 1, name: "A", points: 2, wins: 3, games: 4, rate: 75, rating: 1500 }],
      ];
      for (const [key, args] of samples) {
        expect(i18n.t(locale, key, args)).toBe(format(files[locale].bundle, key, args).text);
      }
    }
  });

  it("names each language in its own language everywhere", () => {
    for (const locale of LOCALES) {
      const bundle = files[locale].bundle;
      expect(format(bundle, "lang-en", {}).text).toBe("English");
      expect(format(bundle, "lang-ru", {}).text).toBe("Русский");
      expect(format(bundle, "lang-uk", {}).text).toBe("Українська");
    }
  });

  it("confirms the language in that language", () => {
    expect(format(files.en.bundle, "lang-set", {}).text).toMatch(/English/);
    expect(format(files.ru.bundle, "lang-set", {}).text).toMatch(/русский/i);
    expect(format(files.uk.bundle, "lang-set", {}).text).toMatch(/українська/i);
  });

  it("picks the right plural forms in Russian and Ukrainian", () => {
    const games = (locale: Locale, n: number) =>
      format(files[locale].bundle, "score-games", { n }).text;
    expect([1, 2, 5, 11, 21, 22].map((n) => games("ru", n))).toEqual([
      "1 партия",
      "2 партии",
      "5 партий",
      "11 партий",
      "21 партия",
      "22 партии",
    ]);
    expect([1, 2, 5, 11, 21, 22].map((n) => games("uk", n))).toEqual([
      "1 партія",
      "2 партії",
      "5 партій",
      "11 партій",
      "21 партія",
      "22 партії",
    ]);
  });
});
