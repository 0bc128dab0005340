import { describe, expect, it } from "vitest";
import {
  type Action,
  act,
  actor,
  type Color,
  currentBoard,
  defaultRules,
  type GameState,
  makeSide,
  newGame,
  openingLot,
  pipCount,
  presetRules,
  remainingPlays,
  scriptedDice,
  seededDice,
  turnView,
} from "../../src/engine/index.js";

const ok = (r: ReturnType<typeof act>): GameState => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
};

/** Plays a game to the end with random legal steps; every state is checked on the way. */
function playOut(state: GameState, seed: number, maxTurns = 2000): GameState {
  const dice = seededDice(seed);
  let s = state;
  for (let i = 0; i < maxTurns * 5 && s.phase !== "over"; i++) {
    const who = actor(s)!;
    if (s.phase === "roll") s = ok(act(s, who, { type: "roll" }, { dice }));
    else if (s.phase === "move") {
      const view = turnView(s)!;
      const step = view.nextSteps[dice.die() % view.nextSteps.length]!;
      s = ok(act(s, who, { type: "step", from: step.from, to: step.to, die: step.die }));
    } else if (s.phase === "double") s = ok(act(s, who, { type: "take" }));
    else s = ok(act(s, who, { type: "decline-resign" }));
  }
  return s;
}

