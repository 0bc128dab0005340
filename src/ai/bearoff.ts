import type { Side } from "../engine/index.js";
import type { Probs } from "./types.js";

/**
 * The one-sided bear-off database: every way to place up to 15 checkers on the six home
 * points, each with the distribution of the number of rolls needed to bear them all off when
 * every roll is played to minimise the expected count (GNU Backgammon's gnubg_os0.bd holds the
 * same). A second distribution, for positions with all 15 on the board, counts the rolls until
 * the first checker is off when playing for that (saving the gammon). Built at first use.
 *
 * Once nothing is left outside the two home boards the sides never meet again, so the game is
 * two independent one-sided counts and its chances follow exactly from the two distributions.
 */

export const BEAROFF_POINTS = 6;
export const BEAROFF_CHECKERS = 15;
/** C(21, 6): positions of 0..15 checkers on 6 points. */
export const BEAROFF_POSITIONS = 54_264;
/** Longest count kept: 15 checkers never need more than 30 rolls (the tests check the margin). */
export const BEAROFF_ROLLS = 32;

const M = BEAROFF_CHECKERS + 1;
const N = BEAROFF_POSITIONS;

/**
 * `RANK[(p * 16 + m) * 16 + c]`: how many positions come before those with c checkers on
 * point p when the points above p are fixed and at most m checkers are left for points 1..p.
 * Positions are ranked lexicographically from the 6-point down, so every step (a checker
 * moving down or off) lowers the rank and the table fills in rank order.
 */
const RANK: Int32Array = (() => {
  // ways[k][m]: positions of at most m checkers on k points, C(m + k, k).
  const ways = Array.from({ length: BEAROFF_POINTS + 1 }, () => new Array<number>(M).fill(1));
  for (let k = 1; k <= BEAROFF_POINTS; k++)
    for (let m = 1; m <= BEAROFF_CHECKERS; m++) ways[k]![m] = ways[k]![m - 1]! + ways[k - 1]![m]!;
  const rank = new Int32Array((BEAROFF_POINTS + 1) * M * M);
  for (let p = 1; p <= BEAROFF_POINTS; p++)
    for (let m = 0; m <= BEAROFF_CHECKERS; m++)
      for (let c = 1; c <= m; c++)
        rank[(p * M + m) * M + c] = rank[(p * M + m) * M + c - 1]! + ways[p - 1]![m - c + 1]!;
  return rank;
})();

/**
 * The rank of a home-board position, 0 (all off) to 54,263 (15 on the 6-point): `side[1..6]`
 * are the checkers on points 1..6 (a Side, or any array numbered the same way; nothing else is
 * read). At most 15 checkers.
 */
export function bearoffIndex(side: ArrayLike<number>): number {
  let m = BEAROFF_CHECKERS;
  let index = 0;
  for (let p = BEAROFF_POINTS; p >= 1; p--) {
    const c = side[p]!;
    index += RANK[(p * M + m) * M + c]!;
    m -= c;
  }
  return index;
}

/** The position of a rank, numbered as a Side: index 0 unused, 1..6 the points. */
export function bearoffPosition(index: number): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0];
  let m = BEAROFF_CHECKERS;
  let rest = index;
  for (let p = BEAROFF_POINTS; p >= 1; p--) {
    const row = (p * M + m) * M;
    let c = 0;
    while (c < m && RANK[row + c + 1]! <= rest) c++;
    out[p] = c;
    rest -= RANK[row + c]!;
    m -= c;
  }
  return out;
}

/**
 * One distribution of a roll count per position, packed: position i's chances of needing
 * `first[i]`, `first[i] + 1`, ... rolls are `probs[start[i]]` to `probs[start[i + 1] - 1]`
 * (the counts with a chance; about 13 a position instead of 32).
 */
export class RollCounts {
  constructor(
    readonly start: Int32Array,
    readonly first: Uint8Array,
    readonly probs: Float32Array,
    /** Expected rolls, by position. */
    readonly mean: Float64Array,
  ) {}

  /** P(exactly n rolls) for position `index`. */
  chance(index: number, n: number): number {
    const k = n - this.first[index]!;
    const at = this.start[index]! + k;
    return k >= 0 && at < this.start[index + 1]! ? this.probs[at]! : 0;
  }

