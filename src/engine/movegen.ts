import { headLimit } from "./head.js";
import { KeyTable } from "./key-table.js";
import type { BlockRule, HeadRule } from "./rules.js";
import { copySide, mirroredSide, shiftedSide } from "./side-copy.js";
import type { Dice, Side, Step, Variant } from "./types.js";

// Local copies: imported bindings are getters under some loaders, and these sit in hot loops.
const OFF = 0;
const BAR = 25;
const HEAD = 24;

/** Everything the legal plays of one roll depend on. */
export interface TurnSpec {
  readonly variant: Variant;
  readonly rules: { readonly head: HeadRule; readonly block: BlockRule };
  /** The mover's side and the opponent's, each in its own numbering. */
  readonly me: Side;
  readonly opp: Side;
  readonly dice: Dice;
  /** Long nardy: the mover has not moved yet this game. */
  readonly firstTurn?: boolean;
  /** Long nardy: the roll the opponent played on its first turn, when the mover is second. */
  readonly opponentFirstRoll?: Dice | null;
}

/** One distinct resulting position and one sequence of steps reaching it. */
export interface Play {
  readonly steps: readonly Step[];
  readonly me: Side;
  readonly opp: Side;
}

/** What a whole turn must achieve: the dice count every play uses, and the die it must use. */
export interface TurnShape {
  readonly maxDice: number;
  /** Set when only one die of a non-double can be played and the larger one can. */
  readonly requiredDie: number | null;
  readonly headLimit: number;
}

/** Place value of each slot in the two halves of the position key. */
const DIGIT = Array.from({ length: 26 }, (_, p) => 16 ** (p < 13 ? p : p - 13));

const diceList = (dice: Dice): number[] =>
  dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

/**
 * A mutable search over one turn. The mover's checkers are kept in its own numbering and the
 * opponent's are mapped into the mover's numbering, so every test is one array lookup.
 */
class TurnSearch {
  readonly me: number[];
  /** Bit p set while the mover has a checker on p (0..25): the search visits only these. */
  occupied: number;
  /** Opponent checkers standing on each of the mover's points 1..24. */
  readonly oppAt: number[];
  oppBar: number;
  /** Mover's checkers outside home (points 7..24 and the bar). */
  outside: number;
  headUsed = 0;
  headMax = Number.POSITIVE_INFINITY;
  /** Exact position key: the mover's counts as base-16 digits (slots 0..12, 13..25). */
  lo = 0;
  hi = 0;
  /** Short nardy: the mover's points where an opponent single was hit this turn. */
  hits = 0;
  readonly long: boolean;
  /** Six-block rule state, fixed for the turn since opponent checkers do not move in it. */
  readonly blockRule: BlockRule;
  readonly blockFree: boolean;
  /**
   * Highest opponent point (in its numbering) a forbidden block may reach: a block is fine
   * while some opponent checker stands further along, below it.
   */
  readonly blockMaxHigh: number;
  readonly strictBlocks: boolean;
  /** Only in made-up positions: a forbidden block before the turn, so every step rescans. */
  readonly startBlocked: boolean;

  constructor(readonly spec: TurnSpec) {
    const { variant, me, opp } = spec;
    this.long = variant === "long";
    const mine = copySide(me);
    let lo = 0;
    let hi = 0;
    let outside = 0;
    let occupied = 0;
    for (let p = 0; p <= BAR; p++) {
      const n = mine[p]!;
      if (n > 0) occupied |= 1 << p;
      if (p < 13) lo += n * DIGIT[p]!;
      else hi += n * DIGIT[p]!;
      if (p >= 7) outside += n;
    }
    this.me = mine;
    this.occupied = occupied;
    this.lo = lo;
    this.hi = hi;
    this.outside = outside;
    this.oppAt = this.long ? shiftedSide(opp) : mirroredSide(opp);
    let lowest = 25;
    for (let q = 24; q >= 1; q--) if ((opp[q] ?? 0) > 0) lowest = q;
    this.oppBar = opp[BAR] ?? 0;
    this.blockRule = spec.rules.block;
    const oppOff = (opp[OFF] ?? 0) > 0;
    if (this.blockRule === "home") {
      this.blockFree = !this.long || oppOff || lowest <= 6;
      this.blockMaxHigh = 24;
    } else {
      this.blockFree = !this.long || oppOff;
      this.blockMaxHigh = lowest - 1;
    }
    const steps = spec.dice[0] === spec.dice[1] ? 4 : 2;
    this.strictBlocks =
      this.long && this.blockRule === "strict" && !this.blockFree && this.blockWithin(steps);
    this.startBlocked = this.strictBlocks && this.anyForbiddenBlock();
  }

