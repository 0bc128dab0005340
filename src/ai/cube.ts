import { legalPlays, type Side, type TurnSpec } from "../engine/index.js";
import { CubefulModel, type Owner } from "./cubeful.js";
import { cubeEfficiency, type Efficiency } from "./efficiency.js";
import { type Evaluator, flip, stockEvaluator } from "./evaluate.js";
import { onRollProbs, ROLLS, replyTurn } from "./search.js";
import { type Stakes, stakesOf } from "./stakes.js";
import type { AiContext, CubeAnswer, Level, Probs } from "./types.js";
import { equity, type OutcomeValues, outcomeValues } from "./values.js";

/** The cube as the side on roll sees it. */
export interface CubeView {
  readonly value: number;
  /** "me": the side on roll owns it; "opp": the other side; null: centred. */
  readonly owner: Owner;
}

/** Cubeful equities of the three answers, for the side on roll (money points or match chance). */
export interface CubeEquities {
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doublePass: number;
}

export interface CubeOptions {
  readonly ev?: Evaluator;
  readonly efficiency?: Efficiency;
}

/**
 * How far apart (per cube) the one-roll look's answers may be and still get the second look:
 * past it, neither the double nor the take is close, and one roll ahead settles them.
 */
const LIVE_WINDOW = 0.25;

/**
 * The cubeful equities for `pos.me` on roll, before rolling. Easy: Janowski's model on the
 * evaluator's chances at once (0-ply). Medium looks one roll ahead: each of my 21 rolls
 * played by the 0-ply best play, and the position after it valued from the other side's view,
 * who may double there or redouble (1-ply, as gnubg's own cube search). Hard and expert, when
 * that look finds the decision close, also look two rolls ahead (the other side's chances
 * there over its 21 rolls) and take the mean of the two looks, which cost less against GNU
 * Backgammon's 2-ply on the first two stored money samples than either look alone (docs/benchmarks.md).
 */
export function cubeEquities(
  pos: Omit<TurnSpec, "dice">,
  cube: CubeView,
  ctx: AiContext,
  level: Level,
  opts: CubeOptions = {},
): CubeEquities {
  const ev = opts.ev ?? stockEvaluator(pos.variant);
  const stakes = stakesOf(pos.variant, ctx.scoring, ctx.match);
  const v = cube.value;
  const doublePass = stakes.won(v);
  // The Crawford game: nobody doubles, so the cube is dead either way.
  const eff = (me: Side, opp: Side) =>
    ctx.match?.crawford ? 0 : cubeEfficiency(pos.variant, me, opp, opts.efficiency);
  if (level === "easy") {
    const m = new CubefulModel(flip(ev.evaluate(pos.opp, pos.me)), stakes);
    const x = eff(pos.me, pos.opp);
    return {
      noDouble: m.cubeful(v, cube.owner, x),
      doubleTake: m.cubeful(2 * v, "opp", x),
      doublePass,
    };
  }
  const values = outcomeValues(pos.variant, ctx);
  const afters = ROLLS.map(({ dice, weight }) => {
    const spec = { ...pos, dice };
    return { weight, spec, after: bestAfter(ev, spec, values) };
  });
  const look = { cube, ctx, stakes, eff, afters };
  const oneRoll = rollAhead(look, (after) => flip(after.probs));
  if (level === "medium" || !isClose(oneRoll)) return oneRoll;
  // The other side's best plays, ranked by its own values (theirs are mine turned round).
  const turned = (o: readonly [number, number, number]) => [-o[0], -o[1], -o[2]] as const;
  const theirValues: OutcomeValues = { win: turned(values.lose), lose: turned(values.win) };
  const twoRolls = rollAhead(look, (after, spec) =>
    onRollProbs(ev, replyTurn(spec, after.me, after.opp), theirValues),
  );
  return {
    noDouble: (oneRoll.noDouble + twoRolls.noDouble) / 2,
    doubleTake: (oneRoll.doubleTake + twoRolls.doubleTake) / 2,
    doublePass,
  };
}