  /** The whole distribution, BEAROFF_ROLLS long. */
  of(index: number): number[] {
    return Array.from({ length: BEAROFF_ROLLS }, (_, n) => this.chance(index, n));
  }
}

export interface BearoffTable {
  /** Rolls to bear every checker off. */
  readonly off: RollCounts;
  /** Rolls until the first checker is off; 0 below 15 checkers (one is off already). */
  readonly gammon: RollCounts;
}

/** The 21 rolls: dice and weight (a double 1, else 2) at 3r..3r+2. */
const ROLLS: Int32Array = (() => {
  const out: number[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) out.push(a, b, a === b ? 1 : 2);
  return Int32Array.from(out);
})();

/** Slot of the best end k = 1..3 steps of die d reach from position i. */
const at = (k: number, d: number, i: number): number => i * 18 + (k - 1) * 6 + d - 1;

/**
 * The single steps of each die from one position: `kids[d * 6 + j]` for j < `kidCount[d]`.
 * A checker moves d down, or off from the point d or from the highest point below d. With
 * `anyOff`, a die takes off a checker from any point up to d: a checker leaving the other
 * side's home moves on, where bearing off waits for the higher points.
 */
function stepsFrom(pos: number[], kids: Int32Array, kidCount: Int32Array, anyOff: boolean): void {
  let top = 0;
  for (let p = 1; p <= BEAROFF_POINTS; p++) if (pos[p]! > 0) top = p;
  for (let d = 1; d <= 6; d++) {
    let k = 0;
    for (let p = top; p >= 1; p--) {
      if (pos[p] === 0 || (p < d && p !== top && !anyOff)) continue;
      const to = p > d ? p - d : 0;
      pos[p]!--;
      pos[to]!++;
      kids[d * 6 + k++] = bearoffIndex(pos);
      pos[to]!--;
      pos[p]!++;
    }
    kidCount[d] = k;
  }
}

/** The best end (by `value`) of one step of `first`, then the best k = 0..3 steps of `then`. */
function bestAfter(
  first: number,
  k: number,
  then: number,
  kids: Int32Array,
  kidCount: Int32Array,
  ahead: Uint16Array,
  value: Float64Array,
  best: number,
): number {
  for (let j = 0; j < kidCount[first]!; j++) {
    const kid = kids[first * 6 + j]!;
    const e = k === 0 ? kid : ahead[at(k, then, kid)]!;
    if (best < 0 || value[e]! < value[best]!) best = e;
  }
  return best;
}

/** The best end of the roll (a, b) by `value`: a then b, b then a, or four of a double. */
function bestPlay(
  a: number,
  b: number,
  kids: Int32Array,
  kidCount: Int32Array,
  ahead: Uint16Array,
  value: Float64Array,
): number {
  if (a === b) return bestAfter(a, 3, a, kids, kidCount, ahead, value, -1);
  const best = bestAfter(a, 1, b, kids, kidCount, ahead, value, -1);
  return bestAfter(b, 1, a, kids, kidCount, ahead, value, best);
}

/** Packs distributions as they are made, in rank order. */
class Packer {
  readonly start = new Int32Array(N + 1);
  readonly first = new Uint8Array(N);
  readonly mean = new Float64Array(N);
  probs: Float32Array;
  size = 0;
  /** Accumulates the next position's chances, by roll count. */
  readonly acc = new Float64Array(BEAROFF_ROLLS);
  lo = BEAROFF_ROLLS;
  hi = 0;

  /** `room`: chances expected a position, to size the first buffer (it grows if short). */
  constructor(room: number) {
    this.probs = new Float32Array(N * room);
  }

  /** Adds `w` times position e's distribution, one roll later. */
  addLater(e: number, w: number): void {
    const from = this.start[e]!;
    const len = this.start[e + 1]! - from;
    const shift = this.first[e]! + 1;
    // Past BEAROFF_ROLLS nothing has a chance (the tests check the last counts are empty).
    const end = Math.min(len, BEAROFF_ROLLS - shift);
    for (let k = 0; k < end; k++) this.acc[shift + k]! += w * this.probs[from + k]!;
    if (shift < this.lo) this.lo = shift;
    if (shift + end - 1 > this.hi) this.hi = shift + end - 1;
  }