  /**
   * Whether `steps` steps could complete a forbidden six-block: some six points in reach of
   * the rule hold at least 6 - steps of the mover's points already. When none do, the strict
   * rule cannot bite this turn and the order of steps stops mattering.
   */
  private blockWithin(steps: number): boolean {
    let held = 0;
    for (let q = 1; q <= this.blockMaxHigh; q++) {
      if (this.holds(q)) held++;
      if (q > 6 && this.holds(q - 6)) held--;
      if (q >= 6 && held + steps >= 6) return true;
    }
    return false;
  }

  /** Whether the mover holds the opponent's point q (opponent numbering). */
  private holds(q: number): boolean {
    return this.me[((q + 11) % 24) + 1]! > 0;
  }

  /** A forbidden six-block through my point `to` (only windows containing it are new). */
  blockThrough(to: number): boolean {
    const q = ((to + 11) % 24) + 1;
    const max = this.blockMaxHigh;
    if (q > max) return false;
    let run = 1;
    for (let r = q - 1; r >= 1 && this.holds(r); r--) run++;
    for (let r = q + 1; r <= max && this.holds(r); r++) run++;
    return run >= 6;
  }

  private stepMakesBlock(to: number): boolean {
    if (this.startBlocked) return this.anyForbiddenBlock();
    return to > 0 && this.blockThrough(to);
  }

  anyForbiddenBlock(): boolean {
    let run = 0;
    for (let q = 1; q <= this.blockMaxHigh; q++) {
      run = this.holds(q) ? run + 1 : 0;
      if (run >= 6) return true;
    }
    return false;
  }

  /** The end-of-turn test; the strict rule was already applied step by step. */
  finalLegal(): boolean {
    if (this.blockFree || this.blockRule === "strict") return true;
    return !this.anyForbiddenBlock();
  }

  /** Destination of a legal single step, or -1. Bearing off gives 0. */
  target(from: number, die: number): number {
    const me = this.me;
    if (me[from]! <= 0) return -1;
    if (!this.long && me[BAR]! > 0 && from !== BAR) return -1;
    if (this.long && from === HEAD && this.headUsed >= this.headMax) return -1;
    const to = from - die;
    if (to >= 1) {
      const opp = this.oppAt[to]!;
      if (this.long ? opp > 0 : opp >= 2) return -1;
      return to;
    }
    if (this.outside > 0) return -1;
    if (to < 0) for (let p = from + 1; p <= 6; p++) if (me[p]! > 0) return -1;
    return 0;
  }

  /** Applies a step known to be legal by `target`; returns whether it hit. */
  apply(from: number, to: number): boolean {
    const me = this.me;
    if (--me[from]! === 0) this.occupied &= ~(1 << from);
    if (me[to]!++ === 0) this.occupied |= 1 << to;
    this.shiftKey(from, to);
    if (from >= 7 && to <= 6) this.outside--;
    if (this.long && from === HEAD) this.headUsed++;
    if (!this.long && to >= 1 && this.oppAt[to] === 1) {
      this.oppAt[to] = 0;
      this.oppBar++;
      this.hits |= 1 << to;
      return true;
    }
    return false;
  }

  undo(from: number, to: number, hit: boolean): void {
    const me = this.me;
    if (me[from]!++ === 0) this.occupied |= 1 << from;
    if (--me[to]! === 0) this.occupied &= ~(1 << to);
    this.shiftKey(to, from);
    if (from >= 7 && to <= 6) this.outside++;
    if (this.long && from === HEAD) this.headUsed--;
    if (hit) {
      this.oppAt[to] = 1;
      this.oppBar--;
      this.hits &= ~(1 << to);
    }
  }

  private shiftKey(from: number, to: number): void {
    if (from < 13) this.lo -= DIGIT[from]!;
    else this.hi -= DIGIT[from]!;
    if (to < 13) this.lo += DIGIT[to]!;
    else this.hi += DIGIT[to]!;
  }

  /** Whether the last step of `tryStep` hit (kept in a field: no object per step). */
  lastHit = false;

  /** Applies a step legal by the per-step rules and returns its destination, or -1. */
  tryStep(from: number, die: number): number {
    const to = this.target(from, die);
    if (to < 0) return -1;
    const hit = this.apply(from, to);
    if (this.strictBlocks && this.stepMakesBlock(to)) {
      this.undo(from, to, hit);
      return -1;
    }
    this.lastHit = hit;
    return to;
  }

