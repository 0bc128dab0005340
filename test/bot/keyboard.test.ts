import { describe, expect, it } from "vitest";
import { decode, type Payload, type PlayStep } from "../../src/bot/callback-data.js";
import { gameKeyboard, WHOLE_PLAYS } from "../../src/bot/ui/keyboard.js";
import {
  act,
  actor,
  currentBoard,
  type GameState,
  newGame,
  presetRules,
  remainingPlays,
  seededDice,
  seededRandom,
  turnView,
} from "../../src/engine/index.js";
import type { GameView } from "../../src/services/index.js";

const t = (key: string) => key;

/** The move-phase states of a random game, before and after each single step. */
function movePositions(variant: "long" | "short", seed: number): GameState[] {
  const dice = seededDice(seed);
  const random = seededRandom(seed + 1);
  const preset = variant === "long" ? "classic" : "standard";
  let s = newGame({
    variant,
    rules: { ...presetRules(variant, preset)!, cube: false },
    starter: "white",
  });
  const seen: GameState[] = [];
  for (let guard = 0; s.phase !== "over" && guard < 2000; guard++) {
    const by = actor(s)!;
    if (s.phase === "roll") {
      s = (act(s, by, { type: "roll" }, { dice }) as { state: GameState }).state;
      continue;
    }
    seen.push(s);
    const steps = turnView(s)!.nextSteps;
    const st = steps[Math.floor(random() * steps.length)]!;
    s = (
      act(s, by, { type: "step", from: st.from, to: st.to, die: st.die }) as { state: GameState }
    ).state;
  }
  return seen;
}

const viewOf = (state: GameState): GameView =>
  ({ id: 7, version: 40, status: "active", state, tournamentId: null }) as unknown as GameView;

function commands(state: GameState) {
  return gameKeyboard(t as never, viewOf(state))
    .inline_keyboard.flat()
    .map((b) => decode("callback_data" in b ? b.callback_data : undefined))
    .filter((p): p is Extract<Payload, { type: "game" }> => p?.type === "game")
    .map((p) => p.command);
}

/** The position a play leaves, as the engine gives it. */
function positionAfter(state: GameState, steps: readonly PlayStep[]): string {
  let s = state;
  for (const st of steps) {
    const r = act(s, s.turn, { type: "step", ...st });
    if (!r.ok) throw new Error(`${st.from}/${st.to}: ${r.error.message}`);
    s = r.state;
  }
  return JSON.stringify(s.phase === "move" ? currentBoard(s) : s.board);
}

describe("the move buttons", () => {
  for (const variant of ["long", "short"] as const)
    it(`${variant} nardy: few plays left are one button each, every play once; many, the next steps`, () => {
      let whole = 0;
      let narrowed = 0;
      for (let seed = 1; seed <= 3; seed++)
        for (const state of movePositions(variant, seed)) {
          const plays = remainingPlays(state);
          const moves = commands(state).filter((c) => c.kind === "play" || c.kind === "step");
          if (plays.length <= WHOLE_PLAYS) {
            whole++;
            expect(moves.every((c) => c.kind === "play")).toBe(true);
            const reached = moves.map((c) =>
              positionAfter(state, (c as { readonly steps: readonly PlayStep[] }).steps),
            );
            const expected = plays.map((p) =>
              positionAfter(state, p.steps.slice(state.steps.length)),
            );
            expect(new Set(reached).size).toBe(reached.length);
            expect([...reached].sort()).toEqual([...expected].sort());
          } else {
            narrowed++;
            const next = turnView(state)!.nextSteps.map((s) => `${s.from}/${s.to}/${s.die}`);
            expect(
              moves
                .map((c) => `${(c as PlayStep).from}/${(c as PlayStep).to}/${(c as PlayStep).die}`)
                .sort(),
            ).toEqual(next.sort());
          }
        }
      // Both kinds of position come up.
      expect(whole).toBeGreaterThan(20);
      expect(narrowed).toBeGreaterThan(20);
    });
});
