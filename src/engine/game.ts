import { type DiceSource, rollDice } from "./dice.js";
import {
  nextSteps,
  type Play,
  playsAfter,
  type StepsResult,
  type TurnShape,
  type TurnSpec,
  turnShape,
} from "./movegen.js";
import { boardOf, borneOff, sidesOf, startingBoard } from "./position.js";
import type { Rules } from "./rules.js";
import { RESULT_VALUE, type ResultKind, resultKind } from "./scoring.js";
import {
  type Board,
  CHECKERS,
  type Color,
  type Dice,
  other,
  type Step,
  type Variant,
} from "./types.js";

/**
 * roll: the side to move may double or roll; move: dice rolled, steps being taken;
 * double: a double is offered and the other side must answer; resign: a short-nardy
 * resignation offer awaits the other side; over: finished.
 */
export type Phase = "roll" | "move" | "double" | "resign" | "over";

/** "timeout": claimed from a silent opponent; "time": the loser's clock ran out (a flag). */
export type EndReason = "bear-off" | "resign" | "drop" | "timeout" | "time" | "draw";

export interface GameResult {
  /** null for a draw (the last-roll option). */
  readonly winner: Color | null;
  readonly kind: ResultKind | "draw" | "drop";
  readonly points: number;
  readonly reason: EndReason;
}

export interface Cube {
  readonly value: number;
  readonly owner: Color | null;
}

/** The lot that opened a game: one die per seat per throw; ties throw again. */
export interface OpeningLot {
  /** Who threw for seat 0 and seat 1 (user ids). */
  readonly players: readonly [number, number];
  readonly rolls: readonly (readonly [number, number])[];
  readonly winnerId: number;
}

export interface LastMove {
  readonly color: Color;
  readonly dice: Dice;
  readonly steps: readonly Step[];
}

export interface GameState {
  readonly variant: Variant;
  readonly rules: Rules;
  /** The position at the start of the current turn; steps taken are kept apart until commit. */
  readonly board: Board;
  readonly turn: Color;
  /** Counts turns from 1; a stale press names an older one. */
  readonly turnNumber: number;
  readonly phase: Phase;
  readonly dice: Dice | null;
  readonly steps: readonly Step[];
  readonly starter: Color;
  /** The roll each side played on its first turn (long nardy's head rule looks at it). */
  readonly firstRolls: { readonly white: Dice | null; readonly black: Dice | null };
  readonly cube: Cube;
  /** No doubling in this game: the cube option is off, or this is the Crawford game. */
  readonly cubeDisabled: boolean;
  /** A running series with the Jacoby rule: gammons count only once the cube was turned. */
  readonly jacoby: boolean;
  /** The turn must be confirmed with `commit` once complete (a chat setting). */
  readonly confirmTurns: boolean;
  readonly pendingResign: {
    readonly by: Color;
    readonly kind: ResultKind;
    readonly resume: Phase;
  } | null;
  /** The last-roll option: the second player's extra turn after the starter finished. */
  readonly lastRollTurn: boolean;
  readonly lastMove: LastMove | null;
  readonly result: GameResult | null;
}

export interface NewGameOptions {
  readonly variant: Variant;
  readonly rules: Rules;
  readonly starter: Color;
  /** Opening `lot`: the starter plays these lot dice instead of rolling. */
  readonly openingDice?: Dice | null;
  readonly crawford?: boolean;
  readonly confirmTurns?: boolean;
}

export function newGame(o: NewGameOptions): GameState {
  const firstDice = o.openingDice ?? null;
  const state: GameState = {
    variant: o.variant,
    rules: o.rules,
    board: startingBoard(o.variant),
    turn: o.starter,
    turnNumber: 1,
    phase: "roll",
    dice: null,
    steps: [],
    starter: o.starter,
    firstRolls: { white: null, black: null },
    cube: { value: 1, owner: null },
    cubeDisabled: !o.rules.cube || (o.crawford ?? false),
    jacoby: o.rules.jacoby && o.rules.match.kind === "running",
    confirmTurns: o.confirmTurns ?? false,
    pendingResign: null,
    lastRollTurn: false,
    lastMove: null,
    result: null,
  };
  return firstDice ? startMove(state, firstDice) : state;
}

