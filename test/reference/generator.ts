/**
 * Reference move generator for long nardy and short nardy (backgammon).
 *
 * This is the SLOW, TRANSPARENT cross-check for the fast engine in src/engine. It is written
 * independently of src/ (nothing there is read or imported) and follows
 * docs/rules.md, cited in the comments as "rules.md <section>: <what it says>".
 *
 * Method (no cleverness on purpose):
 *   1. take every ordering of the dice (a double is four equal dice);
 *   2. for each die in turn, try every point holding a checker of the side to move
 *      (checkers on one point are interchangeable, so one try per point covers every
 *      checker choice), recursively, recording every step sequence of every length,
 *      including stopping early;
 *   3. drop sequences with an illegal step or an illegal final position;
 *   4. keep those playing the most dice; if that is one die of a non-double, keep the larger
 *      die when some legal sequence plays it;
 *   5. group by resulting position.
 */

export type RefSide = Record<string, number>; // keys "1".."24", "bar", "off"; absent = 0; each side totals 15; own numbering of that side

export type HeadOption = "classic" | "criterion" | "doubles" | "wide" | "sport";
export type BlockOption = "strict" | "final" | "home";

export interface RefRequest {
  variant: "long" | "short";
  rules?: { head?: HeadOption; block?: BlockOption };
  turn: "white" | "black";
  white: RefSide;
  black: RefSide;
  dice: [number, number];
  firstTurn?: boolean; // long: the side to move has not moved yet this game
  opponentFirstRoll?: [number, number] | null; // long: the roll the other side played on its first turn; side to move is the "second player" iff firstTurn && this is set
}

export interface RefPlay {
  moves: string[];
  white: RefSide;
  black: RefSide;
}

type Variant = RefRequest["variant"];

// ---------------------------------------------------------------------------------------
// Internal board: one array per side, in that side's own numbering.
// index 0 = borne off, 1..24 = points, 25 = bar.
// ---------------------------------------------------------------------------------------
type Side = number[];
const OFF = 0;
const BAR = 25;
const HEAD = 24; // rules.md Numbering, Long nardy: both heads start on the side's own point 24
const CHECKERS = 15; // rules.md: each side totals 15

interface Position {
  me: Side; // the side to move
  opp: Side; // the other side
}

interface Step {
  from: number; // 1..24 or BAR
  to: number; // 1..24, or OFF
  die: number;
  hit: boolean;
}

interface Sequence {
  steps: Step[];
  pos: Position;
}

function count(side: Side, index: number): number {
  return side[index] ?? 0;
}

function sumRange(side: Side, lo: number, hi: number): number {
  let s = 0;
  for (let i = lo; i <= hi; i++) s += count(side, i);
  return s;
}

/**
 * My point `p` expressed in the opponent's numbering.
 * rules.md Numbering: long: the opponent's q is my ((q + 11) mod 24) + 1 (a shift by 12, so the map
 * is its own inverse); short: the opponent's q is my 25 - q (also its own inverse).
 */
export function myPointInOpponentNumbering(variant: Variant, p: number): number {
  return variant === "long" ? ((p + 11) % 24) + 1 : 25 - p;
}

/** Opponent's point `q` expressed in my numbering (the same involution). */
export function opponentPointInMyNumbering(variant: Variant, q: number): number {
  return variant === "long" ? ((q + 11) % 24) + 1 : 25 - q;
}

function opponentCheckersOnMyPoint(variant: Variant, pos: Position, myPoint: number): number {
  return count(pos.opp, myPointInOpponentNumbering(variant, myPoint));
}

// ---------------------------------------------------------------------------------------
// Conversion from / to the RefSide records.
// ---------------------------------------------------------------------------------------
const SIDE_KEYS: string[] = ["off", ...Array.from({ length: 24 }, (_, i) => String(i + 1)), "bar"];

function keyToIndex(key: string): number {
  if (key === "off") return OFF;
  if (key === "bar") return BAR;
  if (/^[1-9][0-9]?$/.test(key)) {
    const n = Number(key);
    if (n >= 1 && n <= 24) return n;
  }
  throw new Error(`reference: bad side key ${JSON.stringify(key)}`);
}

