import { describe, expect, it } from "vitest";
import { AI_HANDLERS } from "../../src/cli/ai-protocol.js";
import { answerLine } from "../../src/cli/engine-protocol.js";

const ask = (req: unknown) => JSON.parse(answerLine(JSON.stringify(req), AI_HANDLERS));
const start = { 24: 2, 13: 5, 8: 3, 6: 5 };
const chooseReq = {
  op: "choose",
  variant: "short",
  level: "medium",
  turn: "white",
  white: start,
  black: start,
  dice: [3, 1],
  rules: {},
  cube: { value: 1, owner: null },
  match: { to: 0, score: [0, 0] },
};

describe("choose and cube over the JSON-lines interface", () => {
  it("choose answers one entry of plays", () => {
    const answer = ask(chooseReq);
    const plays = ask({ ...chooseReq, op: "plays" }).plays as { white: unknown; black: unknown }[];
    expect(answer.moves).toHaveLength(2);
    expect(plays).toContainEqual({
      moves: expect.any(Array),
      white: answer.white,
      black: answer.black,
    });
  });

  it("choose for each level and the pip-count player, long nardy's first turn included", () => {
    for (const level of ["easy", "medium", "hard", "expert", "pipcount"]) {
      const req = {
        op: "choose",
        variant: "long",
        level,
        turn: "black",
        white: { 24: 14, 13: 1 },
        black: { 24: 15 },
        dice: [4, 4],
        firstTurn: true,
        opponentFirstRoll: [6, 5],
      };
      const answer = ask(req);
      expect([...answer.moves].sort()).toEqual(["20/16", "20/16", "24/20", "24/20"]);
    }
  });

  it("choose answers no moves when none is legal", () => {
    const closed = { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 };
    const answer = ask({ ...chooseReq, white: { bar: 1, 13: 14 }, black: closed, dice: [6, 6] });
    expect(answer).toEqual({ moves: [] });
  });

  it("cube answers double and take", () => {
    const { dice: _d, ...pos } = chooseReq;
    expect(ask({ ...pos, op: "cube" })).toEqual({ double: false, take: true });
    const won = {
      ...pos,
      op: "cube",
      level: "hard",
      white: { 1: 2, off: 13 },
      black: { 6: 10, off: 5 },
    };
    expect(ask(won)).toEqual({ double: true, take: false });
    expect(ask({ ...won, cube: { value: 2, owner: "black" } })).toEqual({
      double: false,
      take: false,
    });
    expect(ask({ ...won, level: "pipcount" })).toEqual({ double: true, take: false });
    expect(ask({ ...won, rules: { cube: false } }).double).toBe(false);
  });

  it("malformed requests answer an error", () => {
    const bad: unknown[] = [
      { ...chooseReq, level: "grandmaster" },
      { ...chooseReq, dice: [7, 1] },
      { ...chooseReq, dice: undefined },
      { ...chooseReq, cube: { value: 3, owner: null } },
      { ...chooseReq, cube: { value: 2, owner: "red" } },
      { ...chooseReq, match: { to: 5, score: [5, 0] } },
      { ...chooseReq, match: { to: -1, score: [0, 0] } },
      { ...chooseReq, white: { 24: 2 } },
      { ...chooseReq, variant: "medium" },
      { ...chooseReq, firstTurn: "yes" },
      { ...chooseReq, rules: { cube: "maybe" } },
      { ...chooseReq, op: "cube", turn: "green" },
    ];
    for (const req of bad) expect(ask(req)).toHaveProperty("error");
    expect(JSON.parse(answerLine("{not json", AI_HANDLERS))).toHaveProperty("error");
  });
});

describe("analyse over the JSON-lines interface", () => {
  const analyseReq = { ...chooseReq, op: "analyse" };

  it("answers every legal play, best first, each with its equity", () => {
    const answer = ask(analyseReq).plays as { white: unknown; black: unknown; equity: number }[];
    const plays = ask({ ...chooseReq, op: "plays" }).plays as { white: unknown; black: unknown }[];
    const key = (p: { white: unknown; black: unknown }) => JSON.stringify([p.white, p.black]);
    expect(answer.map(key).sort()).toEqual(plays.map(key).sort());
    const equities = answer.map((p) => p.equity);
    expect(equities).toEqual([...equities].sort((a, b) => b - a));
    for (const e of equities) expect(Math.abs(e)).toBeLessThanOrEqual(3);
    // The opening 3-1: making the 5-point is the book play.
    expect(answer[0]).toMatchObject({ moves: ["8/5", "6/5"] });
  });

  it("a play that bears off the last checker wins a single, gammon or backgammon", () => {
    const last = { ...analyseReq, white: { 1: 1, off: 14 }, dice: [2, 1] };
    const win = (black: Record<string, number>) =>
      (ask({ ...last, black }).plays as { equity: number }[])[0]!.equity;
    expect(win({ 6: 5, off: 10 })).toBe(1);
    expect(win({ 6: 15 })).toBe(2);
    expect(win({ 20: 1, 6: 14 })).toBe(3);
  });

  it("answers no plays when none is legal", () => {
    const closed = { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 };
    const answer = ask({ ...analyseReq, white: { bar: 1, 13: 14 }, black: closed, dice: [6, 6] });
    expect(answer).toEqual({ plays: [] });
  });
});