/** The opening lot: one die each, ties roll again; seat 0 or 1 wins. */
export function openingLot(source: DiceSource): { rolls: Dice[]; winner: 0 | 1; dice: Dice } {
  const rolls: Dice[] = [];
  for (;;) {
    const roll = rollDice(source);
    rolls.push(roll);
    if (roll[0] !== roll[1]) {
      const winner = roll[0] > roll[1] ? 0 : 1;
      const dice: Dice = winner === 0 ? roll : [roll[1], roll[0]];
      return { rolls, winner, dice };
    }
  }
}

/** The actions that carry nothing but their name; every list of actions starts from this one. */
export const PLAIN_ACTIONS = [
  "roll",
  "undo",
  "commit",
  "double",
  "take",
  "drop",
  "accept-resign",
  "decline-resign",
  "claim-timeout",
] as const;
export type PlainAction = (typeof PLAIN_ACTIONS)[number];

export const isPlainAction = (type: string): type is PlainAction =>
  (PLAIN_ACTIONS as readonly string[]).includes(type);

export type Action =
  | { readonly type: PlainAction }
  | { readonly type: "step"; readonly from: number; readonly to: number; readonly die?: number }
  | { readonly type: "resign"; readonly kind?: ResultKind }
  /**
   * The acting side's clock ran out: never a player's press, the clock's own act. `atLeast`:
   * the least the game is then worth (in a match to N points, what the winner lacks of N:
   * the flag loses the match).
   */
  | { readonly type: "flag"; readonly atLeast?: number };

export type GameErrorCode =
  | "game-over"
  | "not-your-turn"
  | "stale"
  | "wrong-phase"
  | "illegal-step"
  | "nothing-to-undo"
  | "turn-incomplete"
  | "cube-unavailable"
  | "bad-resign";

export interface GameError {
  readonly code: GameErrorCode;
  readonly message: string;
}

export type ActResult = { ok: true; state: GameState } | { ok: false; error: GameError };

const fail = (code: GameErrorCode, message: string): ActResult => ({
  ok: false,
  error: { code, message },
});

/** The side whose answer the game waits for. */
export function actor(state: GameState): Color | null {
  if (state.phase === "over") return null;
  if (state.phase === "double") return other(state.turn);
  if (state.phase === "resign") return state.pendingResign ? other(state.pendingResign.by) : null;
  return state.turn;
}

export function turnSpec(state: GameState, dice: Dice): TurnSpec {
  const { me, opp } = sidesOf(state.board, state.turn);
  const mine = state.firstRolls[state.turn];
  const theirs = state.firstRolls[other(state.turn)];
  return {
    variant: state.variant,
    rules: state.rules,
    me,
    opp,
    dice,
    firstTurn: mine === null,
    opponentFirstRoll: mine === null ? theirs : null,
  };
}

/** The current position with this turn's steps applied. */
export function currentBoard(state: GameState): Board {
  if (!state.dice || state.steps.length === 0) return state.board;
  const r = turnFacts(state)?.next;
  return r?.ok ? boardOf(state.turn, r.me, r.opp) : state.board;
}

interface TurnFacts {
  readonly spec: TurnSpec;
  readonly shape: TurnShape;
  readonly next: StepsResult;
}

/**
 * A press asks the same state for its legal steps several times (the automatic rest, the
 * buttons, the caption, the picture); states are immutable, so each is worked out once. The
 * turn's shape, the costly part, is shared by every state of one turn: they share the board.
 */
const factsOf = new WeakMap<GameState, TurnFacts>();
const shapeOf = new WeakMap<Board, { spec: TurnSpec; turn: Color; shape: TurnShape }>();

function turnFacts(state: GameState): TurnFacts | null {
  if (state.phase !== "move" || !state.dice) return null;
  const known = factsOf.get(state);
  if (known) return known;
  const spec = turnSpec(state, state.dice);
  const shape = shapeFor(state, spec);
  const facts = { spec, shape, next: nextSteps(spec, state.steps, shape) };
  factsOf.set(state, facts);
  return facts;
}

function shapeFor(state: GameState, spec: TurnSpec): TurnShape {
  const known = shapeOf.get(state.board);
  if (known && known.turn === state.turn && sameTurn(known.spec, spec)) return known.shape;
  const shape = turnShape(spec);
  shapeOf.set(state.board, { spec, turn: state.turn, shape });
  return shape;
}

const sameDice = (a: Dice | null, b: Dice | null): boolean =>
  a === b || (a !== null && b !== null && a[0] === b[0] && a[1] === b[1]);