function toSide(rec: RefSide, label: string): Side {
  const side: Side = new Array<number>(26).fill(0);
  for (const [key, value] of Object.entries(rec)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new Error(`reference: ${label}[${key}] = ${String(value)} is not a count`);
    }
    side[keyToIndex(key)] = (side[keyToIndex(key)] ?? 0) + value;
  }
  const total = sumRange(side, 0, 25);
  if (total !== CHECKERS) throw new Error(`reference: ${label} totals ${total}, not 15`); // rules.md: each side totals 15
  return side;
}

function fromSide(side: Side): RefSide {
  const rec: RefSide = {};
  for (let i = 0; i <= 25; i++) {
    const n = count(side, i);
    if (n > 0) rec[SIDE_KEYS[i] ?? "?"] = n;
  }
  return rec;
}

/** Order-independent key of a position; zero entries are ignored. */
export function canonicalKey(white: RefSide, black: RefSide): string {
  const one = (rec: RefSide): string =>
    Object.entries(rec)
      .filter(([, v]) => v !== 0)
      .map(([k, v]) => [keyToIndex(k), v] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([i, v]) => `${SIDE_KEYS[i] ?? "?"}:${v}`)
      .join(",");
  return `W[${one(white)}] B[${one(black)}]`;
}

// ---------------------------------------------------------------------------------------
// One die, one checker: the movement rules.
// ---------------------------------------------------------------------------------------

/** rules.md Bearing off (both games): all 15 home (points 1..6 or off; the bar is not home). */
function allHome(side: Side): boolean {
  return count(side, OFF) + sumRange(side, 1, 6) === CHECKERS;
}

/**
 * Try to move one checker of the side to move from `from` by `die`.
 * Returns the new position, or null when this single step breaks a movement rule.
 * (Turn-level rules, head and six-block, are checked by the caller.)
 */
function tryStep(
  variant: Variant,
  pos: Position,
  from: number,
  die: number,
): { step: Step; pos: Position } | null {
  const me = pos.me;
  if (count(me, from) === 0) return null; // a checker must stand there
  if (variant === "long" && from === BAR) return null; // rules.md Long nardy: no hitting, no bar
  if (variant === "short" && count(me, BAR) > 0 && from !== BAR) return null; // rules.md Short nardy: enter from the bar before any other move

  // rules.md Numbering: moves go from p to p - die; rules.md Short nardy: a die d enters on my point 25 - d.
  const target = from === BAR ? 25 - die : from - die;

  const newMe = me.slice();
  const newOpp = pos.opp.slice();
  newMe[from] = count(me, from) - 1;

  if (target >= 1) {
    const oppHere = opponentCheckersOnMyPoint(variant, pos, target);
    if (variant === "long" && oppHere >= 1) return null; // rules.md Long nardy: a point with any opponent checker is closed
    if (variant === "short" && oppHere >= 2) return null; // rules.md Short nardy: two or more opponent checkers close a point
    const hit = variant === "short" && oppHere === 1; // rules.md Short nardy: landing on a single opponent checker hits it
    if (hit) {
      const q = myPointInOpponentNumbering(variant, target);
      newOpp[q] = count(newOpp, q) - 1;
      newOpp[BAR] = count(newOpp, BAR) + 1; // rules.md Short nardy: a hit checker goes to the bar
    }
    newMe[target] = count(newMe, target) + 1;
    return { step: { from, to: target, die, hit }, pos: { me: newMe, opp: newOpp } };
  }

  // target < 1: bearing off (rules.md: bears off below 1)
  if (!allHome(me)) return null; // rules.md: bearing off only when all 15 are home (checked step by step)
  if (target < 0 && sumRange(me, from + 1, 6) > 0) return null; // rules.md: a die larger than the point bears off only from the highest occupied point
  newMe[OFF] = count(newMe, OFF) + 1; // rules.md: exact point, or higher than the highest occupied
  return { step: { from, to: OFF, die, hit: false }, pos: { me: newMe, opp: newOpp } };
}

// ---------------------------------------------------------------------------------------
// Long nardy: the six-block rule.
// ---------------------------------------------------------------------------------------

/**
 * rules.md Six-block rule: does the side to move hold six consecutive points along the OPPONENT's
 * path (windows q..q-5 in the opponent's numbering, 24 >= q, q-5 >= 1; this lets the block
 * wrap across my own 1/24 seam) that is not allowed?
 *   "ahead" (strict, final): allowed only while an opponent checker is further along the
 *     opponent's path than the block (opponent point < q-5) or borne off;
 *   "home": allowed only once an opponent checker is in the opponent's home (1..6) or off.
 */
