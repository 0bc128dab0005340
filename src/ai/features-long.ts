import { pipCount, type Side } from "../engine/index.js";

/**
 * Long nardy inputs for the position right after `me` moved, `opp` to roll. Per point and
 * side four units (held, 2+, 3+, the rest of the stack) and the borne-off counts, then the
 * hand-made features: pips, contact, checkers home, checkers still in the first quarter and
 * on the head, the longest block in front of the other side and how many checkers it holds
 * back (each way), dice values with no move at all, points held.
 */
export const LONG_INPUTS = 212;

const RAW = 194;

/** The other side's point under my point p (and back: the map is an involution). */
const across = (p: number): number => ((p + 11) % 24) + 1;

function pointUnits(x: Float64Array, base: number, side: Side): void {
  for (let p = 1; p <= 24; p++) {
    const n = side[p]!;
    if (n === 0) continue;
    const i = base + (p - 1) * 4;
    x[i] = 1;
    if (n >= 2) x[i + 1] = 1;
    if (n >= 3) x[i + 2] = 1;
    if (n > 3) x[i + 3] = (n - 3) / 4;
  }
}

function checkers(side: Side, lo: number, hi: number): number {
  let c = 0;
  for (let p = lo; p <= hi; p++) c += side[p]!;
  return c;
}

const rearmost = (side: Side): number => {
  for (let p = 24; p >= 1; p--) if (side[p]! > 0) return p;
  return 0;
};

/**
 * The longest run of `blocker`'s points along `runner`'s path that still has runner checkers
 * behind it, and how many runner checkers stand behind that run.
 */
function frontBlock(blocker: Side, runner: Side): { length: number; behind: number } {
  const back = rearmost(runner);
  let best = 0;
  let bestTop = 0;
  let run = 0;
  for (let q = 1; q < back; q++) {
    run = blocker[across(q)]! > 0 ? run + 1 : 0;
    if (run > best) {
      best = run;
      bestTop = q;
    }
  }
  return { length: best, behind: best === 0 ? 0 : checkers(runner, bestTop + 1, 24) };
}

/** Dice values 1..6 with which `mover` has no single step at all (head rule ignored). */
function deadDice(mover: Side, other: Side): number {
  const home = checkers(mover, 7, 24) === 0;
  let dead = 0;
  for (let d = 1; d <= 6; d++) {
    let ok = false;
    for (let p = 24; p >= 1 && !ok; p--) {
      if (mover[p]! === 0) continue;
      const to = p - d;
      ok = to >= 1 ? other[across(to)]! === 0 : home;
    }
    if (!ok) dead++;
  }
  return dead;
}

/** Whether the two sides can still block each other. */
export function longContact(me: Side, opp: Side): boolean {
  let myMin = 25;
  for (let p = 1; p <= 24; p++) if (me[p]! > 0) myMin = Math.min(myMin, across(p));
  let oppMin = 25;
  for (let q = 1; q <= 24; q++) if (opp[q]! > 0) oppMin = Math.min(oppMin, across(q));
  return rearmost(me) > oppMin || rearmost(opp) > myMin;
}

function pointsHeld(side: Side): number {
  let c = 0;
  for (let p = 1; p <= 24; p++) if (side[p]! > 0) c++;
  return c;
}

export function longFeatures(me: Side, opp: Side, x: Float64Array): void {
  x.fill(0);
  pointUnits(x, 0, me);
  pointUnits(x, 96, opp);
  x[192] = me[0]! / 15;
  x[193] = opp[0]! / 15;
  const myPips = pipCount(me);
  const oppPips = pipCount(opp);
  let i = RAW;
  x[i++] = myPips / 150;
  x[i++] = oppPips / 150;
  x[i++] = (oppPips - myPips) / 40;
  const contact = longContact(me, opp);
  x[i++] = contact ? 1 : 0;
  x[i++] = checkers(me, 1, 6) / 15;
  x[i++] = checkers(opp, 1, 6) / 15;
  x[i++] = checkers(me, 19, 24) / 15;
  x[i++] = checkers(opp, 19, 24) / 15;
  x[i++] = me[24]! / 15;
  x[i++] = opp[24]! / 15;
  if (contact) {
    const mine = frontBlock(me, opp);
    const theirs = frontBlock(opp, me);
    x[i++] = mine.length / 6;
    x[i++] = mine.behind / 15;
    x[i++] = theirs.length / 6;
    x[i++] = theirs.behind / 15;
    x[i++] = deadDice(opp, me) / 6;
    x[i++] = deadDice(me, opp) / 6;
  } else i += 6;
  x[i++] = pointsHeld(me) / 12;
  x[i] = pointsHeld(opp) / 12;
}