  /** Stores the accumulated chances (divided by `total`) as position i's. */
  close(i: number, total: number, mean: number): void {
    const len = this.hi - this.lo + 1;
    if (this.size + len > this.probs.length) {
      const grown = new Float32Array(this.probs.length * 2);
      grown.set(this.probs);
      this.probs = grown;
    }
    for (let k = 0; k < len; k++) this.probs[this.size + k] = this.acc[this.lo + k]! / total;
    this.first[i] = this.lo;
    this.start[i] = this.size;
    this.size += len;
    this.start[i + 1] = this.size;
    this.mean[i] = mean;
    this.acc.fill(0);
    this.lo = BEAROFF_ROLLS;
    this.hi = 0;
  }

  done(): RollCounts {
    return new RollCounts(this.start, this.first, this.probs.slice(0, this.size), this.mean);
  }
}

/**
 * Closes position i of `packer`: done already (no roll needed), or each roll's best play by
 * `packer`'s own count, one roll later.
 */
function closeFromRolls(
  packer: Packer,
  i: number,
  done: boolean,
  kids: Int32Array,
  kidCount: Int32Array,
  ahead: Uint16Array,
): void {
  if (done) {
    packer.acc[0] = 36;
    packer.lo = packer.hi = 0;
    packer.close(i, 36, 0);
    return;
  }
  let sum = 0;
  for (let r = 0; r < 63; r += 3) {
    const e = bestPlay(ROLLS[r]!, ROLLS[r + 1]!, kids, kidCount, ahead, packer.mean);
    sum += ROLLS[r + 2]! * packer.mean[e]!;
    packer.addLater(e, ROLLS[r + 2]!);
  }
  packer.close(i, 36, 1 + sum / 36);
}

/**
 * The best ends (by `mean`) of 1..3 steps of each die from position i, kept in `after` for the
 * positions above it; the empty position steps to itself.
 */
function bestStepsFrom(
  i: number,
  kids: Int32Array,
  kidCount: Int32Array,
  after: Uint16Array,
  mean: Float64Array,
): void {
  for (let d = 1; d <= 6; d++)
    for (let k = 1; k <= 3; k++)
      after[at(k, d, i)] = i === 0 ? 0 : bestAfter(d, k - 1, d, kids, kidCount, after, mean, -1);
}

/**
 * Calls `visit` on every position in rank order (lexicographic from the 6-point down), with
 * the position's checkers on `pos[1..6]` and their number.
 */
function forEachPosition(visit: (pos: number[], total: number) => void): void {
  const pos = [0, 0, 0, 0, 0, 0, 0];
  const place = (p: number, left: number): void => {
    for (pos[p] = 0; pos[p]! <= left; pos[p]!++) {
      if (p > 1) place(p - 1, left - pos[p]!);
      else visit(pos, BEAROFF_CHECKERS - left + pos[1]!);
    }
    pos[p] = 0;
  };
  place(BEAROFF_POINTS, BEAROFF_CHECKERS);
}

/**
 * Builds the table in rank order. For each die d and k = 1..3, `after` keeps the best position
 * k steps of d reach from each position (by the count being minimised), so a roll's best play
 * is a choice among at most twelve: one step of a then the best of b, of b then the best of a,
 * or of d then the best three more. Every die can be played while a checker is left, so only
 * the last checker going off ends a roll early (the empty position steps to itself).
 */
export function buildBearoffTable(): BearoffTable {
  // About 13 counts a position to bear off; one below 15 checkers for the first checker.
  const off = new Packer(14);
  const gammon = new Packer(2);
  const after = new Uint16Array(18 * N);
  const afterG = new Uint16Array(18 * N);
  const kids = new Int32Array(7 * 6);
  const kidCount = new Int32Array(7);
  let i = 0;
  forEachPosition((pos, total) => {
    stepsFrom(pos, kids, kidCount, false);
    const fifteen = total === BEAROFF_CHECKERS;
    closeFromRolls(off, i, i === 0, kids, kidCount, after);
    closeFromRolls(gammon, i, !fifteen, kids, kidCount, afterG);

    bestStepsFrom(i, kids, kidCount, after, off.mean);
    // Below 15 checkers the gammon is saved whatever comes next.
    for (let d = 1; d <= 6; d++)
      for (let k = 1; k <= 3; k++)
        afterG[at(k, d, i)] = fifteen
          ? bestAfter(d, k - 1, d, kids, kidCount, afterG, gammon.mean, -1)
          : i;
    i++;
  });
  return { off: off.done(), gammon: gammon.done() };
}

