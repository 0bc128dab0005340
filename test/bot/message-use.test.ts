import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadLocale } from "../helpers/fluent.js";

/**
 * The compiler checks each translation call's key and variables (src/texts/translate.ts);
 * what it cannot see is a message no call asks for, or a call around its types.
 */

const SRC = path.resolve(import.meta.dirname, "../../src");
/** Generated from the .ftl files: it names every key. */
const KEYS_MODULE = path.join(SRC, "texts/keys.ts");

const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts"))
  .map((e) => path.join(e.parentPath, e.name))
  .filter((file) => file !== KEYS_MODULE)
  .map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, "utf8") }));
const code = sources.map((s) => s.text).join("\n");

/**
 * Whether some source names the key: as a string, or as a template that starts with a part of
 * it up to a dash (`variant-${variant}` asks for every `variant-` key its union type allows).
 */
function asked(key: string): boolean {
  if (['"', "'", "`"].some((q) => code.includes(`${q}${key}${q}`))) return true;
  return [...key.matchAll(/-/g)].some((dash) =>
    code.includes(`\`${key.slice(0, dash.index + 1)}\${`),
  );
}

describe("the messages", () => {
  it("are each asked for somewhere in src", () => {
    expect(loadLocale("en").keys.filter((key) => !asked(key))).toEqual([]);
  });

  it("are asked for through the typed translators only", () => {
    // The plugin's own functions take any string: translator() in src/bot/i18n.ts types them.
    const untyped = sources
      .filter((s) => s.file !== path.join("bot", "i18n.ts"))
      .filter((s) => /\bi18n\s*\.\s*(t|translate)\s*\(|\.fluent\b/.test(s.text))
      .map((s) => s.file);
    expect(untyped).toEqual([]);
  });
});
