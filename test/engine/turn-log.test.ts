import { describe, expect, it } from "vitest";
import {
  type Action,
  act,
  type Color,
  defaultRules,
  emptyTurnLog,
  type GameState,
  logAction,
  newGame,
  scriptedDice,
  TURN_LOG_LIMIT,
  type TurnLog,
  turnView,
} from "../../src/engine/index.js";

/** Applies an action and logs it, as the game service does. */
function play(s: GameState, log: TurnLog, by: Color, action: Action, dice: number[] = []) {
  const r = act(s, by, action, { dice: scriptedDice(dice) });
  if (!r.ok) throw new Error(r.error.message);
  return { s: r.state, log: logAction(log, s, r.state, by) };
}

/** The rest of the current turn, played for the mover (a forced rest). */
function auto(s: GameState, log: TurnLog) {
  let state = s;
  let l = log;
  while (state.phase === "move") {
    const step = turnView(state)!.nextSteps[0]!;
    const r = act(state, state.turn, { type: "step", from: step.from, to: step.to, die: step.die });
    if (!r.ok) throw new Error(r.error.message);
    l = logAction(l, state, r.state, null);
    state = r.state;
  }
  return { s: state, log: l };
}

describe("the turn log", () => {
  const start = () => newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });

  it("a side's own turn is news to the opponent only, and acting clears a side's news", () => {
    let { s, log } = play(start(), emptyTurnLog, "white", { type: "roll" }, [3, 1]);
    ({ s, log } = play(s, log, "white", { type: "step", from: 8, to: 5, die: 3 }));
    ({ s, log } = play(s, log, "white", { type: "step", from: 6, to: 5, die: 1 }));
    expect(s.turn).toBe("black");
    expect(log.white).toEqual({ fromStart: false, actedTurn: 1, turns: [] });
    expect(log.black.fromStart).toBe(true);
    expect(log.black.turns).toEqual([
      { color: "white", dice: [3, 1], steps: s.lastMove!.steps, auto: false },
    ]);
    ({ s, log } = play(s, log, "black", { type: "roll" }, [6, 5]));
    expect(log.black).toEqual({ fromStart: false, actedTurn: 2, turns: [] });
  });

  it("a turn played for a side without its input is news to both sides", () => {
    let { s, log } = play(start(), emptyTurnLog, "white", { type: "roll" }, [3, 1]);
    ({ s, log } = play(s, log, "white", { type: "step", from: 8, to: 5, die: 3 }));
    ({ s, log } = auto(s, log)); // the mover began the turn: still its own
    expect(log.white.turns).toEqual([]);
    const r = act(s, "black", { type: "roll" }, { dice: scriptedDice([6, 6]) });
    if (!r.ok) throw new Error(r.error.message);
    log = logAction(log, s, r.state, null); // rolled for black, who could not double
    ({ s, log } = auto(r.state, log));
    expect(log.white.turns.map((t) => [t.color, t.auto])).toEqual([["black", true]]);
    expect(log.black.turns.map((t) => [t.color, t.auto])).toEqual([
      ["white", false],
      ["black", true],
    ]);
  });

  it("keeps the last few turns only", () => {
    let log = emptyTurnLog;
    let s = start();
    for (let i = 0; i < TURN_LOG_LIMIT + 3; i++) {
      const r = act(s, s.turn, { type: "roll" }, { dice: scriptedDice([1, 2]) });
      if (!r.ok) throw new Error(r.error.message);
      log = logAction(log, s, r.state, null);
      ({ s, log } = auto(r.state, log));
    }
    expect(log.white.turns).toHaveLength(TURN_LOG_LIMIT);
    expect(log.white.fromStart).toBe(true);
  });
});
