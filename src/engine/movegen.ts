import { HEAD, headLimit } from "./head.js";
import { opponentPointToMine } from "./position.js";
import type { BlockRule, HeadRule } from "./rules.js";
import { BAR, type Dice, OFF, type Side, type Step, type Variant } from "./types.js";

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

const diceList = (dice: Dice): number[] =>
  dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

/**
 * A mutable search over one turn. The mover's checkers are kept in its own numbering and the
 * opponent's are mapped into the mover's numbering, so every test is one array lookup.
 */
class TurnSearch {
  readonly me: Int8Array;
  /** Opponent checkers standing on each of the mover's points 1..24. */
  readonly oppAt: Int8Array;
  oppBar: number;
  /** Mover's checkers outside home (points 7..24 and the bar). */
  outside: number;
  headUsed = 0;
  headMax = Number.POSITIVE_INFINITY;
  readonly long: boolean;
  /** Six-block rule state, fixed for the turn since opponent checkers do not move in it. */
  readonly blockRule: BlockRule;
  readonly blockFree: boolean;
  /** Lowest opponent point (in its numbering) a forbidden block may start at. */
  readonly blockMinLow: number;

  constructor(readonly spec: TurnSpec) {
    const { variant, me, opp } = spec;
    this.long = variant === "long";
    this.me = Int8Array.from(me);
    this.oppAt = new Int8Array(26);
    for (let q = 1; q <= 24; q++) this.oppAt[opponentPointToMine(variant, q)] = opp[q] ?? 0;
    this.oppBar = opp[BAR] ?? 0;
    let outside = 0;
    for (let p = 7; p <= BAR; p++) outside += this.me[p]!;
    this.outside = outside;
    this.blockRule = spec.rules.block;
    let lowest = 25;
    for (let q = 24; q >= 1; q--) if ((opp[q] ?? 0) > 0) lowest = q;
    const oppOff = (opp[OFF] ?? 0) > 0;
    if (this.blockRule === "home") {
      this.blockFree = !this.long || oppOff || lowest <= 6;
      this.blockMinLow = 1;
    } else {
      this.blockFree = !this.long || oppOff;
      this.blockMinLow = lowest + 1;
    }
  }

  /** Whether the mover holds the opponent's point q (opponent numbering). */
  private holds(q: number): boolean {
    return this.me[((q + 11) % 24) + 1]! > 0;
  }

  /** A forbidden six-block through my point `to` (only windows containing it are new). */
  blockThrough(to: number): boolean {
    const q = ((to + 11) % 24) + 1;
    const min = this.blockMinLow;
    if (q < min) return false;
    let run = 1;
    for (let r = q - 1; r >= min && this.holds(r); r--) run++;
    for (let r = q + 1; r <= 24 && this.holds(r); r++) run++;
    return run >= 6;
  }

