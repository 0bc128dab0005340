import type { Dice, TurnSpec } from "../../src/engine/index.js";

/**
 * The turn of `mover` (0 or 1) with its first-turn state from the first rolls so far, which
 * it then records: a side's first turn answers the other's first roll, if that came first.
 */
export function nextTurnSpec(
  turn: Omit<TurnSpec, "firstTurn" | "opponentFirstRoll">,
  firstRolls: [Dice | null, Dice | null],
  mover: number,
): TurnSpec {
  const first = firstRolls[mover] === null;
  const spec = {
    ...turn,
    firstTurn: first,
    opponentFirstRoll: first ? (firstRolls[1 - mover] ?? null) : null,
  };
  firstRolls[mover] ??= turn.dice;
  return spec;
}