/** White rolls 6-5 and bears off its last checker from the 1. */
function bearOffLast(g: GameState): GameState {
  const rolled = ok(act(g, "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
  return ok(act(rolled, "white", { type: "step", from: 1, to: 0, die: 6 }));
}

describe("the opening lot", () => {
  it("ties roll again; the higher die wins and its dice are kept", () => {
    const lot = openingLot(scriptedDice([3, 3, 6, 6, 2, 5]));
    expect(lot.rolls).toEqual([
      [3, 3],
      [6, 6],
      [2, 5],
    ]);
    expect(lot.winner).toBe(1);
    expect(lot.dice).toEqual([5, 2]);
  });

  it("opening `lot`: the starter plays the lot dice at once", () => {
    const g = newGame({
      variant: "short",
      rules: defaultRules("short"),
      starter: "black",
      openingDice: [5, 2],
    });
    expect(g.phase).toBe("move");
    expect(g.turn).toBe("black");
    expect(g.dice).toEqual([5, 2]);
  });

  it("opening `reroll`: the starter rolls two fresh dice", () => {
    const g = newGame({ variant: "long", rules: defaultRules("long"), starter: "white" });
    expect(g.phase).toBe("roll");
    const rolled = ok(act(g, "white", { type: "roll" }, { dice: scriptedDice([6, 6]) }));
    expect(rolled.dice).toEqual([6, 6]);
  });
});

describe("turns", () => {
  const start = () => newGame({ variant: "long", rules: defaultRules("long"), starter: "white" });

  it("a completed turn commits and passes the move; the last move is kept", () => {
    let g = ok(act(start(), "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
    g = ok(act(g, "white", { type: "step", from: 24, to: 18, die: 6 }));
    expect(g.turn).toBe("white");
    g = ok(act(g, "white", { type: "step", from: 18, to: 13, die: 5 }));
    expect(g.turn).toBe("black");
    expect(g.turnNumber).toBe(2);
    expect(g.board.white[13]).toBe(1);
    expect(g.lastMove?.steps.map((s) => `${s.from}/${s.to}`)).toEqual(["24/18", "18/13"]);
  });

  it("with confirmTurns, a complete turn waits for commit, and undo works until then", () => {
    let g = newGame({
      variant: "long",
      rules: defaultRules("long"),
      starter: "white",
      confirmTurns: true,
    });
    g = ok(act(g, "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
    g = ok(act(g, "white", { type: "step", from: 24, to: 18 }));
    g = ok(act(g, "white", { type: "step", from: 18, to: 13 }));
    expect(g.turn).toBe("white");
    expect(turnView(g)?.complete).toBe(true);
    const undone = ok(act(g, "white", { type: "undo" }));
    expect(undone.steps.length).toBe(1);
    expect(currentBoard(undone).white[18]).toBe(1);
    g = ok(act(g, "white", { type: "commit" }));
    expect(g.turn).toBe("black");
  });

  it("a roll with no legal move passes at once", () => {
    // Black's 18 and 19 (white's 6 and 7) closed for black's head checker with 6-5.
    const base = start();
    const g: GameState = {
      ...base,
      turn: "black",
      firstRolls: { white: [6, 5], black: [6, 5] },
      board: { white: makeSide({ 24: 13, 6: 1, 7: 1 }), black: makeSide({ 24: 15 }) },
    };
    const after = ok(act(g, "black", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
    expect(after.turn).toBe("white");
    expect(after.lastMove).toEqual({ color: "black", dice: [6, 5], steps: [] });
  });

  it("remainingPlays narrows as steps are taken; one left means the rest is forced", () => {
    let g = ok(act(start(), "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
    expect(remainingPlays(g).length).toBe(1);
    g = ok(act(g, "white", { type: "step", from: 24, to: 19, die: 5 }));
    expect(remainingPlays(g).length).toBe(1);
  });
});

describe("player input never changes a game it cannot apply to", () => {
  const g0 = newGame({ variant: "long", rules: defaultRules("long"), starter: "white" });
  const rolled = ok(act(g0, "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
  const cases: [string, GameState, Color, Action, string][] = [
    ["wrong player", rolled, "black", { type: "step", from: 24, to: 18 }, "not-your-turn"],
    ["illegal step", rolled, "white", { type: "step", from: 24, to: 20 }, "illegal-step"],
    ["step from nowhere", rolled, "white", { type: "step", from: 99, to: -3 }, "illegal-step"],
    ["rolling twice", rolled, "white", { type: "roll" }, "wrong-phase"],
    ["undo with nothing taken", rolled, "white", { type: "undo" }, "nothing-to-undo"],
    ["doubling with the cube off", g0, "white", { type: "double" }, "cube-unavailable"],
    ["take without a double", rolled, "white", { type: "take" }, "wrong-phase"],
    ["commit an unfinished turn", rolled, "white", { type: "commit" }, "turn-incomplete"],
  ];
  for (const [name, state, by, action, code] of cases) {
    it(`${name}: ${code}`, () => {
      const before = JSON.stringify(state);
      const r = act(state, by, action, { dice: scriptedDice([1, 1]) });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
      expect(JSON.stringify(state)).toBe(before);
    });
  }

  it("a stale turn number is refused", () => {
    const r = act(rolled, "white", { type: "step", from: 24, to: 18 }, { expectTurn: 0 });
    expect(!r.ok && r.error.code).toBe("stale");
  });

  it("nothing is accepted after the game is over", () => {
    const over = ok(act(rolled, "white", { type: "resign" }));
    const r = act(over, "black", { type: "roll" }, { dice: seededDice(1) });
    expect(!r.ok && r.error.code).toBe("game-over");
  });
});

describe("end of game and scoring (long nardy)", () => {
  const near = (scoring: "oin" | "mars" | "koks" | "home-mars", black: Record<number, number>) =>
    ({
      ...newGame({ variant: "long", rules: defaultRules("long", { scoring }), starter: "white" }),
      firstRolls: { white: [6, 5], black: [6, 5] },
      board: { white: makeSide({ 1: 1, 0: 14 }), black: makeSide(black) },
    }) as GameState;
  const finish = (g: GameState) => bearOffLast(g).result;

  it("oin when the loser bore off a checker", () => {
    expect(finish(near("mars", { 1: 14, 0: 1 }))).toMatchObject({
      winner: "white",
      kind: "oin",
      points: 1,
    });
  });
  it("mars when the loser bore off none", () => {
    expect(finish(near("mars", { 5: 15 }))).toMatchObject({ kind: "mars", points: 2 });
  });
  it("scoring oin: every win is 1", () => {
    expect(finish(near("oin", { 20: 15 }))).toMatchObject({ kind: "oin", points: 1 });
  });
  it("koks: none off and a checker still in the loser's first quarter", () => {
    expect(finish(near("koks", { 20: 1, 5: 14 }))).toMatchObject({ kind: "koks", points: 3 });
    expect(finish(near("koks", { 18: 1, 5: 14 }))).toMatchObject({ kind: "mars", points: 2 });
  });
  it("home-mars: none off although all fifteen are home", () => {
    expect(finish(near("home-mars", { 5: 15 }))).toMatchObject({ kind: "home-mars", points: 3 });
    expect(finish(near("home-mars", { 7: 1, 5: 14 }))).toMatchObject({ kind: "mars", points: 2 });
  });

  it("resignation at any moment is scored from the position, times the cube", () => {
    const g = { ...near("mars", { 5: 15 }), cube: { value: 2, owner: "black" as Color } };
    const r = ok(act(g, "black", { type: "resign" }));
    expect(r.result).toEqual({ winner: "white", kind: "mars", points: 4, reason: "resign" });
  });
});

describe("the last-roll option", () => {
  const endgame = (black: Record<number, number>) =>
    ({
      ...newGame({
        variant: "long",
        rules: defaultRules("long", { lastRoll: true }),
        starter: "white",
      }),
      firstRolls: { white: [6, 5], black: [6, 5] },
      board: { white: makeSide({ 1: 1, 0: 14 }), black: makeSide(black) },
    }) as GameState;

  it("when the starter finishes, the other player rolls once more, with no cube action", () => {
    const g = bearOffLast(endgame({ 2: 2, 0: 13 }));
    expect(g.phase).toBe("roll");
    expect(g.turn).toBe("black");
    expect(g.lastRollTurn).toBe(true);
  });

  it("bearing off all remaining checkers on it draws the game", () => {
    let g = bearOffLast(endgame({ 2: 2, 0: 13 }));
    g = ok(act(g, "black", { type: "roll" }, { dice: scriptedDice([3, 4]) }));
    g = ok(act(g, "black", { type: "step", from: 2, to: 0, die: 4 }));
    g = ok(act(g, "black", { type: "step", from: 2, to: 0, die: 3 }));
    expect(g.result).toEqual({ winner: null, kind: "draw", points: 0, reason: "draw" });
  });

  it("otherwise the starter wins, scored after that roll", () => {
    let g = bearOffLast(endgame({ 6: 3, 0: 0, 5: 12 }));
    g = ok(act(g, "black", { type: "roll" }, { dice: scriptedDice([6, 6]) }));
    for (let i = 0; i < 3; i++) g = ok(act(g, "black", { type: "step", from: 6, to: 0, die: 6 }));
    g = ok(act(g, "black", { type: "step", from: 5, to: 0, die: 6 }));
    expect(g.result).toMatchObject({ winner: "white", kind: "oin", points: 1 });
  });
});

describe("random games run to the end and keep every invariant", () => {
  for (const variant of ["long", "short"] as const) {
    it(`${variant}: 30 games`, () => {
      for (let seed = 1; seed <= 30; seed++) {
        const g = playOut(
          newGame({ variant, rules: defaultRules(variant), starter: "white" }),
          seed,
        );
        expect(g.phase).toBe("over");
        const w = g.result!.winner!;
        expect(g.board[w][0]).toBe(15);
        expect(pipCount(g.board[w])).toBe(0);
        expect(g.result!.points).toBeGreaterThan(0);
      }
    });
  }

  it("long sport preset: a full game with the cube on", () => {
    const g = playOut(
      newGame({ variant: "long", rules: presetRules("long", "sport")!, starter: "black" }),
      7,
    );
    expect(g.phase).toBe("over");
  });
});

describe("claiming a game the opponent left waiting", () => {
  it("a side whose resignation offer waits for an answer cannot claim; the other answers", () => {
    const g = newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });
    const offered = ok(act(g, "white", { type: "resign", kind: "gammon" }));
    const byOfferer = act(offered, "white", { type: "claim-timeout" });
    expect(byOfferer.ok || byOfferer.error.code).toBe("wrong-phase");
    const byAnswerer = act(offered, "black", { type: "claim-timeout" });
    expect(byAnswerer.ok || byAnswerer.error.code).toBe("not-your-turn");
    expect(ok(act(offered, "black", { type: "accept-resign" })).result).toMatchObject({
      winner: "black",
      kind: "gammon",
    });
  });
});