/** Everything besides the board that a turn's legal plays depend on. */
const sameTurn = (a: TurnSpec, b: TurnSpec): boolean =>
  a.variant === b.variant &&
  a.rules === b.rules &&
  sameDice(a.dice, b.dice) &&
  a.firstTurn === b.firstTurn &&
  sameDice(a.opponentFirstRoll ?? null, b.opponentFirstRoll ?? null);

export interface TurnView {
  readonly shape: TurnShape;
  readonly nextSteps: readonly Step[];
  readonly complete: boolean;
}

/** What the mover may do next with the dice rolled; null outside the move phase. */
export function turnView(state: GameState): TurnView | null {
  const facts = turnFacts(state);
  if (!facts?.next.ok) return null;
  return { shape: facts.shape, nextSteps: facts.next.steps, complete: facts.next.complete };
}

/** All distinct plays still open after the steps taken (one entry when the rest is forced). */
export function remainingPlays(state: GameState): Play[] {
  const facts = turnFacts(state);
  return facts ? playsAfter(facts.spec, state.steps, facts.shape) : [];
}

function canDouble(state: GameState): boolean {
  return (
    !state.cubeDisabled &&
    !state.lastRollTurn &&
    state.cube.value < 64 &&
    (state.cube.owner === null || state.cube.owner === state.turn)
  );
}

export function mayDouble(state: GameState): boolean {
  return state.phase === "roll" && canDouble(state);
}

function startMove(state: GameState, dice: Dice): GameState {
  const rolled: GameState = { ...state, phase: "move", dice, steps: [] };
  return turnFacts(rolled)!.shape.maxDice === 0 ? endTurn(rolled) : rolled;
}

/** Commits the turn's steps, then decides whether the game is over. */
function endTurn(state: GameState): GameState {
  const dice = state.dice!;
  const board = currentBoard(state);
  const mover = state.turn;
  const firstRolls = state.firstRolls[mover]
    ? state.firstRolls
    : { ...state.firstRolls, [mover]: dice };
  const moved: GameState = {
    ...state,
    board,
    firstRolls,
    lastMove: { color: mover, dice, steps: state.steps },
    dice: null,
    steps: [],
  };
  const finished = borneOff(board[mover]) === CHECKERS;
  if (state.lastRollTurn) {
    if (finished) return finish(moved, { winner: null, kind: "draw", points: 0, reason: "draw" });
    return finishByPosition(moved, other(mover), "bear-off");
  }
  if (finished) {
    const lastRollDue = state.variant === "long" && state.rules.lastRoll && mover === state.starter;
    if (!lastRollDue) return finishByPosition(moved, mover, "bear-off");
    return {
      ...moved,
      turn: other(mover),
      turnNumber: state.turnNumber + 1,
      phase: "roll",
      lastRollTurn: true,
    };
  }
  return { ...moved, turn: other(mover), turnNumber: state.turnNumber + 1, phase: "roll" };
}

function finish(state: GameState, result: GameResult): GameState {
  return { ...state, phase: "over", dice: null, steps: [], pendingResign: null, result };
}

/** Ends the game for `winner`, scored from the position by the result rule, times the cube. */
function finishByPosition(state: GameState, winner: Color, reason: EndReason): GameState {
  let kind = resultKind(state.variant, state.rules.scoring, state.board[other(winner)]);
  if (state.jacoby && state.cube.owner === null)
    kind = state.variant === "short" ? "single" : "oin";
  return finish(state, { winner, kind, points: RESULT_VALUE[kind] * state.cube.value, reason });
}

export interface ActOptions {
  /** The turn number the actor saw; an older one is stale. */
  readonly expectTurn?: number;
  /** Needed by `roll`. */
  readonly dice?: DiceSource;
}

