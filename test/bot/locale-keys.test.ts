import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messageTypesModule, messageTypesOfDir } from "../../tools/message-types.mjs";
import { LOCALES_DIR } from "../helpers/fluent.js";

/**
 * src/texts/keys.ts types every translation call (src/texts/translate.ts): it must
 * say what the .ftl files say now.
 */
describe("the message types", () => {
  it("are what `npm run i18n:types` writes from the .ftl files now", () => {
    const checkedIn = readFileSync(path.join(LOCALES_DIR, "../../texts/keys.ts"), "utf8");
    expect(checkedIn, "run `npm run i18n:types`").toBe(messageTypesOfDir(LOCALES_DIR));
  });

  it("name the variables of every branch, numbers where a locale picks plural forms by them", () => {
    const en = [
      "plain = Hello",
      "games = { $name } played { $n ->",
      "    [one] one game",
      "   *[other] { $n } games against { $other }",
      "}",
      "rating = { NUMBER($rating, useGrouping: 0) } ({ $when })",
      "minutes = in { $minutes } minutes",
    ].join("\n");
    const ru = "minutes = через { $minutes ->\n    [one] { $minutes } минуту\n   *[other] x\n}";
    const body = messageTypesModule(en, [ru]);
    expect(body).toContain("  plain: None;\n");
    expect(body).toContain("  games: { name: Value; n: number; other: Value };\n");
    expect(body).toContain("  rating: { rating: number; when: Value };\n");
    expect(body).toContain("  minutes: { minutes: number };\n");
  });

  it("quote keys that are not identifiers, and break long entries as the formatter does", () => {
    const vars = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"];
    const en = `top-row = ${vars.map((v) => `{ $${v} }`).join(" ")}`;
    expect(messageTypesModule(en, [])).toContain(
      `  "top-row": {\n${vars.map((v) => `    ${v}: Value;\n`).join("")}  };\n`,
    );
  });
});
