import { describe, expect, it } from "vitest";
import { chooseAction, cubeDecision, pipcountCube } from "../../src/ai/index.js";
import {
  defaultRules,
  type GameState,
  makeSide,
  newGame,
  pipCount,
  type Side,
} from "../../src/engine/index.js";

/** Short-nardy races with exact pip counts, all checkers in the home board. */
const race: Record<number, Side> = {
  100: makeSide({ 6: 10, 8: 5 }),
  93: makeSide({ 6: 12, 7: 3 }),
  92: makeSide({ 6: 13, 7: 2 }),
  91: makeSide({ 6: 14, 7: 1 }),
  88: makeSide({ 6: 13, 5: 2 }),
  87: makeSide({ 6: 12, 5: 3 }),
};

describe("the pip-count player's 8-9-12 cube rule", () => {
  it("the crafted sides have the counts they are named by", () => {
    for (const [pips, side] of Object.entries(race)) expect(pipCount(side)).toBe(Number(pips));
  });

  it("doubles at an 8% lead over the opponent's count, not below", () => {
    expect(pipcountCube(race[92]!, race[100]!, false).double).toBe(true);
    expect(pipcountCube(race[93]!, race[100]!, false).double).toBe(false);
  });

  it("redoubles at 9%, not at 8%", () => {
    expect(pipcountCube(race[91]!, race[100]!, true).double).toBe(true);
    expect(pipcountCube(race[92]!, race[100]!, true).double).toBe(false);
  });

  it("takes while the doubler's lead is at most 12% of the taker's count", () => {
    expect(pipcountCube(race[88]!, race[100]!, false).take).toBe(true);
    expect(pipcountCube(race[87]!, race[100]!, false).take).toBe(false);
  });

  it("never doubles when it may not", () => {
    const pos = {
      variant: "short" as const,
      rules: defaultRules("short"),
      me: race[87]!,
      opp: race[100]!,
    };
    const open = cubeDecision(
      { ...pos, cube: { value: 1, owner: null }, canDouble: true },
      {},
      "pipcount",
    );
    expect(open).toEqual({ double: true, take: false });
    const shut = cubeDecision(
      { ...pos, cube: { value: 2, owner: "opp" }, canDouble: false },
      {},
      "pipcount",
    );
    expect(shut.double).toBe(false);
  });

  it("doubles and drops through chooseAction", () => {
    const start = newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });
    const state: GameState = { ...start, board: { white: race[92]!, black: race[100]! } };
    expect(chooseAction(state, { player: "pipcount" })!.actions).toEqual([{ type: "double" }]);
    const doubled: GameState = {
      ...state,
      board: { white: race[87]!, black: race[100]! },
      phase: "double",
    };
    const answer = chooseAction(doubled, { player: "pipcount" })!;
    expect(answer).toMatchObject({ by: "black", actions: [{ type: "drop" }] });
  });
});