  anyForbiddenBlock(): boolean {
    let run = 0;
    for (let q = this.blockMinLow; q <= 24; q++) {
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
    me[from]!--;
    me[to]!++;
    if (from >= 7 && to <= 6) this.outside--;
    if (this.long && from === HEAD) this.headUsed++;
    if (!this.long && to >= 1 && this.oppAt[to] === 1) {
      this.oppAt[to] = 0;
      this.oppBar++;
      return true;
    }
    return false;
  }

  undo(from: number, to: number, hit: boolean): void {
    const me = this.me;
    me[from]!++;
    me[to]!--;
    if (from >= 7 && to <= 6) this.outside++;
    if (this.long && from === HEAD) this.headUsed--;
    if (hit) {
      this.oppAt[to] = 1;
      this.oppBar--;
    }
  }

  /** A legal step by the per-step rules, applied; returns the hit flag or null when illegal. */
  tryStep(from: number, die: number): { to: number; hit: boolean } | null {
    const to = this.target(from, die);
    if (to < 0) return null;
    const hit = this.apply(from, to);
    if (
      this.long &&
      this.blockRule === "strict" &&
      !this.blockFree &&
      to > 0 &&
      this.blockThrough(to)
    ) {
      this.undo(from, to, hit);
      return null;
    }
    return { to, hit };
  }

  key(): string {
    const a = String.fromCharCode.apply(null, this.me as unknown as number[]);
    return this.long ? a : a + String.fromCharCode.apply(null, this.oppAt as unknown as number[]);
  }

  sides(): { me: Side; opp: Side } {
    const me = Object.freeze(Array.from(this.me));
    if (this.long) return { me, opp: this.spec.opp };
    const opp = new Array<number>(26).fill(0);
    for (let q = 1; q <= 24; q++) opp[q] = this.oppAt[25 - q]!;
    opp[BAR] = this.oppBar;
    opp[OFF] = this.spec.opp[OFF] ?? 0;
    return { me, opp: Object.freeze(opp) };
  }
}

interface Found {
  steps: Step[];
  usesLarger: boolean;
  search: { me: Side; opp: Side };
}

/** Depth-first over all step sequences, keeping each distinct end position once. */
function explore(spec: TurnSpec, headMax: number): { maxDice: number; found: Map<string, Found> } {
  const s = new TurnSearch(spec);
  s.headMax = headMax;
  const larger = Math.max(spec.dice[0], spec.dice[1]);
  const isDouble = spec.dice[0] === spec.dice[1];
  let best = 0;
  let found = new Map<string, Found>();
  const visited = new Set<string>();
  const path: Step[] = [];

  const record = (depth: number): void => {
    if (depth < best || !s.finalLegal()) return;
    if (depth > best) {
      best = depth;
      found = new Map();
    }
    const key = s.key();
    const usesLarger = !isDouble && depth === 1 && path[0]!.die === larger;
    const had = found.get(key);
    if (!had || (usesLarger && !had.usesLarger))
      found.set(key, { steps: path.slice(), usesLarger, search: s.sides() });
  };

  const dfs = (remaining: number[], depth: number): void => {
    record(depth);
    if (remaining.length === 0) return;
    if (depth > 0) {
      const memo = `${s.key()}|${remaining.length}${remaining[0]}|${s.headUsed}`;
      if (visited.has(memo)) return;
      visited.add(memo);
    }
    for (let i = 0; i < remaining.length; i++) {
      const die = remaining[i]!;
      if (i > 0 && remaining[i - 1] === die) continue;
      const rest = remaining.filter((_, j) => j !== i);
      for (let from = BAR; from >= 1; from--) {
        if (s.me[from]! <= 0) continue;
        const step = s.tryStep(from, die);
        if (!step) continue;
        path.push(step.hit ? { from, to: step.to, die, hit: true } : { from, to: step.to, die });
        dfs(rest, depth + 1);
        path.pop();
        s.undo(from, step.to, step.hit);
      }
    }
  };
  dfs(diceList(spec.dice), 0);
  return { maxDice: best, found };
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

function generate(spec: TurnSpec): { shape: TurnShape; plays: Play[] } {
  const limit = headLimitFor(spec);
  const { maxDice, found } = explore(spec, limit);
  let entries = [...found.values()];
  let requiredDie: number | null = null;
  if (maxDice === 1 && spec.dice[0] !== spec.dice[1] && entries.some((e) => e.usesLarger)) {
    requiredDie = Math.max(spec.dice[0], spec.dice[1]);
    entries = entries.filter((e) => e.usesLarger);
  }
  const plays = maxDice === 0 ? [] : entries.map((e) => ({ steps: e.steps, ...e.search }));
  return { shape: { maxDice, requiredDie, headLimit: limit }, plays };
}

/** Every distinct legal resulting position for the roll; empty when the turn passes. */
export function legalPlays(spec: TurnSpec): Play[] {
  return generate(spec).plays;
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
    const applied = s.tryStep(step.from, step.die);
    if (!applied || applied.to !== step.to) return { ok: false, error: "illegal-step" };
  }
  const failed = new Set<string>();
  const completes = (remaining: number[], depth: number): boolean => {
    if (depth === shape.maxDice) return s.finalLegal();
    const memo = `${s.key()}|${remaining.length}${remaining[0]}|${s.headUsed}`;
    if (failed.has(memo)) return false;
    for (let i = 0; i < remaining.length; i++) {
      const die = remaining[i]!;
      if (i > 0 && remaining[i - 1] === die) continue;
      if (depth === 0 && shape.requiredDie !== null && die !== shape.requiredDie) continue;
      const rest = remaining.filter((_, j) => j !== i);
      for (let from = BAR; from >= 1; from--) {
        if (s.me[from]! <= 0) continue;
        const step = s.tryStep(from, die);
        if (!step) continue;
        const ok = completes(rest, depth + 1);
        s.undo(from, step.to, step.hit);
        if (ok) return true;
      }
    }
    failed.add(memo);
    return false;
  };

  const depth = taken.length;
  if (depth > shape.maxDice || (depth === shape.maxDice && !s.finalLegal()))
    return { ok: false, error: "illegal-step" };
  const steps: Step[] = [];
  const distinct = [...new Set(left)];
  for (const die of distinct) {
    if (depth === 0 && shape.requiredDie !== null && die !== shape.requiredDie) continue;
    const rest = [...left];
    rest.splice(rest.indexOf(die), 1);
    for (let from = BAR; from >= 1; from--) {
      if (s.me[from]! <= 0) continue;
      const step = s.tryStep(from, die);
      if (!step) continue;
      if (depth + 1 <= shape.maxDice && completes(rest, depth + 1))
        steps.push(step.hit ? { from, to: step.to, die, hit: true } : { from, to: step.to, die });
      s.undo(from, step.to, step.hit);
    }
  }
  if (depth < shape.maxDice && steps.length === 0) return { ok: false, error: "illegal-step" };
  return { ok: true, steps, complete: depth === shape.maxDice, ...s.sides() };
}
