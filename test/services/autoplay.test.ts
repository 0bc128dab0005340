import { describe, expect, it } from "vitest";
import {
  act,
  type Color,
  defaultRules,
  type GameState,
  makeSide,
  newGame,
  remainingPlays,
  seededDice,
  turnView,
} from "../../src/engine/index.js";
import { autoAction, restIsForced } from "../../src/services/autoplay.js";
import { prng } from "./driver.js";

function position(
  white: Record<number, number>,
  black: Record<number, number>,
  dice: [number, number],
) {
  const g = newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });
  return {
    ...g,
    board: { white: makeSide(white), black: makeSide(black) },
    phase: "move",
    dice,
    firstRolls: { white: dice, black: [3, 1] },
  } as GameState;
}

describe("automatic actions", () => {
  it("plays a forced rest: bearing off the last two checkers", () => {
    const s = position({ 1: 2, 0: 13 }, { 24: 15 }, [6, 5]);
    expect(restIsForced(s)).toBe(true);
    expect(autoAction(s)).toMatchObject({ by: "white", action: { type: "step", from: 1, to: 0 } });
  });

  it("leaves a real choice to the player", () => {
    const s = position({ 6: 5, 8: 5, 13: 5 }, { 24: 15 }, [3, 1]);
    expect(restIsForced(s)).toBe(false);
    expect(autoAction(s)).toBeNull();
    expect(autoAction(s, true)).toBeNull();
  });

  it("treats two orders of the same checker moves as one play", () => {
    // One checker on 13, one die each way: 13/10/9 and 13/12/9 reach the same position.
    const s = position({ 13: 1, 0: 14 }, { 24: 15 }, [3, 1]);
    expect(restIsForced(s)).toBe(true);
  });

  it("rolls for a player who cannot double, not for one who can", () => {
    const base = newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });
    expect(autoAction(base)).toBeNull();
    expect(autoAction({ ...base, cube: { value: 2, owner: "black" } })).toEqual({
      by: "white",
      action: { type: "roll" },
    });
    const long = newGame({ variant: "long", rules: defaultRules("long"), starter: "black" });
    expect(autoAction(long)).toEqual({ by: "black", action: { type: "roll" } });
  });

  it("agrees with the engine's remainingPlays(state).length === 1 on random turns", () => {
    let checked = 0;
    let forcedSeen = 0;
    for (const variant of ["short", "long"] as const) {
      const dice = seededDice(variant === "long" ? 11 : 12);
      const rand = prng(5);
      let s = newGame({ variant, rules: defaultRules(variant), starter: "white" });
      while (s.phase !== "over" && checked < (variant === "short" ? 120 : 200)) {
        const by: Color = s.turn;
        if (s.phase === "roll") {
          s = (act(s, by, { type: "roll" }, { dice }) as { state: GameState }).state;
          continue;
        }
        const view = turnView(s)!;
        const forced = remainingPlays(s).length === 1;
        expect(restIsForced(s)).toBe(forced);
        checked++;
        if (forced) forcedSeen++;
        const st = view.nextSteps[Math.floor(rand() * view.nextSteps.length)]!;
        s = (
          act(s, by, { type: "step", from: st.from, to: st.to, die: st.die }) as {
            state: GameState;
          }
        ).state;
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(forcedSeen).toBeGreaterThan(10);
    expect(forcedSeen).toBeLessThan(checked);
  });
});