  /** Applies a step, or returns null when it is not legal by the per-step rules. */
  takeStep(from: number, die: number): Step | null {
    const to = this.tryStep(from, die);
    if (to < 0) return null;
    return this.lastHit ? { from, to, die, hit: true } : { from, to, die };
  }

  sides(): { me: Side; opp: Side } {
    const opp = this.hits === 0 ? this.spec.opp : applyHits(copySide(this.spec.opp), this.hits);
    return { me: this.me.slice(), opp };
  }
}

/** The opponent's side after the mover hit on the points in the bit set (short nardy only). */
function applyHits(opp: number[], hits: number): number[] {
  for (let rest = hits; rest !== 0; rest &= rest - 1) {
    const to = 31 - Math.clz32(rest & -rest);
    // The mover's point `to` is the opponent's 25 - to in the mirrored numbering.
    opp[25 - to] = 0;
    opp[BAR]!++;
  }
  return opp;
}

interface Found {
  /** The steps as packed codes (two per number), turned into Step objects only when kept. */
  depth: number;
  first: number;
  second: number;
  usesLarger: boolean;
  /** The mover's points where an opponent single was hit on the way. */
  hits: number;
}

// Reused between calls (never nested: each search finishes before the next starts).
const SEEN = new KeyTable(512);
const VISITED = new KeyTable(4096);
const FAILED = new KeyTable(1024);

/** A tag for the memo key: dice left and head checkers used (position stays in lo/hi/hits). */
const memoTag = (s: TurnSearch, left: number): number =>
  s.hits + 2 ** 25 * (left + 32 * s.headUsed);

/**
 * Depth-first over the step sequences, keeping each distinct end position once.
 *
 * Doubles are searched in sorted order only (each step starts no higher than the one before).
 * Sorting any legal sequence of equal dice keeps it legal and ends in the same place: a
 * checker only reaches a point from higher up, bearing off only needs the points above to be
 * empty, and entering from the bar comes first anyway. Different sets of starting points end
 * in different positions, so that search meets no position twice and needs no table. The
 * strict block rule, checked after every step, depends on the order: while it can bite, the
 * full search runs.
 */
class Explorer extends TurnSearch {
  best = 0;
  found: Found[] = [];
  /** The steps on the current path as packed codes (`stepCode`), depth ≤ 4. */
  readonly path = [0, 0, 0, 0];
  readonly isDouble: boolean;
  readonly sorted: boolean;
  readonly larger: number;
  /**
   * Non-doubles: the points the first die could move from at the start. When the second die
   * is played first, a second step from one of these points is skipped: playing it first, then
   * the other step, is legal too and lands in the same place. Off the strict block rule nothing
   * on the board treats the two orders differently.
   */
  firstDieFrom = 0;
  readonly pruneSecondOrder: boolean;

  constructor(spec: TurnSpec, headMax: number) {
    super(spec);
    this.headMax = headMax;
    this.isDouble = spec.dice[0] === spec.dice[1];
    // Only the strict block rule, checked after every step, makes the order of steps matter.
    this.sorted = this.isDouble && !this.strictBlocks;
    this.pruneSecondOrder = !this.isDouble && !this.strictBlocks;
    this.larger = Math.max(spec.dice[0], spec.dice[1]);
    SEEN.clear();
    VISITED.clear();
  }

  run(): this {
    this.dfs(this.isDouble ? 4 : 3, 0, BAR);
    return this;
  }

  /** Applies steps already taken, then searches on; false when they do not fit the roll. */
  runAfter(taken: readonly Step[]): boolean {
    let left = this.isDouble ? 4 : 3;
    for (const [i, step] of taken.entries()) {
      if (this.isDouble) left--;
      else {
        const bit =
          step.die === this.spec.dice[0] && left & 1 ? 1 : step.die === this.spec.dice[1] ? 2 : 0;
        if (!(left & bit)) return false;
        left &= ~bit;
      }
      if (left < 0 || this.tryStep(step.from, step.die) !== step.to) return false;
      this.path[i] = stepCode(step.from, step.to, step.die, this.lastHit);
    }
    // The steps still to come are sorted among themselves; the taken ones may be in any order.
    this.dfs(left, taken.length, BAR);
    return true;
  }

  private record(depth: number): void {
    if (depth < this.best || !this.finalLegal()) return;
    if (depth > this.best) {
      this.best = depth;
      this.found = [];
      SEEN.clear();
    }
    const path = this.path;
    const usesLarger = !this.isDouble && depth === 1 && codeDie(path[0]!) === this.larger;
    const { lo, hi, hits } = this;
    const had = this.sorted ? -1 : SEEN.getOrAdd(lo, hi, hits, this.found.length);
    if (had >= 0 && (!usesLarger || this.found[had]!.usesLarger)) return;
    const first = path[0]! | (path[1]! << 14);
    const second = path[2]! | (path[3]! << 14);
    const entry = { depth, first, second, usesLarger, hits };
    if (had < 0) this.found.push(entry);
    else this.found[had] = entry;
  }

