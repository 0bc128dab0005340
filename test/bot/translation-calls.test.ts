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
import {
  findTranslationCalls,
  type KeyPattern,
  type TranslationCall,
  type VarKind,
} from "../helpers/translation-calls.js";

/**
 * Every text the bot asks for, rendered in every language with exactly the variables the code
 * passes: a missing key, a missing variable (`Unknown variable: $bot`, which the bot turns into
 * "Something went wrong") or a broken message fails here, with the call's file and line.
 * The calls are read from src/**\/*.ts with the TypeScript compiler (see
 * test/helpers/translation-calls.ts for which shapes it reads).
 */

const FIXTURE = "test/fixtures/translation-calls";

/**
 * Calls whose key or variables the test may not read, each with its reason (`where` is the
 * file, `code` a part of the call). Keep it short: prefer a small change that makes the call
 * readable.
 */
const UNREADABLE_ALLOWED: readonly { where: string; code: string; reason: string }[] = [];

// Builds a TypeScript program over src (and the fixture): several seconds.
const extraction = findTranslationCalls(["src", FIXTURE]);
const inSrc = (where: string) => where.startsWith("src/");
const calls = extraction.calls.filter((c) => inSrc(c.where));
const files = loadLocales();

const placeOf = (c: TranslationCall) =>
  c.via.length ? `${c.where} (via ${c.via.join(" → ")})` : c.where;

/** The keys of a locale file a call may ask for. */
const keysFor = (pattern: KeyPattern, file: LocaleFile) => file.keys.filter(pattern.matches);

/**
 * Placeholder values for exactly the variables a call passes: `‹name›` for strings, each
 * sample number for numbers (to reach every plural form), both for values typed as neither.
 */
function argSets(vars: ReadonlyMap<string, VarKind>): Args[] {
  const withNumber = (num: number | null): Args => {
    const args: Args = {};
    for (const [name, kind] of vars)
      args[name] =
        kind === "string" || (kind === "other" && num === null) ? `‹${name}›` : (num ?? 1);
    return args;
  };
  return [withNumber(null), ...SAMPLE_NUMBERS.map(withNumber)];
}

/** Calls whose key is missing, or whose pattern matches no key, in a locale file. */
function missingKeys(cs: readonly TranslationCall[], file: LocaleFile): string[] {
  return cs.flatMap((c) =>
    c.keys
      .filter((k) => keysFor(k, file).length === 0)
      .map((k) =>
        k.exact
          ? `${file.locale}: no message "${k.text}" (${placeOf(c)})`
          : `${file.locale}: no message matches "${k.text}" (${placeOf(c)})`,
      ),
  );
}

/** Every error (and every leftover placeholder) rendering each call's messages gives. */
function renderProblems(cs: readonly TranslationCall[], file: LocaleFile): string[] {
  const problems = new Set<string>();
  for (const c of cs) {
    for (const pattern of c.keys) {
      for (const key of keysFor(pattern, file)) {
        for (const args of argSets(c.vars)) {
          const { text, errors } = format(file.bundle, key, args);
          const at = `${file.locale}: ${key} (${placeOf(c)})`;
          for (const e of errors) problems.add(`${at}: ${e.message}`);
          if (errors.length === 0 && /[{}]|\$[a-z]/.test(text))
            problems.add(`${at}: a placeholder is left in "${text}"`);
          if (errors.length === 0 && text.trim() === "") problems.add(`${at}: empty text`);
        }
      }
    }
  }
  return [...problems];
}

/** Variables a message uses that no call asking for it passes. */
function unpassedVariables(cs: readonly TranslationCall[], file: LocaleFile): string[] {
  return file.keys.flatMap((key) => {
    const asking = cs.filter((c) => c.keys.some((k) => k.matches(key)));
    const passed = new Set(asking.flatMap((c) => [...c.vars.keys()]));
    return [...variablesOf(file.bundle, key)]
      .filter((v) => !passed.has(v))
      .map(
        (v) =>
          `${file.locale}: ${key} uses $${v}, which no call passes (asked for at ${asking.map(placeOf).join(", ") || "no call"})`,
      );
  });
}

/**
 * Variables a message picks plural forms by, or formats with NUMBER(), that a call passes as
 * something else than a number: Fluent then silently picks the default variant.
 */
function nonNumbers(cs: readonly TranslationCall[], file: LocaleFile): string[] {
  return cs.flatMap((c) =>
    c.keys.flatMap((pattern) =>
      keysFor(pattern, file).flatMap((key) =>
        [...numericVariablesOf(file.bundle, key)]
          .filter((v) => c.vars.has(v) && c.vars.get(v) !== "number")
          .map(
            (v) =>
              `${file.locale}: ${key} needs $${v} as a number, but ${placeOf(c)} passes a ${c.vars.get(v)}`,
          ),
      ),
    ),
  );
}

