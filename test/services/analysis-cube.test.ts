import { describe, expect, it } from "vitest";
import {
  type Action,
  act,
  type Color,
  defaultRules,
  type GameState,
  newGame,
  scriptedDice,
  type Variant,
} from "../../src/engine/index.js";
import {
  analyseGame,
  BLUNDER_LOSS,
  type CubeDecision,
  type Timeline,
  type Transition,
} from "../../src/services/index.js";

/** A game from its first state through `moves`, as the stored timeline would give it. */
function timelineOf(variant: Variant, moves: [Color, Action, number[]?][]): Timeline {
  const start = newGame({
    variant,
    rules: defaultRules(variant, { opening: "reroll" }),
    starter: "white",
    openingDice: null,
    crawford: false,
    confirmTurns: false,
  });
  const transitions: Transition[] = [];
  let s: GameState = start;
  for (const [by, action, dice] of moves) {
    const r = act(s, by, action, dice ? { dice: scriptedDice(dice) } : {});
    if (!r.ok) throw new Error(`${by} ${action.type}: ${r.error.message}`);
    transitions.push({ by, action, dice: dice ?? [], before: s, after: r.state, auto: false });
    s = r.state;
  }
  return { start, transitions };
}

const cubeOf = (a: Awaited<ReturnType<typeof analyseGame>>, c: Color): CubeDecision[] =>
  a[c].costliest.filter((d): d is CubeDecision => d.kind === "cube");

describe("cube and resignation decisions in the analysis", () => {
  it("a double in the opening position is wrong, and dropping it is a blunder", async () => {
    const a = await analyseGame(
      timelineOf("short", [
        ["white", { type: "double" }],
        ["black", { type: "drop" }],
      ]),
    );
    const [double] = cubeOf(a, "white");
    expect(double).toMatchObject({ action: "double", bestAction: "no-double", turn: 1 });
    expect(double!.loss).toBeGreaterThan(0);
    const [drop] = cubeOf(a, "black");
    // The opening position is close to even: a take keeps about -2 × 0 per cube, a drop is -1.
    expect(drop).toMatchObject({ action: "drop", bestAction: "take" });
    expect(drop!.loss).toBeGreaterThan(BLUNDER_LOSS);
    expect(drop!.chosenEquity).toBe(-1);
    expect(a.black.cube).toMatchObject({ decisions: 1, errors: 1 });
    expect(a.black.blunders).toBe(1);
  });

  it("taking the opening double is right and costs nothing", async () => {
    const a = await analyseGame(
      timelineOf("short", [
        ["white", { type: "double" }],
        ["black", { type: "take" }],
        ["white", { type: "roll" }, [3, 1]],
      ]),
    );
    expect(a.black.cube).toEqual({ decisions: 1, errors: 0, lost: 0 });
    expect(cubeOf(a, "black")).toEqual([]);
  });

  it("no double in the opening position is no decision at all", async () => {
    const a = await analyseGame(timelineOf("short", [["white", { type: "roll" }, [3, 1]]]));
    expect(a.white.cube).toEqual({ decisions: 0, errors: 0, lost: 0 });
  });

  it("short nardy: a single offered at the start, accepted: a gift for one, a loss for the other", async () => {
    const a = await analyseGame(
      timelineOf("short", [
        ["white", { type: "resign", kind: "single" }],
        ["black", { type: "accept-resign" }],
      ]),
    );
    const [resign] = cubeOf(a, "white");
    expect(resign).toMatchObject({ action: "resign", bestAction: "play-on", chosenEquity: -1 });
    expect(resign!.loss).toBeGreaterThan(0.5);
    expect(a.black.cube).toEqual({ decisions: 1, errors: 0, lost: 0 });
  });

  it("declining a gammon offered at the start throws away about two points", async () => {
    const a = await analyseGame(
      timelineOf("short", [
        ["white", { type: "resign", kind: "gammon" }],
        ["black", { type: "decline-resign" }],
      ]),
    );
    const [decline] = cubeOf(a, "black");
    expect(decline).toMatchObject({
      action: "decline",
      bestAction: "accept",
      chosenEquity: expect.any(Number),
    });
    expect(decline!.loss).toBeGreaterThan(1.5);
    // The offer itself was declined: it cost its maker nothing.
    expect(a.white.cube).toEqual({ decisions: 0, errors: 0, lost: 0 });
  });

  it("long nardy: resigning at the start gives away the position's score", async () => {
    const a = await analyseGame(timelineOf("long", [["white", { type: "resign" }]]));
    const [resign] = cubeOf(a, "white");
    expect(resign).toMatchObject({ action: "resign", bestAction: "play-on" });
    // Scored from the position: nobody has borne off, so a mars (2 points) at least.
    expect(resign!.chosenEquity).toBeLessThanOrEqual(-2);
    expect(resign!.loss).toBeGreaterThan(1.5);
  });
});
