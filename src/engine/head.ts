import type { HeadRule } from "./rules.js";
import type { Dice } from "./types.js";

export interface FirstTurnInfo {
  /** The side to move has not moved yet in this game. */
  readonly firstTurn: boolean;
  /** The roll the other side played on its first turn, when the mover is the second player. */
  readonly opponentFirstRoll: Dice | null;
}

const isBigDouble = (d: Dice): boolean => d[0] === d[1] && (d[0] === 6 || d[0] === 4 || d[0] === 3);

/**
 * How many checkers may leave the head this turn. `criterion` needs to know whether one head
 * checker can play the whole double, so the caller supplies that test.
 */
export function headLimit(
  rule: HeadRule,
  dice: Dice,
  info: FirstTurnInfo,
  oneHeadCheckerPlaysAllFour: () => boolean,
): number {
  if (!info.firstTurn) return 1;
  const second = info.opponentFirstRoll !== null;
  switch (rule) {
    case "classic": {
      if (!isBigDouble(dice)) return 1;
      const afterFiveFive =
        second &&
        dice[0] === 4 &&
        info.opponentFirstRoll?.[0] === 5 &&
        info.opponentFirstRoll[1] === 5;
      return afterFiveFive ? 1 : 2;
    }
    case "criterion":
      return isBigDouble(dice) && !oneHeadCheckerPlaysAllFour() ? 2 : 1;
    case "doubles":
      return dice[0] === dice[1] ? 2 : 1;
    case "wide":
      return 2;
    case "sport":
      return second && isBigDouble(dice) ? 2 : 1;
  }
}
