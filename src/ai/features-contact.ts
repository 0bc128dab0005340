import type { Side } from "../engine/index.js";

/**
 * Short nardy: inputs on how the two armies hold each other, after the ones in
 * features-short.ts. Each is given for both sides, `me` (just moved) first:
 * escapes of the rearmost checker, containment by the other side's points (and its square),
 * the chance of staying on the bar, pips still to pass the other's rearmost checker, pips
 * already past it, back-game anchors, the rearmost checker and anchors, mobility, timing and
 * how well the made points connect (after GNU Backgammon's inputs of the same names).
 */
const PER_SIDE = 13;
export const CONTACT_INPUTS = 2 * PER_SIDE;

/**
 * Rolls out of 36 by which a checker gets past twelve points of which `blocked` (bit i: the
 * point i + 1 pips ahead is made) are closed: the landing point open, and one of the dice's
 * single steps open. Approximate for doubles, as a feature may be.
 */
const ESCAPES = (() => {
  const t = new Uint8Array(1 << 12);
  for (let mask = 0; mask < t.length; mask++) {
    let c = 0;
    for (let a = 0; a < 6; a++)
      for (let b = 0; b <= a; b++)
        if (!(mask & (1 << (a + b + 1))) && !(mask & (1 << a) && mask & (1 << b)))
          c += a === b ? 1 : 2;
    t[mask] = c;
  }
  return t;
})();

/** The blocker's made points in the runner's numbering, point m at bit 24 - m. */
function madePoints(blocker: Side): number {
  let rev = 0;
  for (let m = 1; m <= 24; m++) if (blocker[25 - m]! >= 2) rev |= 1 << (24 - m);
  return rev;
}

/**
 * The rolls by which a runner's checker on its point `n` escapes the made points `rev`: the
 * twelve points in front of it are bits 25 - n and up (points below 1 are never made).
 */
const escapes = (rev: number, n: number): number => ESCAPES[(rev >>> (25 - n)) & 0xfff]!;

/** A side's rearmost point (25 the bar), 0 when it has nothing left on the board. */
export function rearmost(s: Side): number {
  for (let p = 25; p >= 1; p--) if (s[p]! > 0) return p;
  return 0;
}

/** One side's inputs as a runner against `blocker`, written at x[at..at + PER_SIDE]. */
function runner(
  x: Float64Array,
  at: number,
  s: Side,
  back: number,
  blocker: Side,
  blockerBack: number,
): void {
  const made = madePoints(blocker);
  x[at] = back > 0 ? escapes(made, back) / 36 : 1;
  // Containment: the best the blocker's points hold a checker anywhere in its outer field
  // and home (the runner's 16..24).
  let least = 36;
  for (let n = 16; n <= 24; n++) least = Math.min(least, escapes(made, n));
  const contain = (36 - least) / 36;
  x[at + 1] = contain;
  x[at + 2] = contain * contain;
  if (s[25]! > 0) {
    let closed = 0;
    for (let q = 1; q <= 6; q++) if (blocker[q]! >= 2) closed++;
    x[at + 3] = (closed / 6) ** 2;
  }
  // The blocker's rearmost checker sits on the runner's point 25 - blockerBack.
  const line = 25 - blockerBack;
  let toPass = 0;
  let past = 0;
  for (let p = 1; p <= 25; p++) {
    const n = s[p]!;
    if (n === 0) continue;
    if (p > line) toPass += n * (p - line);
    else past += n * p;
  }
  x[at + 4] = toPass / 150;
  x[at + 5] = past / 100;
  let anchors = 0;
  let backCheckers = 0;
  for (let p = 19; p <= 24; p++) {
    if (s[p]! >= 2) anchors++;
    backCheckers += s[p]!;
  }
  x[at + 6] = anchors > 1 ? (anchors - 1) / 4 : anchors === 1 ? backCheckers / 8 : 0;
  x[at + 7] = back / 25;
  let backAnchor = 0;
  for (let p = 24; p >= 1 && backAnchor === 0; p--) if (s[p]! >= 2) backAnchor = p;
  x[at + 8] = backAnchor / 24;
  x[at + 9] = forwardAnchor(s, back);
  let mobility = 0;
  for (let p = 7; p <= 25; p++) if (s[p]! > 0) mobility += (p - 6) * s[p]! * escapes(made, p);
  x[at + 10] = mobility / 3600;
  x[at + 11] = timing(s, line) / 100;
  x[at + 12] = backbone(s);
}

/** How far forward my most advanced anchor in the other's home or outer field is; 2 if none. */
function forwardAnchor(s: Side, back: number): number {
  for (let p = 19; p <= Math.min(back, 24); p++) if (s[p]! >= 2) return (25 - p) / 6;
  for (let p = 18; p >= 13; p--) if (s[p]! >= 2) return (25 - p) / 6;
  return 2;
}

/**
 * Pips I can still play before my home board has to give: spares behind the other side's
 * rearmost checker (`line`, my numbering) and outside home, less what home's gaps will cost.
 */
function timing(s: Side, line: number): number {
  let t = 25 * s[25]!;
  let spare = s[25]!;
  let p = 24;
  for (; p >= 13 && p > line; p--) {
    const n = s[p]!;
    if (n > 0 && n !== 2) {
      const free = n - (n > 2 ? 2 : 1);
      spare += free;
      t += p * free;
    }
  }
  for (; p >= 7; p--) {
    spare += s[p]!;
    t += p * s[p]!;
  }
  for (; p >= 1; p--) {
    const n = s[p]!;
    if (n > 2) {
      t += p * (n - 2);
      spare += n - 2;
    } else if (n < 2 && spare >= 2 - n) {
      t -= p * (2 - n);
      spare -= 2 - n;
    }
  }
  return Math.max(0, t);
}

/** How close each made point is to the next one in front (1: gaps too wide to connect). */
function backbone(s: Side): number {
  let prev = 0;
  let weight = 0;
  let total = 0;
  for (let p = 24; p >= 1; p--) {
    if (s[p]! < 2) continue;
    if (prev > 0) {
      const d = prev - p;
      weight += (d <= 6 ? 11 : d <= 11 ? 13 - d : 0) * s[prev]!;
      total += s[prev]!;
    }
    prev = p;
  }
  return total > 0 ? 1 - weight / (total * 11) : 0;
}

/** Writes the contact inputs of (me, opp) into x[at..at + CONTACT_INPUTS]. */
export function contactFeatures(me: Side, opp: Side, x: Float64Array, at: number): void {
  x.fill(0, at, at + CONTACT_INPUTS);
  const myBack = rearmost(me);
  const oppBack = rearmost(opp);
  runner(x, at, me, myBack, opp, oppBack);
  runner(x, at + PER_SIDE, opp, oppBack, me, myBack);
}