  /**
   * `left`: for a double, the count of dice left; otherwise the bit set of dice left.
   * `top`: the highest point the next step may start from.
   */
  private dfs(left: number, depth: number, top: number): void {
    this.record(depth);
    if (left === 0) return;
    if (this.isDouble) {
      // Unsorted (the strict rule can bite), a double meets positions again: memo them. A
      // non-double reaches each position after one step by one path only: nothing to memo.
      if (!this.sorted && depth > 0 && !VISITED.insert(this.lo, this.hi, memoTag(this, left)))
        return;
      this.tryDie(this.spec.dice[0], left - 1, depth, top);
    } else {
      if (left & 1) this.tryDie(this.spec.dice[0], left & ~1, depth, top);
      if (left & 2) this.tryDie(this.spec.dice[1], left & ~2, depth, top);
    }
  }

  private tryDie(die: number, next: number, depth: number, top: number): void {
    const path = this.path;
    // Short nardy: while a checker is on the bar, nothing else may move.
    const lowest = !this.long && this.me[BAR]! > 0 ? BAR : 1;
    // Points 1..top from the occupied set, highest first (it is restored after each step).
    let points = this.occupied & ((2 << top) - 1) & ~((1 << lowest) - 1);
    const first = die === this.spec.dice[0];
    if (this.pruneSecondOrder && depth === 1 && first) points &= ~this.firstDieFrom;
    while (points !== 0) {
      const from = 31 - Math.clz32(points);
      points ^= 1 << from;
      const to = this.tryStep(from, die);
      if (to < 0) continue;
      if (depth === 0 && first) this.firstDieFrom |= 1 << from;
      const hit = this.lastHit;
      path[depth] = stepCode(from, to, die, hit);
      this.dfs(next, depth + 1, this.sorted ? from : BAR);
      this.undo(from, to, hit);
    }
  }
}

/** Turns found positions into plays: the start copied once, each play's steps applied to it. */
function playsOf(found: readonly Found[], spec: TurnSpec): Play[] {
  const startMe = copySide(spec.me);
  const startOpp = copySide(spec.opp);
  const plays: Play[] = [];
  for (const f of found) {
    const steps = stepsOf(f);
    const me = startMe.slice();
    for (const step of steps) {
      me[step.from]!--;
      me[step.to]!++;
    }
    const opp = f.hits === 0 ? spec.opp : applyHits(startOpp.slice(), f.hits);
    plays.push({ steps, me, opp });
  }
  return plays;
}

function explore(spec: TurnSpec, headMax: number): { maxDice: number; found: Found[] } {
  const e = new Explorer(spec, headMax).run();
  return { maxDice: e.best, found: e.found };
}

function headLimitFor(spec: TurnSpec): number {
  if (spec.variant !== "long") return Number.POSITIVE_INFINITY;
  return headLimit(
    spec.rules.head,
    spec.dice,
    { firstTurn: spec.firstTurn ?? false, opponentFirstRoll: spec.opponentFirstRoll ?? null },
    () => explore(spec, 1).maxDice >= 4,
  );
}

/** The search and the rule on the larger die; the plays' sides are not built here. */
function generate(spec: TurnSpec): { shape: TurnShape; entries: Found[] } {
  const limit = headLimitFor(spec);
  const { maxDice, found } = explore(spec, limit);
  let entries = maxDice === 0 ? [] : found;
  let requiredDie: number | null = null;
  if (maxDice === 1 && spec.dice[0] !== spec.dice[1] && entries.some((e) => e.usesLarger)) {
    requiredDie = Math.max(spec.dice[0], spec.dice[1]);
    entries = entries.filter((e) => e.usesLarger);
  }
  return { shape: { maxDice, requiredDie, headLimit: limit }, entries };
}

/** Every distinct legal resulting position for the roll; empty when the turn passes. */
export function legalPlays(spec: TurnSpec): Play[] {
  return playsOf(generate(spec).entries, spec);
}

/** One step in 14 bits: from (5), to (5), die (3), hit (1). */
const stepCode = (from: number, to: number, die: number, hit: boolean): number =>
  from | (to << 5) | (die << 10) | (hit ? 8192 : 0);

const codeDie = (code: number): number => (code >> 10) & 7;