/**
 * Rolls until a side has every checker out of the other side's home, for its checkers there
 * (its points 19..24 read as 1..6), each roll played to need the fewest rolls on average. As
 * the bear-off table, but a die takes out a checker from any point up to it (`stepsFrom`).
 */
export function buildEscapeCounts(): RollCounts {
  const out = new Packer(14);
  const after = new Uint16Array(18 * N);
  const kids = new Int32Array(7 * 6);
  const kidCount = new Int32Array(7);
  let i = 0;
  forEachPosition((pos) => {
    stepsFrom(pos, kids, kidCount, true);
    closeFromRolls(out, i, i === 0, kids, kidCount, after);
    bestStepsFrom(i, kids, kidCount, after, out.mean);
    i++;
  });
  return out.done();
}

let escapes: RollCounts | null = null;

/** The escape counts, built on first use and kept. */
export function escapeCounts(): RollCounts {
  escapes ??= buildEscapeCounts();
  return escapes;
}

let table: BearoffTable | null = null;

/** The table, built on first use (a few hundred milliseconds) and kept. */
export function bearoffTable(): BearoffTable {
  table ??= buildBearoffTable();
  return table;
}

/** Whether every checker of the side not yet off is on its points 1..6 (none on the bar). */
export function inBearoffTable(side: Side): boolean {
  for (let p = 7; p <= 25; p++) if (side[p]! > 0) return false;
  return true;
}

/**
 * P(A < B) for independent counts A (distribution `a` of position i) and B (`b` of j), or
 * P(A ≤ B) with `orTie`.
 */
export function before(a: RollCounts, i: number, b: RollCounts, j: number, orTie: boolean): number {
  const aFrom = a.start[i]!;
  const aLen = a.start[i + 1]! - aFrom;
  const bFrom = b.start[j]!;
  const bLen = b.start[j + 1]! - bFrom;
  const bFirst = b.first[j]!;
  let below = 0;
  let k = 0;
  let sum = 0;
  for (let t = 0; t < aLen; t++) {
    const n = a.first[i]! + t;
    // `below`: P(B ≤ n), or P(B < n) when a tie counts.
    const limit = orTie ? n : n + 1;
    while (k < bLen && bFirst + k < limit) below += b.probs[bFrom + k++]!;
    sum += a.probs[aFrom + t]! * (1 - below);
  }
  return Math.min(1, Math.max(0, sum));
}

/**
 * The chance that `me`, who just moved, wins the race when `opp` rolls next; both sides in the
 * table (`inBearoffTable`) and not both all off. `opp` needs No rolls and bears off on its No-th
 * turn, before my No-th: I win when I need fewer, P(Nme < Nopp).
 */
export function bearoffWinChance(me: Side, opp: Side): number {
  const { off } = bearoffTable();
  return before(off, bearoffIndex(me), off, bearoffIndex(opp), false);
}

/**
 * Exact outcome chances for `me`, who just moved, with `opp` on roll, once both are in the
 * table. A gammon needs the loser to have all 15 on the board: I win one when I finish before
 * `opp` has a checker off (its counts to that, playing to save it), and lose one when `opp`
 * finishes no later than my first checker comes off. Each side plays its whole bear-off to
 * finish soonest and, separately, to save the gammon, as gnubg's one-sided evaluation does. No
 * backgammon is left: nobody is on the bar or in the other's home.
 */
export function bearoffProbs(me: Side, opp: Side): Probs {
  const { off, gammon } = bearoffTable();
  const i = bearoffIndex(me);
  const j = bearoffIndex(opp);
  const win = before(off, i, off, j, false);
  const winG = opp[0] === 0 ? Math.min(win, before(off, i, gammon, j, false)) : 0;
  const loseG = me[0] === 0 ? Math.min(1 - win, before(off, j, gammon, i, true)) : 0;
  return { win, winG, winBG: 0, loseG, loseBG: 0 };
}