/** Whether doubling or taking is within the live window either way. */
function isClose(e: CubeEquities): boolean {
  const doubled = Math.min(e.doubleTake, e.doublePass);
  return (
    Math.abs(doubled - e.noDouble) < LIVE_WINDOW ||
    Math.abs(e.doubleTake - e.doublePass) < LIVE_WINDOW
  );
}

type After = ReturnType<typeof bestAfter>;

interface RollLook {
  readonly cube: CubeView;
  readonly ctx: AiContext;
  readonly stakes: Stakes;
  readonly eff: (me: Side, opp: Side) => number;
  /** My 21 rolls, each with its 0-ply best play. */
  readonly afters: readonly { weight: number; spec: TurnSpec; after: After }[];
}

/**
 * No double and double/take over my 21 rolls, the other side then on roll with the chances
 * `theirChances` gives it after my play.
 */
function rollAhead(
  look: RollLook,
  theirChances: (after: After, spec: TurnSpec) => Probs,
): CubeEquities {
  const { cube, ctx, stakes, eff } = look;
  const v = cube.value;
  const them = stakes.swap();
  let noDouble = 0;
  let doubleTake = 0;
  for (const { weight, spec, after } of look.afters) {
    if (after.done) {
      // I bore off my last checker: the game is over, whatever the cube.
      const m = new CubefulModel(after.probs, stakes);
      noDouble += weight * m.dead(v);
      doubleTake += weight * m.dead(2 * v);
      continue;
    }
    // The other side on roll, with its chances and its view of the cube.
    const m = new CubefulModel(theirChances(after, spec), them);
    const x = eff(after.opp, after.me);
    const theirOwner: Owner = cube.owner === "me" ? "opp" : cube.owner === "opp" ? "me" : null;
    const nd = onRoll(m, them, v, theirOwner, x, !!ctx.match?.crawford);
    const dt = onRoll(m, them, 2 * v, "me", x, !!ctx.match?.crawford);
    noDouble += weight * stakes.other(nd);
    doubleTake += weight * stakes.other(dt);
  }
  return { noDouble: noDouble / 36, doubleTake: doubleTake / 36, doublePass: stakes.won(v) };
}

/** The best value for the side on roll of `m`: no double, or double if that is better. */
function onRoll(
  m: CubefulModel,
  stakes: Stakes,
  v: number,
  owner: Owner,
  x: number,
  crawford: boolean,
): number {
  const nd = m.cubeful(v, owner, x);
  if (crawford || owner === "opp" || stakes.cubeDeadFor(v)) return nd;
  const dt = m.cubeful(2 * v, "opp", x);
  return Math.max(nd, Math.min(dt, stakes.won(v)));
}

/** The position after the 0-ply best play of the roll, and my chances there (I just moved). */
function bestAfter(
  ev: Evaluator,
  spec: TurnSpec,
  values: ReturnType<typeof outcomeValues>,
): { me: Side; opp: Side; probs: Probs; done: boolean } {
  let me = spec.me;
  let opp = spec.opp;
  // No play: I pass, and the other side rolls the same position.
  let probs = ev.evaluate(me, opp);
  let best = Number.NEGATIVE_INFINITY;
  for (const play of legalPlays(spec)) {
    const p = ev.evaluate(play.me, play.opp);
    const eq = equity(p, values);
    if (eq > best) {
      best = eq;
      probs = p;
      me = play.me;
      opp = play.opp;
    }
  }
  return { me, opp, probs, done: me[0] === 15 };
}

/**
 * The strong player's cube for `pos.me` on roll: it doubles when doubling (the other side
 * answering as best for it) is worth at least as much as not, and the other side takes when taking
 * costs it no more than the drop.
 */
export function strongCube(
  pos: Omit<TurnSpec, "dice">,
  cube: CubeView,
  canDouble: boolean,
  ctx: AiContext,
  level: Level,
  opts: CubeOptions = {},
): CubeAnswer {
  const e = cubeEquities(pos, cube, ctx, level, opts);
  const take = e.doubleTake <= e.doublePass;
  // On a tie (a sure win, a single either way) doubling ends the game at once.
  const double = canDouble && Math.min(e.doubleTake, e.doublePass) >= e.noDouble - 1e-9;
  return { double, take };
}
