import { KAZAROSS_XG2_POST, KAZAROSS_XG2_PRE } from "./met-kazaross-xg2.js";

/** The longest match the table covers; a side further away counts as this far. */
const MAX = KAZAROSS_XG2_PRE.length;

/**
 * My chance to win the match when I need `a` more points and the opponent `b`, at the start
 * of a game, from the Kazaross-XG2 table (rolled out by strong programs, with the cube in
 * play; GNU Backgammon's default). `crawfordDone`: a side has already been 1-away, so no
 * Crawford game is due; a side 1-away before that is about to play the Crawford game.
 */
export function matchEquity(a: number, b: number, crawfordDone: boolean): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const x = Math.min(a, MAX);
  const y = Math.min(b, MAX);
  if (crawfordDone && x === 1) return 1 - KAZAROSS_XG2_POST[y - 1]!;
  if (crawfordDone && y === 1) return KAZAROSS_XG2_POST[x - 1]!;
  return KAZAROSS_XG2_PRE[x - 1]![y - 1]!;
}