function hasForbiddenBlock(pos: Position, condition: "ahead" | "home"): boolean {
  for (let top = 24; top >= 6; top--) {
    let isBlock = true;
    for (let q = top; q >= top - 5; q--) {
      if (count(pos.me, opponentPointInMyNumbering("long", q)) === 0) isBlock = false;
    }
    if (!isBlock) continue;
    const oppOff = count(pos.opp, OFF);
    const allowed =
      condition === "ahead"
        ? oppOff > 0 || sumRange(pos.opp, 1, top - 6) > 0 // a checker beyond the block's last point top-5
        : oppOff > 0 || sumRange(pos.opp, 1, 6) > 0; // a checker in the opponent's home
    if (!allowed) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Long nardy: the head rule.
// ---------------------------------------------------------------------------------------

function isSameRoll(
  a: readonly [number, number] | null | undefined,
  x: number,
  y: number,
): boolean {
  if (!a) return false;
  return (a[0] === x && a[1] === y) || (a[0] === y && a[1] === x);
}

/** How many checkers may leave the head (point 24) this turn. rules.md The head rule. */
function headLimit(req: RefRequest, block: BlockOption): number {
  const head: HeadOption = req.rules?.head ?? "classic"; // rules.md: `classic` is the default
  if (!req.firstTurn) return 1; // rules.md: one checker may leave the head per turn
  const [a, b] = req.dice;
  const isDouble = a === b;
  const isBig3 = isDouble && (a === 6 || a === 4 || a === 3); // 6-6, 4-4, 3-3
  const secondPlayer = req.opponentFirstRoll != null; // rules.md Positions: second player iff firstTurn && opponentFirstRoll set
  switch (head) {
    case "classic":
      if (!isBig3) return 1;
      // rules.md classic: after the first player's 5-5, the second player's 4-4 allows only one
      if (secondPlayer && a === 4 && isSameRoll(req.opponentFirstRoll, 5, 5)) return 1;
      return 2; // rules.md classic: 6-6, 4-4, 3-3 allow two
    case "criterion": {
      if (!isBig3) return 1;
      // rules.md criterion: a second checker when one head checker cannot play all four dice
      // (interpreted: the most dice playable with a single head departure is below 4)
      const withOne = maxDicePlayable(req, 1, block);
      return withOne < 4 ? 2 : 1;
    }
    case "doubles":
      return isDouble ? 2 : 1; // rules.md doubles: any double allows two
    case "wide":
      return 2; // rules.md wide: any roll allows two
    case "sport":
      return isBig3 && secondPlayer ? 2 : 1; // rules.md sport: 6-6, 4-4, 3-3 allow two for the second player only
  }
}

// ---------------------------------------------------------------------------------------
// The enumeration.
// ---------------------------------------------------------------------------------------

/** rules.md Dice: each die is a separate step; a double is played four times. */
function diceOrders(dice: [number, number]): number[][] {
  const [a, b] = dice;
  return a === b
    ? [[a, a, a, a]]
    : [
        [a, b],
        [b, a],
      ];
}

const SOURCES: number[] = [BAR, ...Array.from({ length: 24 }, (_, i) => 24 - i)];

interface TurnRules {
  variant: Variant;
  headLimit: number; // long only
  block: BlockOption; // long only
}

function headDepartures(steps: Step[]): number {
  return steps.filter((s) => s.from === HEAD).length;
}

/** Every step sequence of every length (including the empty one) whose every step is legal. */
function allStepSequences(start: Position, dice: [number, number], rules: TurnRules): Sequence[] {
  const out: Sequence[] = [];
  const visit = (pos: Position, steps: Step[], remaining: number[]): void => {
    out.push({ steps, pos });
    const die = remaining[0];
    if (die === undefined) return;
    const rest = remaining.slice(1);
    for (const from of SOURCES) {
      const r = tryStep(rules.variant, pos, from, die);
      if (r === null) continue;
      const steps2 = [...steps, r.step];
      if (rules.variant === "long") {
        if (headDepartures(steps2) > rules.headLimit) continue; // rules.md Head rule
        if (rules.block === "strict" && hasForbiddenBlock(r.pos, "ahead")) continue; // rules.md block strict: after every die's step
      }
      visit(r.pos, steps2, rest);
    }
  };
  for (const order of diceOrders(dice)) visit(start, [], order);
  return out;
}

/** rules.md Dice: a play is legal only when each of its steps and the position it ends in are. */
function finalPositionLegal(seq: Sequence, rules: TurnRules): boolean {
  if (rules.variant !== "long" || seq.steps.length === 0) return true; // passing creates nothing
  if (rules.block === "final") return !hasForbiddenBlock(seq.pos, "ahead"); // rules.md block final: end of turn only
  if (rules.block === "home") return !hasForbiddenBlock(seq.pos, "home"); // rules.md block home: end of turn
  return !hasForbiddenBlock(seq.pos, "ahead"); // strict: already checked per step; harmless repeat
}

function legalSequences(start: Position, dice: [number, number], rules: TurnRules): Sequence[] {
  return allStepSequences(start, dice, rules).filter((s) => finalPositionLegal(s, rules));
}

/** rules.md Dice: play as many dice as possible; if only one of two can be played, the larger when possible. */
function maximalSequences(legal: Sequence[], dice: [number, number]): Sequence[] {
  const most = Math.max(0, ...legal.map((s) => s.steps.length));
  if (most === 0) return []; // rules.md Dice: no legal step, the turn passes
  let keep = legal.filter((s) => s.steps.length === most);
  const [a, b] = dice;
  if (most === 1 && a !== b) {
    const larger = Math.max(a, b);
    if (keep.some((s) => s.steps[0]?.die === larger)) {
      keep = keep.filter((s) => s.steps[0]?.die === larger);
    }
  }
  return keep;
}

function startPosition(req: RefRequest): Position {
  const white = toSide(req.white, "white");
  const black = toSide(req.black, "black");
  const pos: Position =
    req.turn === "white" ? { me: white, opp: black } : { me: black, opp: white };
  if (req.variant === "long" && (count(white, BAR) > 0 || count(black, BAR) > 0)) {
    throw new Error("reference: long nardy has no bar"); // rules.md Long nardy: no hitting, no bar
  }
  for (let p = 1; p <= 24; p++) {
    if (count(pos.me, p) > 0 && opponentCheckersOnMyPoint(req.variant, pos, p) > 0) {
      throw new Error(`reference: both sides on the mover's point ${p}`);
    }
  }
  for (const d of req.dice) {
    if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`reference: bad die ${d}`);
  }
  return pos;
}

function turnRules(req: RefRequest, headLimitValue: number): TurnRules {
  return { variant: req.variant, headLimit: headLimitValue, block: req.rules?.block ?? "strict" }; // rules.md: `strict` is the default
}

/** Most dice playable when at most `limit` checkers may leave the head (used by `criterion`). */
function maxDicePlayable(req: RefRequest, limit: number, block: BlockOption): number {
  const rules: TurnRules = { variant: req.variant, headLimit: limit, block };
  const legal = legalSequences(startPosition(req), req.dice, rules);
  return Math.max(0, ...legal.map((s) => s.steps.length));
}

function stepText(s: Step): string {
  const from = s.from === BAR ? "bar" : String(s.from);
  const to = s.to === OFF ? "off" : String(s.to);
  return `${from}/${to}${s.hit ? "*" : ""}`;
}

/** Every legal play, one entry per distinct resulting position. */
export function referencePlays(req: RefRequest): RefPlay[] {
  const start = startPosition(req);
  const block: BlockOption = req.rules?.block ?? "strict";
  const limit = req.variant === "long" ? headLimit(req, block) : Number.POSITIVE_INFINITY;
  const rules = turnRules(req, limit);
  const plays = maximalSequences(legalSequences(start, req.dice, rules), req.dice);

  const byPosition = new Map<string, RefPlay>();
  for (const seq of plays) {
    const meRec = fromSide(seq.pos.me);
    const oppRec = fromSide(seq.pos.opp);
    const white = req.turn === "white" ? meRec : oppRec;
    const black = req.turn === "white" ? oppRec : meRec;
    const key = canonicalKey(white, black);
    if (!byPosition.has(key)) byPosition.set(key, { moves: seq.steps.map(stepText), white, black });
  }
  return [...byPosition.values()];
}
