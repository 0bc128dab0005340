import { describe, expect, it } from "vitest";
import {
  act,
  type Color,
  defaultRules,
  type GameState,
  legalPlays,
  makeSide,
  newGame,
  newSeries,
  nextStarter,
  type Rules,
  recordGame,
  scriptedDice,
  seriesMayGoOn,
  seriesOver,
} from "../../src/engine/index.js";
import { notations, spec } from "../helpers/plays.js";
import { engineKeys, refKeys } from "../helpers/reference-keys.js";

const ok = (r: ReturnType<typeof act>): GameState => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
};
const err = (r: ReturnType<typeof act>): string => (r.ok ? "ok" : r.error.code);

const short = (i: Omit<Parameters<typeof spec>[0], "variant">) => spec({ ...i, variant: "short" });

describe("short nardy checker rules", () => {
  it("landing on a single opponent checker hits it to the bar", () => {
    // Black's single on its 20 is white's 5.
    const s = short({ me: { 6: 5, 13: 10 }, opp: { 20: 1, 1: 14 }, dice: [1, 2] });
    const hit = legalPlays(s).find((p) => p.steps.some((st) => st.hit));
    expect(hit).toBeDefined();
    expect(hit!.opp[25]).toBe(1);
    expect(hit!.opp[20]).toBe(0);
    expect(notations(s).some((n) => n.includes("6/5*"))).toBe(true);
  });

  it("two or more opponent checkers close a point, also as an intermediate stop", () => {
    // White's 7 is black's 18 (two black checkers); 13/7 closed and 13/7/4 with 6-3 only via 10.
    const s = short({ me: { 13: 15 }, opp: { 18: 2, 1: 13 }, dice: [6, 3] });
    const all = notations(s);
    expect(all.some((n) => n.includes("13/7"))).toBe(false);
    expect(all).toContain("13/10 10/4");
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("a checker on the bar must enter before any other move", () => {
    const s = short({ me: { 25: 1, 6: 14 }, opp: { 1: 15 }, dice: [3, 5] });
    expect(legalPlays(s).length).toBeGreaterThan(0);
    for (const p of legalPlays(s)) expect(p.steps[0]!.from).toBe(25);
    expect(notations(s).every((n) => n.startsWith("bar/"))).toBe(true);
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("both entry points closed: the turn passes", () => {
    // Die 3 enters on white's 22 (black's 3), die 5 on 20 (black's 5): both held.
    const s = short({ me: { 25: 1, 6: 14 }, opp: { 3: 2, 5: 2, 6: 11 }, dice: [3, 5] });
    expect(legalPlays(s)).toEqual([]);
  });

  it("bearing off: a checker hit during the bear-off must come home first", () => {
    const s = short({ me: { 25: 1, 2: 4, 0: 10 }, opp: { 1: 15 }, dice: [6, 2] });
    expect(notations(s).length).toBeGreaterThan(0);
    for (const n of notations(s)) expect(n).not.toContain("off");
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("bearing off: exact point, higher-than-highest, otherwise inside", () => {
    expect(notations(short({ me: { 3: 2, 0: 13 }, opp: { 24: 15 }, dice: [6, 5] }))).toEqual([
      "3/off 3/off",
    ]);
    const insideSpec = short({ me: { 6: 1, 2: 1, 0: 13 }, opp: { 24: 15 }, dice: [4, 3] });
    const inside = notations(insideSpec);
    expect(inside.length).toBeGreaterThan(0);
    for (const n of inside) expect(n).not.toContain("2/off 6");
    expect(engineKeys(insideSpec)).toEqual(refKeys(insideSpec));
  });
});

describe("short nardy results", () => {
  const winWith = (
    black: Record<number, number>,
    cube = 1,
    rules: Partial<Rules> = {},
    owner: Color | null = null,
  ) => {
    const g: GameState = {
      ...newGame({ variant: "short", rules: defaultRules("short", rules), starter: "white" }),
      board: { white: makeSide({ 1: 1, 0: 14 }), black: makeSide(black) },
      cube: { value: cube, owner },
    };
    const rolled = ok(act(g, "white", { type: "roll" }, { dice: scriptedDice([6, 5]) }));
    return ok(act(rolled, "white", { type: "step", from: 1, to: 0, die: 6 })).result!;
  };

  it("single, gammon, backgammon, times the cube", () => {
    expect(winWith({ 6: 14, 0: 1 })).toMatchObject({ kind: "single", points: 1 });
    expect(winWith({ 6: 15 }, 2, {}, "black")).toMatchObject({ kind: "gammon", points: 4 });
    // A checker in the winner's home (black's 19..24) or on the bar: backgammon.
    expect(winWith({ 6: 14, 20: 1 })).toMatchObject({ kind: "backgammon", points: 3 });
    expect(winWith({ 6: 14, 25: 1 })).toMatchObject({ kind: "backgammon", points: 3 });
  });

  it("Jacoby (running series): a gammon counts single while the cube is centred", () => {
    expect(winWith({ 6: 15 }, 1, { jacoby: true })).toMatchObject({ kind: "single", points: 1 });
    expect(winWith({ 6: 15 }, 2, { jacoby: true }, "white")).toMatchObject({
      kind: "gammon",
      points: 4,
    });
    // Not in a match: Jacoby applies to unlimited series only.
    expect(winWith({ 6: 15 }, 1, { jacoby: true, match: { kind: "points", to: 7 } })).toMatchObject(
      {
        kind: "gammon",
      },
    );
  });
});

describe("the doubling cube", () => {
  const fresh = (rules: Partial<Rules> = {}, crawford = false) =>
    newGame({ variant: "short", rules: defaultRules("short", rules), starter: "white", crawford });

  it("double before rolling when the cube is centred", () => {
    const g = ok(act(fresh(), "white", { type: "double" }));
    expect(g.phase).toBe("double");
  });

  it("take: the stake doubles and the cube goes to the taker", () => {
    let g = ok(act(fresh(), "white", { type: "double" }));
    g = ok(act(g, "black", { type: "take" }));
    expect(g.cube).toEqual({ value: 2, owner: "black" });
    expect(g.phase).toBe("roll");
    expect(g.turn).toBe("white");
  });

  it("drop: the doubler wins the stake before the double at once", () => {
    let g = ok(act(fresh(), "white", { type: "double" }));
    g = ok(act(g, "black", { type: "take" }));
    g = { ...g, turn: "black", phase: "roll" };
    g = ok(act(g, "black", { type: "double" }));
    const over = ok(act(g, "white", { type: "drop" }));
    expect(over.result).toEqual({ winner: "black", kind: "drop", points: 2, reason: "drop" });
  });

  it("only the cube owner may redouble", () => {
    let g = ok(act(fresh(), "white", { type: "double" }));
    g = ok(act(g, "black", { type: "take" }));
    expect(err(act(g, "white", { type: "double" }))).toBe("cube-unavailable");
  });

  it("not after rolling", () => {
    const g = ok(act(fresh(), "white", { type: "roll" }, { dice: scriptedDice([3, 1]) }));
    expect(err(act(g, "white", { type: "double" }))).toBe("wrong-phase");
  });

  it("the cube stops at 64", () => {
    const g = { ...fresh(), cube: { value: 64, owner: "white" as Color } };
    expect(err(act(g, "white", { type: "double" }))).toBe("cube-unavailable");
  });

  it("no doubling in the Crawford game", () => {
    expect(err(act(fresh({}, true), "white", { type: "double" }))).toBe("cube-unavailable");
  });

  it("the cube is off by default in long nardy and can be turned on", () => {
    const long = newGame({ variant: "long", rules: defaultRules("long"), starter: "white" });
    expect(err(act(long, "white", { type: "double" }))).toBe("cube-unavailable");
    const withCube = newGame({
      variant: "long",
      rules: defaultRules("long", { cube: true }),
      starter: "white",
    });
    expect(err(act(withCube, "white", { type: "double" }))).toBe("ok");
  });

  it("facing a double, a player cannot resign instead of answering", () => {
    const g = ok(act(fresh(), "white", { type: "double" }));
    expect(err(act(g, "black", { type: "resign", kind: "single" }))).toBe("bad-resign");
  });
});

describe("short nardy resignation is an offer", () => {
  const g = newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });

  it("accepted: the game ends with the offered points times the cube", () => {
    const offered = ok(
      act({ ...g, cube: { value: 2, owner: "white" } }, "white", {
        type: "resign",
        kind: "gammon",
      }),
    );
    expect(offered.phase).toBe("resign");
    const over = ok(act(offered, "black", { type: "accept-resign" }));
    expect(over.result).toEqual({ winner: "black", kind: "gammon", points: 4, reason: "resign" });
  });

  it("declined: play goes on where it was", () => {
    const offered = ok(act(g, "white", { type: "resign", kind: "single" }));
    const back = ok(act(offered, "black", { type: "decline-resign" }));
    expect(back.phase).toBe("roll");
    expect(back.turn).toBe("white");
  });

  it("an offer needs a kind; only the opponent answers", () => {
    expect(err(act(g, "white", { type: "resign" }))).toBe("bad-resign");
    const offered = ok(act(g, "white", { type: "resign", kind: "single" }));
    expect(err(act(offered, "white", { type: "accept-resign" }))).toBe("not-your-turn");
  });
});

describe("series", () => {
  const long = defaultRules("long");

  it("running series adds points; the next starter is the loser by default in long nardy", () => {
    let s = recordGame(long, newSeries(), { winner: 0, points: 2, starter: 0 });
    expect(s.scores).toEqual([2, 0]);
    expect(nextStarter(long, s)).toBe(1);
    s = recordGame(long, s, { winner: 1, points: 1, starter: 1 });
    expect(nextStarter(long, s)).toBe(0);
    expect(s.winner).toBeNull();
  });

  it("nextStarter alternate, winner, lot; after a draw the starter alternates", () => {
    const s = recordGame(long, newSeries(), { winner: 0, points: 1, starter: 0 });
    expect(nextStarter(defaultRules("long", { nextStarter: "alternate" }), s)).toBe(1);
    expect(nextStarter(defaultRules("long", { nextStarter: "winner" }), s)).toBe(0);
    expect(nextStarter(defaultRules("short"), s)).toBe("lot");
    const draw = recordGame(long, newSeries(), { winner: null, points: 0, starter: 1 });
    expect(nextStarter(defaultRules("long", { nextStarter: "winner" }), draw)).toBe(0);
    expect(draw.games).toBe(1);
    expect(draw.draws).toBe(1);
  });

  it("a series may go on past its first game unless that game, whatever its result, ends it", () => {
    const matches = [
      { kind: "running" },
      { kind: "games", count: 1 },
      { kind: "games", count: 3 },
      { kind: "points", to: 1 },
      { kind: "points", to: 5 },
    ] as const;
    for (const match of matches) {
      const rules = defaultRules("short", { match });
      const won = recordGame(rules, newSeries(), { winner: 0, points: 1, starter: 0 });
      expect(seriesMayGoOn(rules), JSON.stringify(match)).toBe(!seriesOver(won));
    }
  });

  it("a match to N points ends when a player reaches N", () => {
    const rules = defaultRules("short", { match: { kind: "points", to: 3 } });
    let s = recordGame(rules, newSeries(), { winner: 0, points: 2, starter: 0 });
    expect(s.winner).toBeNull();
    s = recordGame(rules, s, { winner: 0, points: 1, starter: 0 });
    expect(s.winner).toBe(0);
  });

  it("Crawford: the one game after a player first reaches N-1 has no doubling", () => {
    const rules = defaultRules("short", { match: { kind: "points", to: 5 } });
    let s = recordGame(rules, newSeries(), { winner: 1, points: 4, starter: 0 });
    expect(s.crawfordNext).toBe(true);
    s = recordGame(rules, s, { winner: 0, points: 1, starter: 1 });
    expect(s.crawfordNext).toBe(false);
    s = recordGame(rules, s, { winner: 0, points: 1, starter: 1 });
    expect(s.crawfordNext).toBe(false);
  });

  it("N games: after N games the player with more points wins; level goes on", () => {
    const rules = defaultRules("long", { match: { kind: "games", count: 2 } });
    let s = recordGame(rules, newSeries(), { winner: 0, points: 1, starter: 0 });
    s = recordGame(rules, s, { winner: 1, points: 1, starter: 1 });
    expect(s.winner).toBeNull();
    s = recordGame(rules, s, { winner: 1, points: 2, starter: 0 });
    expect(s.winner).toBe(1);
  });
});