/** Applies one player's action; anything not legal now is a typed error and changes nothing. */
export function act(state: GameState, by: Color, action: Action, opts: ActOptions = {}): ActResult {
  if (state.phase === "over") return fail("game-over", "The game is over.");
  if (opts.expectTurn !== undefined && opts.expectTurn !== state.turnNumber)
    return fail("stale", "This board is out of date.");
  switch (action.type) {
    case "resign":
      return resign(state, by, action.kind);
    case "claim-timeout":
      if (actor(state) === by) return fail("not-your-turn", "Only the waiting player can claim.");
      // The side offering to resign waits for the answer; it cannot win by the wait.
      if (state.pendingResign?.by === by)
        return fail("wrong-phase", "Your resignation offer is waiting for an answer.");
      return { ok: true, state: finishByPosition(state, by, "timeout") };
    case "flag": {
      // Scored as the position stands, times the cube: never cheaper than resigning it; a
      // match's least value (`atLeast`) raises it.
      if (actor(state) !== by) return fail("not-your-turn", "Only the side to act can flag.");
      const s = finishByPosition(state, other(by), "time");
      const atLeast = action.atLeast ?? 0;
      if (!s.result || !Number.isSafeInteger(atLeast) || atLeast <= s.result.points)
        return { ok: true, state: s };
      return { ok: true, state: { ...s, result: { ...s.result, points: atLeast } } };
    }
    default:
  }
  if (actor(state) !== by) return fail("not-your-turn", "It is not your turn.");
  switch (action.type) {
    case "roll": {
      if (state.phase !== "roll") return fail("wrong-phase", "The dice are already rolled.");
      if (!opts.dice) return fail("wrong-phase", "No dice to roll.");
      return { ok: true, state: startMove(state, rollDice(opts.dice)) };
    }
    case "step":
      return step(state, action.from, action.to, action.die);
    case "undo": {
      if (state.phase !== "move") return fail("wrong-phase", "Nothing to undo now.");
      if (state.steps.length === 0) return fail("nothing-to-undo", "No step to undo.");
      return { ok: true, state: { ...state, steps: state.steps.slice(0, -1) } };
    }
    case "commit": {
      const view = turnView(state);
      if (!view) return fail("wrong-phase", "There is no turn to confirm.");
      if (!view.complete) return fail("turn-incomplete", "Play all the dice first.");
      return { ok: true, state: endTurn(state) };
    }
    case "double": {
      if (state.phase !== "roll") return fail("wrong-phase", "Double before rolling.");
      if (!canDouble(state)) return fail("cube-unavailable", "You cannot double now.");
      return { ok: true, state: { ...state, phase: "double" } };
    }
    case "take": {
      if (state.phase !== "double") return fail("wrong-phase", "There is no double to take.");
      const cube = { value: state.cube.value * 2, owner: by };
      return { ok: true, state: { ...state, cube, phase: "roll" } };
    }
    case "drop": {
      if (state.phase !== "double") return fail("wrong-phase", "There is no double to drop.");
      const result: GameResult = {
        winner: state.turn,
        kind: "drop",
        points: state.cube.value,
        reason: "drop",
      };
      return { ok: true, state: finish(state, result) };
    }
    case "accept-resign": {
      const offer = state.pendingResign;
      if (state.phase !== "resign" || !offer)
        return fail("wrong-phase", "There is no offer to accept.");
      const points = RESULT_VALUE[offer.kind] * state.cube.value;
      return {
        ok: true,
        state: finish(state, { winner: by, kind: offer.kind, points, reason: "resign" }),
      };
    }
    case "decline-resign": {
      const offer = state.pendingResign;
      if (state.phase !== "resign" || !offer)
        return fail("wrong-phase", "There is no offer to decline.");
      return { ok: true, state: { ...state, phase: offer.resume, pendingResign: null } };
    }
  }
}

function step(state: GameState, from: number, to: number, die?: number): ActResult {
  const view = turnView(state);
  if (!view) return fail("wrong-phase", "Roll the dice first.");
  const chosen = view.nextSteps.find(
    (s) => s.from === from && s.to === to && (die === undefined || s.die === die),
  );
  if (!chosen) return fail("illegal-step", "That move is not allowed.");
  const moved: GameState = { ...state, steps: [...state.steps, chosen] };
  const after = turnView(moved);
  if (after?.complete && !state.confirmTurns) return { ok: true, state: endTurn(moved) };
  return { ok: true, state: moved };
}

function resign(state: GameState, by: Color, kind: ResultKind | undefined): ActResult {
  if (state.phase === "double" && actor(state) === by)
    return fail("bad-resign", "Answer the double first: dropping it ends the game.");
  if (state.variant === "long") {
    const s = finishByPosition(state, other(by), "resign");
    return { ok: true, state: s };
  }
  if (state.phase === "resign") return fail("wrong-phase", "A resignation offer is already open.");
  if (kind !== "single" && kind !== "gammon" && kind !== "backgammon")
    return fail("bad-resign", "Offer a single, a gammon or a backgammon.");
  return {
    ok: true,
    state: { ...state, phase: "resign", pendingResign: { by, kind, resume: state.phase } },
  };
}
