import type { Side } from "../engine/index.js";
import { CONTACT_INPUTS, contactFeatures, rearmost } from "./features-contact.js";
import { exposure } from "./shots.js";

/**
 * Short nardy inputs for the position right after `me` moved, `opp` to roll. Per point and
 * side four units (a blot, a made point, a spare, the rest of a stack), then bar and off,
 * then the hand-made features: pips, contact, how many rolls hit my blots and what a hit
 * costs, home-board points, primes, checkers back, blots, checkers still outside home.
 */
export const SHORT_INPUTS = 212;

/** The same, followed by features-contact.ts's inputs (nets may read either set). */
export const SHORT_CONTACT_INPUTS = SHORT_INPUTS + CONTACT_INPUTS;

/** Per point units, plus the side's summary in one pass. */
function side(x: Float64Array, base: number, s: Side, out: Float64Array): void {
  let pips = 25 * s[25]!;
  let made = 0;
  let blots = 0;
  let prime = 0;
  let run = 0;
  for (let p = 1; p <= 24; p++) {
    const n = s[p]!;
    pips += p * n;
    if (n >= 2) {
      run++;
      if (run > prime) prime = run;
      if (p <= 6) made++;
    } else run = 0;
    if (n === 0) continue;
    const i = base + (p - 1) * 4;
    if (n === 1) {
      x[i] = 1;
      blots++;
    } else {
      x[i + 1] = 1;
      if (n >= 3) x[i + 2] = 1;
      if (n > 3) x[i + 3] = (n - 3) / 2;
    }
  }
  let back = s[25]!;
  for (let p = 19; p <= 24; p++) back += s[p]!;
  out[0] = pips;
  out[1] = made;
  out[2] = blots;
  out[3] = prime;
  out[4] = back;
  out[5] = 15 - s[0]! - checkersHome(s);
}

function checkersHome(s: Side): number {
  let c = 0;
  for (let p = 1; p <= 6; p++) c += s[p]!;
  return c;
}

const mine = new Float64Array(6);
const theirs = new Float64Array(6);

/** Whether the two armies can still meet: my rearmost checker is behind the opponent's. */
export function shortContact(me: Side, opp: Side): boolean {
  return rearmost(me) + rearmost(opp) > 25;
}

export function shortFeatures(me: Side, opp: Side, x: Float64Array): void {
  x.fill(0);
  side(x, 0, me, mine);
  side(x, 96, opp, theirs);
  x[192] = me[25]! / 2;
  x[193] = opp[25]! / 2;
  x[194] = me[0]! / 15;
  x[195] = opp[0]! / 15;
  const contact = shortContact(me, opp);
  x[196] = mine[0]! / 100;
  x[197] = theirs[0]! / 100;
  x[198] = (theirs[0]! - mine[0]!) / 40;
  x[199] = contact ? 1 : 0;
  if (contact) {
    const e = exposure(me, opp);
    x[200] = e.rolls / 36;
    x[201] = e.loss / 10;
  }
  x[202] = mine[1]! / 6;
  x[203] = theirs[1]! / 6;
  x[204] = mine[3]! / 6;
  x[205] = theirs[3]! / 6;
  x[206] = mine[4]! / 15;
  x[207] = theirs[4]! / 15;
  x[208] = mine[2]! / 5;
  x[209] = theirs[2]! / 5;
  x[210] = mine[5]! / 15;
  x[211] = theirs[5]! / 15;
  if (x.length >= SHORT_CONTACT_INPUTS) contactFeatures(me, opp, x, SHORT_INPUTS);
}
