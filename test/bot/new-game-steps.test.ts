/**
 * The /new dialog's table of steps, without Telegram: which questions a set-up asks, with
 * which choices, and what set-up the answers make.
 */
import { describe, expect, it } from "vitest";
import {
  answerSteps,
  type NamedOpponent,
  type Setup,
  setupOf,
} from "../../src/bot/features/new-game/steps.js";
import { defaultRules, presetRules } from "../../src/engine/index.js";
import type { Translate } from "../../src/texts/translate.js";

/** Labels are the keys themselves: the tests read which texts a choice would show. */
const t = ((key: string) => key) as Translate;

/** Answers each question from `script` (by question key); records what was asked. */
async function walk(
  isPrivate: boolean,
  script: Record<string, string>,
  named: NamedOpponent = { username: "bob" },
): Promise<{ asked: string[]; choices: Record<string, string[]>; setup: Setup }> {
  const asked: string[] = [];
  const choices: Record<string, string[]> = {};
  const draft = await answerSteps({ isPrivate }, t, {
    choose: async (question, offered) => {
      asked.push(question);
      choices[question] = offered.map((c) => c.value);
      const value = script[question];
      if (value === undefined || !offered.some((c) => c.value === value))
        throw new Error(`no answer among the choices for ${question}: ${value}`);
      return value;
    },
    name: async () => {
      asked.push("username");
      return named;
    },
  });
  return { asked, choices, setup: setupOf(draft) };
}

describe("the /new steps", () => {
  it("a preset asks variant, preset, match, clock, opponent only", async () => {
    const { asked, choices, setup } = await walk(false, {
      "new-variant": "long",
      "new-preset": "sport",
      "new-match": "p3",
      "new-clock": "blitz",
      "new-opponent": "open",
    });
    expect(asked).toEqual(["new-variant", "new-preset", "new-match", "new-clock", "new-opponent"]);
    expect(choices["new-variant"]).toEqual(["long", "short"]);
    expect(choices["new-preset"]).toEqual(["classic", "sport", "custom"]);
    expect(choices["new-match"]).toEqual(["running", "p3", "p5", "p7", "g3", "g5"]);
    expect(choices["new-clock"]).toEqual(["none", "blitz", "normal", "casual", "correspondence"]);
    expect(choices["new-opponent"]).toEqual(["open", "bot", "name", "tournament"]);
    expect(setup).toEqual({
      variant: "long",
      rules: { ...presetRules("long", "sport")!, match: { kind: "points", to: 3 } },
      clock: "blitz",
      against: { kind: "challenge", target: null },
    });
  });

  it("custom long rules ask every rule, then Jacoby for a cube in a running series", async () => {
    const { asked, setup } = await walk(false, {
      "new-variant": "long",
      "new-preset": "custom",
      "new-head": "wide",
      "new-block": "home",
      "new-scoring": "koks",
      "new-lastRoll": "on",
      "new-opening": "lot",
      "new-cube": "on",
      "new-next": "winner",
      "new-match": "running",
      "new-jacoby": "on",
      "new-clock": "normal",
      "new-opponent": "tournament",
      "new-format": "knockout",
    });
    expect(asked).toEqual([
      "new-variant",
      "new-preset",
      "new-head",
      "new-block",
      "new-scoring",
      "new-lastRoll",
      "new-opening",
      "new-cube",
      "new-next",
      "new-match",
      "new-jacoby",
      "new-clock",
      "new-opponent",
      "new-format",
    ]);
    expect(setup).toEqual({
      variant: "long",
      rules: defaultRules("long", {
        head: "wide",
        block: "home",
        scoring: "koks",
        lastRoll: true,
        opening: "lot",
        cube: true,
        nextStarter: "winner",
        match: { kind: "running" },
        jacoby: true,
      }),
      clock: "normal",
      against: { kind: "tournament", format: "knockout" },
    });
  });

  it("custom short rules ask only short nardy's rules; no Jacoby without the cube", async () => {
    const { asked, setup } = await walk(true, {
      "new-variant": "short",
      "new-preset": "custom",
      "new-opening": "reroll",
      "new-cube": "off",
      "new-next": "alternate",
      "new-match": "running",
      "new-clock": "none",
      "new-opponent": "bot",
    });
    expect(asked).toEqual([
      "new-variant",
      "new-preset",
      "new-opening",
      "new-cube",
      "new-next",
      "new-match",
      "new-clock",
      "new-opponent",
    ]);
    expect(setup).toEqual({
      variant: "short",
      rules: defaultRules("short", { opening: "reroll", cube: false, nextStarter: "alternate" }),
      clock: "none",
      against: { kind: "computer" },
    });
  });

  it("no Jacoby for a series with an end", async () => {
    const { asked } = await walk(true, {
      "new-variant": "short",
      "new-preset": "custom",
      "new-opening": "lot",
      "new-cube": "on",
      "new-next": "lot",
      "new-match": "g5",
      "new-clock": "none",
      "new-opponent": "friend",
    });
    expect(asked).not.toContain("new-jacoby");
  });

  it("a private chat offers a friend or the bot; a friend gets an open challenge", async () => {
    const { choices, setup } = await walk(true, {
      "new-variant": "short",
      "new-preset": "standard",
      "new-match": "running",
      "new-clock": "correspondence",
      "new-opponent": "friend",
    });
    expect(choices["new-preset"]).toEqual(["standard", "custom"]);
    expect(choices["new-opponent"]).toEqual(["friend", "bot"]);
    expect(setup.against).toEqual({ kind: "challenge", target: null });
  });

  it("a named opponent is asked for last and becomes the challenge's target", async () => {
    const { asked, setup } = await walk(
      false,
      {
        "new-variant": "long",
        "new-preset": "classic",
        "new-match": "p5",
        "new-clock": "casual",
        "new-opponent": "name",
      },
      { username: "carol" },
    );
    expect(asked.at(-1)).toBe("username");
    expect(setup.against).toEqual({ kind: "challenge", target: { username: "carol" } });
  });
});
