import {
  type Action,
  act,
  actor,
  type Color,
  type Dice,
  type GameState,
  newGame,
  type Rules,
  seededDice,
  seededRandom,
  type Variant,
} from "../engine/index.js";
import { chooseAction, type SeriesScore } from "./decide.js";
import type { Player } from "./types.js";

export interface GameSetup {
  readonly variant: Variant;
  readonly rules: Rules;
  readonly white: Player;
  readonly black: Player;
  readonly starter: Color;
  /** Seeds the dice (and the easy level's noise). */
  readonly seed: number;
  readonly series?: SeriesScore | null;
  /** Called with each checker-play decision's time when `clock` (ms) is given. */
  readonly clock?: () => number;
  readonly onDecision?: (by: Color, ms: number, before: GameState) => void;
  /** Called after every action with the states on either side of it. */
  readonly onAction?: (by: Color, action: Action, before: GameState, after: GameState) => void;
}

/**
 * Plays one whole game between two computer players through the engine (`newGame`/`act`),
 * with seeded dice. Short nardy's lot opening is a non-double for the starter.
 */
export function playGame(setup: GameSetup): GameState {
  const dice = seededDice(setup.seed);
  const random = seededRandom(setup.seed ^ 0x5bd1e995);
  let openingDice: Dice | null = null;
  if (setup.rules.opening === "lot") {
    for (let roll = [dice.die(), dice.die()]; ; roll = [dice.die(), dice.die()]) {
      if (roll[0] !== roll[1]) {
        openingDice = [roll[0]!, roll[1]!];
        break;
      }
    }
  }
  let state = newGame({
    variant: setup.variant,
    rules: setup.rules,
    starter: setup.starter,
    openingDice,
  });
  for (let guard = 0; state.phase !== "over"; guard++) {
    if (guard > 20_000) throw new Error("the game does not end");
    const t0 = setup.clock?.();
    const by = actor(state)!;
    const move = chooseAction(state, { player: setup[by], series: setup.series ?? null, random });
    if (!move) break;
    if (t0 !== undefined && setup.clock && setup.onDecision && state.phase === "move")
      setup.onDecision(move.by, setup.clock() - t0, state);
    for (const action of move.actions) {
      const r = act(state, move.by, action, { dice });
      if (!r.ok) throw new Error(`${move.by} ${action.type}: ${r.error.message}`);
      setup.onAction?.(move.by, action, state, r.state);
      state = r.state;
    }
  }
  return state;
}
