import type { Side } from "../engine/index.js";
import { bearoffIndex, bearoffTable, before, escapeCounts, inBearoffTable } from "./bearoff.js";
import { hasRange } from "./sides.js";
import type { Probs } from "./types.js";

/**
 * Backgammons in a short-nardy race, counted as GNU Backgammon counts them. The winner is home
 * (in the bear-off table); the loser has nothing off and checkers still in the winner's home.
 * The loser's count is the rolls to take those checkers out of that home (`escapeCounts`), and
 * the backgammon is the chance that the winner's count comes first. The race net guessed these
 * chances badly at the extremes: plays that all lose the same backgammon differed by up to a
 * fifth of a point. Sets `p` in place; `me` just moved.
 */
export function raceBackgammons(p: Probs, me: Side, opp: Side): void {
  if (inBearoffTable(opp) && me[0] === 0 && hasRange(me, 19, 24)) {
    // `opp` rolls first: it wins a backgammon when its count is no more than mine.
    const bg = before(bearoffTable().off, bearoffIndex(opp), escapeCounts(), escapeIndex(me), true);
    p.loseBG = bg;
    p.loseG = Math.max(p.loseG, bg);
    p.win = Math.min(p.win, 1 - p.loseG);
  } else if (inBearoffTable(me) && opp[0] === 0 && hasRange(opp, 19, 24)) {
    // I roll second: I win one when my count is less than the other side's.
    const bg = before(
      bearoffTable().off,
      bearoffIndex(me),
      escapeCounts(),
      escapeIndex(opp),
      false,
    );
    p.winBG = bg;
    p.winG = Math.max(p.winG, bg);
    p.win = Math.max(p.win, p.winG);
    p.loseG = Math.min(p.loseG, 1 - p.win);
    p.loseBG = Math.min(p.loseBG, p.loseG);
  }
}

/** The bear-off index of `side`'s checkers in the other side's home, point q as q - 18. */
function escapeIndex(side: Side): number {
  const mini = [0, 0, 0, 0, 0, 0, 0];
  for (let q = 19; q <= 24; q++) mini[q - 18] = side[q]!;
  return bearoffIndex(mini);
}
