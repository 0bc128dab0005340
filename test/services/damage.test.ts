/**
 * What counts as a damaged game: never a game the service wrote (every state of many whole
 * games passes, every log replays to its game), always a state with a field gone wrong or a
 * log that leads elsewhere.
 */
import { describe, expect } from "vitest";
import { GamesRepo } from "../../src/db/index.js";
import { stateProblem } from "../../src/engine/index.js";
import { auditProblem, damageOf } from "../../src/services/damage.js";
import { playOut, prng } from "./driver.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

async function startGame(h: ReturnType<typeof harness>, variant: "long" | "short", rules?: object) {
  const c = unwrap(await h.svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  return unwrap(await h.svc.acceptChallenge(c.id, bob)).game;
}

describe("a sound game is never taken for a damaged one", () => {
  // Each finished log replaying to its state is checked after every test (expectAllGamesReplay).
  it("every state of whole games passes the read check", async () => {
    const h = harness({}, "damage");
    const repo = new GamesRepo(h.database.db);
    let states = 0;
    const cases = [
      ["long", undefined, {}],
      ["long", { lastRoll: true, cube: true }, { double: 0.2, take: 0.6 }],
      ["short", undefined, { double: 0.2, take: 0.7, resign: 0.02 }],
    ] as const;
    for (const [i, [variant, rules, policy]] of cases.entries()) {
      const start = await startGame(h, variant, rules);
      const { game, outcomes } = await playOut(h.svc, start, prng(40 + i), policy);
      expect(game.status).toBe("finished");
      for (const o of outcomes.slice(0, -1)) {
        states++;
        expect(damageOf({ variant, state: o.game.state })).toBeNull();
      }
      expect(stateProblem(game.state)).toBeNull();
      // Over, yet stored as active: that much is damage.
      const row = (await repo.get(game.id))!;
      expect(await auditProblem({ ...row, status: "active" }, () => repo.events(game.id))).toMatch(
        /over, the game active/,
      );
    }
    expect(states).toBeGreaterThan(150);
  });

  it("an active game mid-play passes the full check, log and all", async () => {
    const h = harness({}, "damage-active");
    const start = await startGame(h, "short");
    const { game } = await playOut(h.svc, start, prng(7), {}, 30);
    expect(game.status).toBe("active");
    expect(await h.svc.auditGame(game.id)).toBeNull();
    expect((await h.svc.getGame(game.id))!.status).toBe("active");
  });
});

describe("a damaged state is named", () => {
  const spoilt: [string, (s: Record<string, unknown>) => unknown, RegExp][] = [
    ["null", () => null, /not an object/],
    ["no board", (s) => ({ ...s, board: undefined }), /no board/],
    ["sixteen checkers", (s) => ({ ...s, board: extraChecker(s.board) }), /black: not 15/],
    ["a phase of its own", (s) => ({ ...s, phase: "dance" }), /unknown phase/],
    ["a seven on a die", (s) => ({ ...s, phase: "move", dice: [7, 1] }), /bad dice/],
    ["dice outside a move", (s) => ({ ...s, phase: "double", dice: [3, 1] }), /dice do not match/],
    ["a cube of 3", (s) => ({ ...s, cube: { value: 3, owner: null } }), /power of two/],
    ["a result while playing", (s) => ({ ...s, result: { points: 1 } }), /result/],
  ];
  for (const [what, spoil, reason] of spoilt)
    it(what, async () => {
      const game = await startGame(harness({}, "damage-named"), "short");
      const state = spoil(JSON.parse(JSON.stringify(game.state)) as Record<string, unknown>);
      expect(damageOf({ variant: "short", state: state as never })).toMatch(reason);
    });

  it("a state of another variant than its game's", async () => {
    const game = await startGame(harness({}, "damage-variant"), "long");
    expect(damageOf({ variant: "short", state: game.state })).toMatch(/variant/);
  });

  it("a log that does not lead to the state, or does not read", async () => {
    const h = harness({}, "damage-log");
    const repo = new GamesRepo(h.database.db);
    const start = await startGame(h, "short");
    const { game } = await playOut(h.svc, start, prng(3), {}, 6);
    const row = (await repo.get(game.id))!;
    const events = await repo.events(game.id);
    expect(await auditProblem(row, async () => events.slice(0, -1))).toMatch(
      /^log: \d+ events for version/,
    );
    const other = events.map((e) => (e.type === "start" ? e : { ...e, payload: { by: "white" } }));
    expect(await auditProblem(row, async () => other)).toMatch(/^log: malformed/);
    expect(
      await auditProblem(row, async () => {
        throw new SyntaxError("Unexpected end of JSON input");
      }),
    ).toBe("log: Unexpected end of JSON input");
  });
});

function extraChecker(board: unknown): unknown {
  const b = board as { white: number[]; black: number[] };
  return { ...b, black: b.black.map((n, i) => (i === 24 ? n + 1 : n)) };
}