describe("translation calls in src", () => {
  it("are found through every kind of translation function", () => {
    const asking = (key: string) => calls.filter((c) => c.keys.some((k) => k.matches(key)));
    // ctx.t, a Tr parameter, i18n.t(locale, ...) and a translator(...) result.
    for (const key of ["start-inline-hint", "caption-pips", "cmd-help", "idle-reminder"])
      expect(asking(key), key).not.toEqual([]);
    // translator(...) passes its key on to i18n.t.
    expect(extraction.forwarders.filter(inSrc)).not.toEqual([]);
  });

  it("have keys and variables that can be read statically", () => {
    const allowed = (u: { where: string; code: string }) =>
      UNREADABLE_ALLOWED.some((a) => u.where.startsWith(`${a.where}:`) && u.code.includes(a.code));
    const unreadable = extraction.unreadable.filter((u) => inSrc(u.where));
    expect(
      unreadable.filter((u) => !allowed(u)).map((u) => `${u.where}: ${u.reason}: ${u.code}`),
    ).toEqual([]);
    const stale = UNREADABLE_ALLOWED.filter(
      (a) => !unreadable.some((u) => u.where.startsWith(`${a.where}:`) && u.code.includes(a.code)),
    );
    expect(stale, "allow-list entries that match no call").toEqual([]);
  });

  it("ask for every message somewhere", () => {
    const asked = (key: string) => calls.some((c) => c.keys.some((k) => k.matches(key)));
    expect(files.en.keys.filter((key) => !asked(key))).toEqual([]);
  });

  describe.each(LOCALES)("in %s", (locale: Locale) => {
    const file = files[locale];

    it("ask only for messages the file defines", () => {
      expect(missingKeys(calls, file)).toEqual([]);
    });

    it("render every message with the variables they pass, without errors", () => {
      expect(renderProblems(calls, file)).toEqual([]);
    });

    it("pass every variable a message uses", () => {
      expect(unpassedVariables(calls, file)).toEqual([]);
    });

    it("pass numbers where a message picks plural forms or formats a number", () => {
      expect(nonNumbers(calls, file)).toEqual([]);
    });
  });
});

describe("the checks themselves", () => {
  const exact = (key: string): KeyPattern => ({
    text: key,
    exact: true,
    matches: (k) => k === key,
  });
  const call = (key: string, vars: Record<string, VarKind> = {}): TranslationCall => ({
    where: "src/x.ts:1",
    via: [],
    keys: [exact(key)],
    vars: new Map(Object.entries(vars)),
  });

  it("catch a message rendered without a variable it uses, in every language", () => {
    for (const locale of LOCALES) {
      expect(renderProblems([call("start-inline-hint")], files[locale])).toEqual([
        `${locale}: start-inline-hint (src/x.ts:1): Unknown variable: $bot`,
      ]);
    }
    expect(unpassedVariables([call("help")], files.en)).toContain(
      "en: help uses $bot, which no call passes (asked for at src/x.ts:1)",
    );
  });

  it("catch a missing key, and a number passed as a string", () => {
    expect(missingKeys([call("no-such-key")], files.ru)).toEqual([
      'ru: no message "no-such-key" (src/x.ts:1)',
    ]);
    expect(nonNumbers([call("score-games", { n: "string" })], files.uk)).toEqual([
      "uk: score-games needs $n as a number, but src/x.ts:1 passes a string",
    ]);
  });

  it("format as the bot does", () => {
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

  // Keys sorted: a union's members come in the order the compiler first met them, which
  // other code in the program changes.
  const keysOf = (c: TranslationCall) =>
    c.keys
      .map((k) => k.text)
      .sort()
      .join("|");

  it("read every shape of call in the fixture", () => {
    const read = extraction.calls
      .filter((c) => c.where.startsWith(FIXTURE))
      .map(
        (c) =>
          `${keysOf(c)} {${[...c.vars].map(([n, k]) => `${n}: ${k}`).join(", ")}}${c.via.length ? " via" : ""}`,
      )
      .sort();
    expect(read).toEqual(
      [
        "fx-plain {}",
        "fx-vars {bot: string, n: number}",
        "fx-library {}",
        "fx-cond-a|fx-cond-b {}",
        "fx-kind-a|fx-kind-b {}",
        "fx-opt-x|fx-opt-y {} via",
        "fx-other-one|fx-other-two {} via",
        "fx-size-large|fx-size-small {}",
        "fx-label {who: string, count: number} via",
        "fx-closed-gone {who: string, count: number} via",
        "fx-prefix-* {}",
        "fx-loop-1|fx-loop-2 {}",
        "fx-each-1|fx-each-2 {}",
        "fx-shorthand {shorthand: string, spread: number}",
        "fx-forwarded {}",
      ].sort(),
    );
    expect(extraction.forwarders.filter((f) => f.startsWith(FIXTURE))).toHaveLength(2);
    const refused = extraction.unreadable
      .filter((u) => u.where.startsWith(FIXTURE))
      .map((u) => `${u.code}: ${u.reason.replace(/:.*/, "")}`)
      .sort();
    expect(refused).toEqual(
      [
        "ctx.t(key.toLowerCase()): the key cannot be read",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a call
        "ctx.t(`${key}-x`): the key has no fixed prefix",
        'ctx.t("fx-vars", vars): the variables are not an object literal',
        'ctx.t("fx-computed", { [key]: 1 }): a variable name is computed',
        "apply(ctx.t): a translation function is passed where it is not typed as one",
        't("fx-not-translation"): looks like a translation call, but its function is not a known translation function',
      ].sort(),
    );
  });
});
