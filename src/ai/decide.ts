import {
  type Action,
  actor,
  type Color,
  type GameState,
  mayDouble,
  nextSteps,
  other,
  type Play,
  RESULT_VALUE,
  type Side,
  type Step,
  sidesEqual,
  type TurnSpec,
  turnSpec,
} from "../engine/index.js";
import { type CubeView, strongCube } from "./cube.js";
import { flip, stockEvaluator } from "./evaluate.js";
import { pipcountCube, pipcountPlay } from "./pipcount.js";
import { strongPlay } from "./strong.js";
import { type AiContext, type CubeAnswer, DEFAULT_LEVEL, type Player } from "./types.js";
import { equity, outcomeValues } from "./values.js";

/** The chosen play for the roll in `spec` (one of `legalPlays(spec)`), or null: the turn passes. */
export function choosePlay(
  spec: TurnSpec,
  ctx: AiContext = {},
  player: Player = DEFAULT_LEVEL,
): Play | null {
  return player === "pipcount" ? pipcountPlay(spec) : strongPlay(spec, ctx, player);
}

/** A position before the roll of `me`, with the cube as `me` sees it. */
export interface CubePosition extends Omit<TurnSpec, "dice"> {
  readonly cube: CubeView;
  /** The side on roll may double now (cube option on, not the Crawford game, cube centred or its). */
  readonly canDouble: boolean;
}

/** Would `me` (on roll) double now, and would the opponent take. */
export function cubeDecision(
  pos: CubePosition,
  ctx: AiContext = {},
  player: Player = DEFAULT_LEVEL,
): CubeAnswer {
  if (player === "pipcount") {
    const answer = pipcountCube(pos.me, pos.opp, pos.cube.owner === "me");
    return { double: pos.canDouble && answer.double, take: answer.take };
  }
  return strongCube(pos, pos.cube, pos.canDouble, ctx, player);
}

/** The series score by colour; `to: 0` is a running series (money play). */
export interface SeriesScore {
  readonly to: number;
  readonly score: { readonly white: number; readonly black: number };
}

export interface DecideOptions {
  readonly player?: Player;
  readonly series?: SeriesScore | null;
  readonly random?: () => number;
}

/** The context for `color`'s decisions in `state`. */
function contextOf(state: GameState, color: Color, opts: DecideOptions = {}): AiContext {
  const s = opts.series;
  const match =
    s && s.to > 0
      ? {
          to: s.to,
          me: s.score[color],
          opp: s.score[other(color)],
          crawford: state.rules.cube && state.cubeDisabled,
        }
      : null;
  return {
    scoring: state.rules.scoring,
    cubeValue: state.cube.value,
    jacobyActive: !match && state.jacoby && state.cube.owner === null,
    match,
    ...(opts.random ? { random: opts.random } : {}),
  };
}

/** `state` before a roll, from its side on roll: the checkers and the cube as it sees them. */
export function cubePositionOf(state: GameState): CubePosition {
  const { dice: _dice, ...pos } = turnSpec(state, [1, 2]);
  const owner = state.cube.owner === null ? null : state.cube.owner === state.turn ? "me" : "opp";
  return { ...pos, cube: { value: state.cube.value, owner }, canDouble: mayDouble(state) };
}

/** The cube decision in `state` for its side on roll (also when a double awaits an answer). */
function stateCube(state: GameState, opts: DecideOptions = {}): CubeAnswer {
  return cubeDecision(
    cubePositionOf(state),
    contextOf(state, state.turn, opts),
    opts.player ?? DEFAULT_LEVEL,
  );
}

/** What the computer does now; `actions` are applied in order with `act` by `by`. */
export interface AiMove {
  readonly by: Color;
  /** Without dice: a roll phase answer is "roll" (the caller supplies the dice) or "double". */
  readonly actions: readonly Action[];
  /** The chosen play, in the move phase. */
  readonly play?: Play | null;
}

/** The computer's next action(s) for the side the game waits for, or null when it is over. */
export function chooseAction(state: GameState, opts: DecideOptions = {}): AiMove | null {
  const by = actor(state);
  if (!by) return null;
  const player = opts.player ?? DEFAULT_LEVEL;
  switch (state.phase) {
    case "roll":
      if (!mayDouble(state)) return { by, actions: [{ type: "roll" }] };
      return { by, actions: [{ type: stateCube(state, opts).double ? "double" : "roll" }] };
    case "double":
      return { by, actions: [{ type: stateCube(state, opts).take ? "take" : "drop" }] };
    case "resign":
      return {
        by,
        actions: [{ type: acceptResign(state, by) ? "accept-resign" : "decline-resign" }],
      };
    case "move": {
      const spec = turnSpec(state, state.dice!);
      const play = choosePlay(spec, contextOf(state, by, opts), player);
      const steps = play ? continuation(spec, state.steps, play) : [];
      const actions: Action[] = steps.map((s) => ({
        type: "step",
        from: s.from,
        to: s.to,
        die: s.die,
      }));
      if (state.confirmTurns) actions.push({ type: "commit" });
      return { by, actions, play };
    }
    default:
      return null;
  }
}

/**
 * Steps from the ones already taken to the play's position (the bot normally starts a
 * fresh turn, and then these are the play's own steps).
 */
function continuation(spec: TurnSpec, taken: readonly Step[], play: Play): Step[] {
  if (taken.length === 0) return [...play.steps];
  const reach = (prefix: Step[]): Step[] | null => {
    const r = nextSteps(spec, prefix);
    if (!r.ok) return null;
    if (r.complete) return samePosition(r.me, r.opp, play) ? prefix.slice(taken.length) : null;
    for (const s of r.steps) {
      const found = reach([...prefix, s]);
      if (found) return found;
    }
    return null;
  };
  return reach([...taken]) ?? [];
}

const samePosition = (me: Side, opp: Side, play: Play): boolean =>
  sidesEqual(me, play.me) && sidesEqual(opp, play.opp);

/** A short-nardy resignation offer is accepted when it gives at least what play is worth. */
function acceptResign(state: GameState, by: Color): boolean {
  const offer = state.pendingResign;
  if (!offer) return false;
  const { me, opp } = { me: state.board[by], opp: state.board[other(by)] };
  // Judged as if the resigner had just moved: close enough for a rare decision.
  const probs = flip(stockEvaluator(state.variant).evaluate(opp, me));
  const mine = equity(probs, outcomeValues(state.variant, { scoring: state.rules.scoring }));
  return RESULT_VALUE[offer.kind] >= mine - 0.02;
}
