import { describe, expect } from "vitest";
import { captionText, codePoints } from "../../bench/testkit/index.js";
import { analysisPost } from "../../src/bot/features/reviews/analysis-text.js";
import { createI18n, LOCALES, translator } from "../../src/bot/i18n.js";
import type { Color } from "../../src/engine/index.js";
import type {
  CubeDecision,
  Decision,
  GameAnalysis,
  GameView,
  PlayerAnalysis,
} from "../../src/services/index.js";
import { it } from "../services/fixtures.js";
import { CHAT, harness, unwrap } from "../services/helpers.js";

const i18n = createI18n(() => "en");

/** A game between two players named `white` and `black` (the challenger plays either side). */
async function gameOf(first: string, second: string): Promise<GameView> {
  const { svc } = harness({}, "analysis-post");
  const c = unwrap(
    await svc.createChallenge({
      challenger: { id: 1, firstName: first },
      chat: CHAT,
      variant: "long",
    }),
  );
  return unwrap(await svc.acceptChallenge(c.id, { id: 2, firstName: second })).game;
}

/** A long double's play: four steps on each side, the longest a line can hold. */
const play = (g: GameView, color: Color, turn: number): Decision => ({
  kind: "play",
  turn: 100 + turn,
  color,
  dice: [6, 6],
  board: g.state.board,
  after: g.state.board,
  bestAfter: g.state.board,
  played: [],
  best: [],
  playedMoves: ["24/18", "24/18", "18/12", "13/7"],
  bestMoves: ["24/18*", "18/12*", "13/7*", "13/7*"],
  playedEquity: -0.912,
  bestEquity: 0.123,
  loss: 1.035,
});

const cube = (g: GameView, color: Color): CubeDecision => ({
  kind: "cube",
  turn: 99,
  color,
  board: g.state.board,
  cube: { value: 64, owner: null },
  action: "decline",
  bestAction: "accept",
  chosenEquity: -1,
  bestEquity: -0.5,
  loss: 0.5,
});

const player = (costliest: PlayerAnalysis["costliest"]): PlayerAnalysis => ({
  decisions: 123,
  errors: 45,
  blunders: 12,
  lost: 12.345,
  luck: -1.234,
  costliest,
  cube: { decisions: 12, errors: 3, lost: 1.5 },
});

/** Three costly decisions a player, the longest kinds. */
const analysisOf = (g: GameView): GameAnalysis => ({
  white: player([play(g, "white", 1), cube(g, "white"), play(g, "white", 2)]),
  black: player([play(g, "black", 3), play(g, "black", 4), cube(g, "black")]),
});

/** The numbered lines after the report, as users see them. */
const numbered = (shown: string) => shown.split("\n").filter((l) => /^\d\. /.test(l));

describe("the analysis's one post", () => {
  it("pictures all six decisions of a game like most, their lines in full", async () => {
    const g = await gameOf("Alice", "Bob");
    const two = (color: Color, turn: number): Decision => ({
      ...play(g, color, turn),
      dice: [6, 5],
      playedMoves: ["24/18", "13/8"],
      bestMoves: ["24/13"],
    });
    const a = {
      white: player([two("white", 1), two("white", 2), two("white", 3)]),
      black: player([two("black", 4), two("black", 5), two("black", 6)]),
    };
    const post = analysisPost(translator(i18n, "en"), g, a);
    expect(post.pictured).toHaveLength(6);
    const lines = numbered(post.text);
    expect(lines.map((l) => l.slice(0, 3))).toEqual(["1. ", "2. ", "3. ", "4. ", "5. ", "6. "]);
    expect(lines[0]).toBe(
      "1. ⚪ turn 101, roll 6-5: played 24/18 13/8 (−0.912), best 24/13 (+0.123); lost 1.035",
    );
  });

  it("keeps all six of the longest decisions by saying less of each", async () => {
    const g = await gameOf("Alice", "Bob");
    const post = analysisPost(translator(i18n, "en"), g, analysisOf(g));
    expect(post.pictured).toHaveLength(6);
    expect(numbered(post.text)[1]).toMatch(/^2\. ⚪ turn 99, cube 64: (declined|lost)/);
    expect(captionText(post.text, "HTML").ok).toBe(true);
  });

  it("stays within Telegram's 1,024 characters of a caption in every language, at its longest", async () => {
    // The longest names: 24 letters, each with marks above and below, and HTML's own characters.
    const marked = "&\u0301\u0316<\u0302\u0317>\u0303".repeat(8);
    const g = await gameOf(marked, `${"Ж\u0301\u0316".repeat(23)}…`);
    for (const locale of LOCALES) {
      const post = analysisPost(translator(i18n, locale), g, analysisOf(g));
      const parsed = captionText(post.text, "HTML");
      expect(parsed.ok, `${locale}: ${JSON.stringify(parsed)}`).toBe(true);
      const shown = parsed.ok ? parsed.value!.text : "";
      expect(codePoints(shown)).toBeLessThanOrEqual(1024);
      // Shortened, or fewer: what the caption lists is what the picture shows, in order.
      expect(post.pictured.length).toBeGreaterThan(0);
      const lines = numbered(shown);
      expect(lines).toHaveLength(post.pictured.length);
      lines.forEach((l, i) => {
        expect(
          l.startsWith(`${i + 1}. ${post.pictured[i]!.color === "white" ? "⚪" : "⚫"} `),
        ).toBe(true);
      });
    }
  });

  it("names the luckier player as the subject, so any name fits (ru, uk)", async () => {
    const g = await gameOf("Alice", "Bob");
    const a = analysisOf(g);
    const luckier = { ...a, black: { ...a.black, luck: 2 } };
    const last = (locale: string) =>
      analysisPost(translator(i18n, locale), g, luckier).text.split("\n\n")[3];
    // Not "⚫ Alice везло…": the verb wanted a dative a bare name cannot take.
    expect(last("ru")).toBe("Оба сыграли одинаково; ⚫ Alice бросал(а) кубики удачнее.");
    expect(last("uk")).toBe("Обидва зіграли однаково; ⚫ Alice кидав(ла) кубики вдаліше.");
  });

  it("drops the picture rather than pass the limit when the report alone cannot fit", async () => {
    // Names are shortened before they get here; a report as long as a caption is not, say a
    // language whose title is that long.
    const en = translator(i18n, "en");
    const long: typeof en = (key, ...vars) =>
      key === "analysis-title" ? `📊 ${"Analysis ".repeat(120)}` : en(key, ...vars);
    const g = await gameOf("Alice", "Bob");
    const post = analysisPost(long, g, analysisOf(g));
    expect(post.pictured).toEqual([]);
    expect(numbered(post.text)).toEqual([]);
    expect(post.text).toMatch(/^<b>📊 Analysis Analysis/);
  });
});