/** Steps are immutable and few (under 2^14 codes), so each is made once and shared. */
const STEPS: (Step | null)[] = Array.from({ length: 16384 }, () => null);

function stepOfCode(code: number): Step {
  const known = STEPS[code];
  if (known) return known;
  const from = code & 31;
  const to = (code >> 5) & 31;
  const die = (code >> 10) & 7;
  const step = Object.freeze(code & 8192 ? { from, to, die, hit: true } : { from, to, die });
  STEPS[code] = step;
  return step;
}

function stepsOf(f: Found): Step[] {
  const { first, second } = f;
  switch (f.depth) {
    case 0:
      return [];
    case 1:
      return [stepOfCode(first & 16383)];
    case 2:
      return [stepOfCode(first & 16383), stepOfCode(first >> 14)];
    case 3:
      return [stepOfCode(first & 16383), stepOfCode(first >> 14), stepOfCode(second & 16383)];
    default:
      return [
        stepOfCode(first & 16383),
        stepOfCode(first >> 14),
        stepOfCode(second & 16383),
        stepOfCode(second >> 14),
      ];
  }
}

/** The distinct plays that complete the steps already taken (one when the rest is forced). */
export function playsAfter(
  spec: TurnSpec,
  taken: readonly Step[],
  shape = turnShape(spec),
): Play[] {
  if (taken.length === 0) return legalPlays(spec);
  const e = new Explorer(spec, shape.headLimit);
  if (!e.runAfter(taken) || e.best !== shape.maxDice) return [];
  return playsOf(e.found, spec);
}

export function turnShape(spec: TurnSpec): TurnShape {
  return generate(spec).shape;
}

/** Dice still to play after the steps taken, or null when the steps do not fit the roll. */
function remainingDice(dice: Dice, taken: readonly Step[]): number[] | null {
  const left = diceList(dice);
  for (const step of taken) {
    const i = left.indexOf(step.die);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

export type StepsResult =
  | { ok: true; steps: Step[]; complete: boolean; me: Side; opp: Side }
  | { ok: false; error: "illegal-step" };

/**
 * The legal next single steps after `taken`: exactly those that begin some legal full play.
 * Returns an error when `taken` itself is not the start of a legal play.
 */
export function nextSteps(
  spec: TurnSpec,
  taken: readonly Step[],
  shape = turnShape(spec),
): StepsResult {
  const left = remainingDice(spec.dice, taken);
  if (!left) return { ok: false, error: "illegal-step" };
  const s = new TurnSearch(spec);
  s.headMax = shape.headLimit;
  for (const step of taken) {
    const applied = s.takeStep(step.from, step.die);
    if (!applied || applied.to !== step.to) return { ok: false, error: "illegal-step" };
  }
  const failed = FAILED;
  failed.clear();
  const completes = (remaining: readonly number[], depth: number): boolean => {
    if (depth === shape.maxDice) return s.finalLegal();
    const tag = memoTag(s, remaining.length * 8 + (remaining[0] ?? 0));
    if (failed.has(s.lo, s.hi, tag)) return false;
    for (let i = 0; i < remaining.length; i++) {
      const die = remaining[i]!;
      if (i > 0 && remaining[i - 1] === die) continue;
      const rest = remaining.filter((_, j) => j !== i);
      for (let from = BAR; from >= 1; from--) {
        if (s.me[from]! <= 0) continue;
        const step = s.takeStep(from, die);
        if (!step) continue;
        const ok = completes(rest, depth + 1);
        s.undo(from, step.to, step.hit ?? false);
        if (ok) return true;
      }
    }
    failed.insert(s.lo, s.hi, tag);
    return false;
  };

  const depth = taken.length;
  if (depth > shape.maxDice || (depth === shape.maxDice && !s.finalLegal()))
    return { ok: false, error: "illegal-step" };
  const steps: Step[] = [];
  for (const die of new Set(left)) {
    if (depth === 0 && shape.requiredDie !== null && die !== shape.requiredDie) continue;
    const rest = [...left];
    rest.splice(rest.indexOf(die), 1);
    for (let from = BAR; from >= 1; from--) {
      if (s.me[from]! <= 0) continue;
      const step = s.takeStep(from, die);
      if (!step) continue;
      if (depth + 1 <= shape.maxDice && completes(rest, depth + 1)) steps.push(step);
      s.undo(from, step.to, step.hit ?? false);
    }
  }
  if (depth < shape.maxDice && steps.length === 0) return { ok: false, error: "illegal-step" };
  return { ok: true, steps, complete: depth === shape.maxDice, ...s.sides() };
}
