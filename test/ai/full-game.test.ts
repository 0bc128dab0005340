import { describe, expect, it } from "vitest";
import { playGame } from "../../src/ai/index.js";
import { defaultRules } from "../../src/engine/index.js";
import { sampled } from "../helpers/samples.js";

describe("whole games between computer players", () => {
  // `npm test` plays these at medium: hard plays a whole game in the seed test below.
  const player = sampled("hard", "medium");

  it(`short nardy with the cube, ${player} against easy, reaches the end`, () => {
    const state = playGame({
      variant: "short",
      rules: defaultRules("short"),
      white: player,
      black: "easy",
      starter: "black",
      seed: 5,
    });
    expect(state.phase).toBe("over");
    expect(state.result!.points).toBeGreaterThan(0);
  });

  // Expert in the slow suite; `npm test` runs hard, which shares its look-ahead.
  const searcher = sampled("expert", "hard");

  it(`short nardy with the cube, ${searcher} against easy: the game's seed decides every move`, () => {
    const game = () =>
      playGame({
        variant: "short",
        rules: defaultRules("short"),
        white: searcher,
        black: "easy",
        starter: "white",
        seed: 11,
      });
    const first = game();
    expect(first.phase).toBe("over");
    expect(game()).toEqual(first);
  });

  it(`long nardy in a match to 5 with the cube, ${player} against pip-count, reaches the end`, () => {
    const state = playGame({
      variant: "long",
      rules: defaultRules("long", { cube: true, match: { kind: "points", to: 5 } }),
      white: "pipcount",
      black: player,
      starter: "white",
      seed: 6,
      series: { to: 5, score: { white: 2, black: 3 } },
    });
    expect(state.phase).toBe("over");
    expect(["white", "black"]).toContain(state.result!.winner);
  });
});
