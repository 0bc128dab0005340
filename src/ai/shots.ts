import type { Side } from "../engine/index.js";

/**
 * Short nardy: how exposed my blots are to the opponent's next roll. Worked in my numbering:
 * the opponent's checkers move up from my 1 towards my 24 and enter from the bar on my
 * point `die`. A roll counts when some sequence of its dice lands an opponent checker on one
 * of my blots with open intermediate points; `loss` is the pips the worst such hit costs me.
 * Approximate at the edges (it ignores the opponent's own bear-off), which is enough for a
 * feature.
 */
export interface Exposure {
  /** Rolls out of 36 that hit at least one blot. */
  readonly rolls: number;
  /** Average over the 36 rolls of the largest pip loss a hit causes (0 when none). */
  readonly loss: number;
}

const from = new Int32Array(16);

/** Largest pip loss from the opponent's checkers reaching a blot with steps of `die`. */
function chain(me: Side, starts: number, die: number, steps: number): number {
  let best = 0;
  for (let i = 0; i < starts; i++) {
    let t = from[i]!;
    for (let k = 0; k < steps; k++) {
      t += die;
      if (t > 24) break;
      const n = me[t]!;
      if (n === 1) best = Math.max(best, 25 - t);
      if (n >= 2) break;
    }
  }
  return best;
}

/** One checker from x: die d1 alone, or d1 then d2 through an open midpoint. */
function path(me: Side, x: number, d1: number, d2: number): number {
  const t1 = x + d1;
  if (t1 > 24) return 0;
  const n1 = me[t1]!;
  let best = n1 === 1 ? 25 - t1 : 0;
  if (d2 > 0 && n1 < 2) {
    const t2 = t1 + d2;
    if (t2 <= 24 && me[t2] === 1) best = Math.max(best, 25 - t2);
  }
  return best;
}

/** Non-double: one die, or (`both`) one checker using both in either order. */
function mixed(me: Side, starts: number, a: number, b: number, both: boolean): number {
  let best = 0;
  for (let i = 0; i < starts; i++) {
    const x = from[i]!;
    best = Math.max(best, path(me, x, a, both ? b : 0), path(me, x, b, both ? a : 0));
  }
  return best;
}

export function exposure(me: Side, opp: Side): Exposure {
  let blots = 0;
  for (let p = 1; p <= 24; p++) if (me[p] === 1) blots++;
  if (blots === 0) return { rolls: 0, loss: 0 };
  let starts = 0;
  for (let m = 1; m <= 24; m++) if (opp[25 - m]! > 0) from[starts++] = m;
  const bar = opp[25]!;
  let rolls = 0;
  let loss = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      const weight = a === b ? 1 : 2;
      const best = bar === 0 ? freeRoll(me, starts, a, b) : fromBar(me, starts, bar, a, b);
      if (best > 0) {
        rolls += weight;
        loss += weight * best;
      }
    }
  }
  return { rolls, loss: loss / 36 };
}

function freeRoll(me: Side, starts: number, a: number, b: number): number {
  return a === b ? chain(me, starts, a, 4) : mixed(me, starts, a, b, true);
}

/** The opponent must enter first: entering may hit, and dice left move any checker. */
function fromBar(me: Side, starts: number, bar: number, a: number, b: number): number {
  if (a === b) {
    if (me[a]! >= 2) return 0;
    let best = onEntry(me, a);
    const left = 4 - bar;
    if (left > 0) {
      from[starts] = a;
      best = Math.max(best, chain(me, starts + 1, a, left));
    }
    return best;
  }
  return Math.max(enterWith(me, starts, bar, a, b), enterWith(me, starts, bar, b, a));
}

/** Entering on my point `d` hits a blot there: the pips it costs me. */
const onEntry = (me: Side, d: number): number => (me[d] === 1 ? 25 - d : 0);

/** Enter with `enter` (a closed point stops it), then move any checker with `rest`. */
function enterWith(me: Side, starts: number, bar: number, enter: number, rest: number): number {
  if (me[enter]! >= 2) return 0;
  if (bar >= 2) return onEntry(me, enter);
  from[starts] = enter;
  return Math.max(onEntry(me, enter), mixed(me, starts + 1, rest, rest, false));
}
