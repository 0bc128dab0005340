import { describe, expect, it } from "vitest";
import {
  act,
  actor,
  currentBoard,
  defaultRules,
  type GameState,
  newGame,
  remainingPlays,
  seededDice,
  seededRandom,
  turnView,
  type Variant,
} from "../../src/engine/index.js";

/** The same state with no object shared with any other: what a state read back from storage is. */
const fresh = (s: GameState): GameState => JSON.parse(JSON.stringify(s));

/**
 * The engine remembers a state's legal steps (and a turn's shape per starting board); along
 * whole random games, every answer must equal the one worked out from scratch.
 */
describe("remembered turn facts", () => {
  for (const variant of ["long", "short"] as Variant[])
    it(`${variant} nardy: cached answers equal fresh ones over random games`, () => {
      const rand = seededRandom(variant === "long" ? 71 : 72);
      const dice = seededDice(variant === "long" ? 73 : 74);
      let checked = 0;
      for (let game = 0; game < 6; game++) {
        let s = newGame({ variant, rules: defaultRules(variant), starter: "white" });
        for (let i = 0; i < 3000 && s.phase !== "over"; i++) {
          const copy = fresh(s);
          expect(turnView(s)).toEqual(turnView(copy));
          expect(currentBoard(s)).toEqual(currentBoard(copy));
          if (s.phase === "move" && i % 7 === 0)
            expect(remainingPlays(s).length).toBe(remainingPlays(copy).length);
          checked++;
          const by = actor(s)!;
          const steps = turnView(s)?.nextSteps ?? [];
          const choice = steps[Math.floor(rand() * steps.length)];
          const r =
            s.phase === "move" && choice
              ? act(s, by, { type: "step", from: choice.from, to: choice.to, die: choice.die })
              : s.phase === "double"
                ? act(s, by, { type: "take" })
                : act(s, by, { type: "roll" }, { dice });
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
});
