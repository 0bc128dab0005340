import type { LoggedTurn } from "../../src/engine/index.js";

/** A forced 6-6 of black's that hits twice: the longest line a caption's turn list shows. */
export const FORCED_DOUBLE_SIX: LoggedTurn = {
  color: "black",
  dice: [6, 6],
  steps: [
    { from: 24, to: 18, die: 6, hit: true },
    { from: 24, to: 18, die: 6 },
    { from: 13, to: 7, die: 6, hit: true },
    { from: 13, to: 7, die: 6 },
  ],
  auto: true,
};
