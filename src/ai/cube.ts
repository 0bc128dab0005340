import type { TurnSpec } from "../engine/index.js";
import { type Evaluator, flip, stockEvaluator } from "./evaluate.js";
import { matchEquity } from "./met.js";
import { onRollProbs } from "./search.js";
import type { AiContext, CubeAnswer, Level, Probs } from "./types.js";
import { crawfordDone, equity, isMatch, type OutcomeValues, outcomeValues } from "./values.js";

/** The cube as the side on roll sees it. */
export interface CubeView {
  readonly value: number;
  /** "me": the side on roll owns it; "opp": the other side; null: centred. */
  readonly owner: "me" | "opp" | null;
}

/**
 * Cube action windows, in the doubler's winning chances below its cash point: a live cube
 * is worth keeping until close to it (money ~68-70% against a ~78% cash point).
 */
const WINDOW = { initial: 0.1, redouble: 0.07 };
/** A taker who can still use the cube takes lighter than the dead-cube take point (25 → ~21.5%). */
const RECUBE_VIG = 0.86;

const scale = (v: OutcomeValues, k: number): OutcomeValues => ({
  win: [v.win[0] * k, v.win[1] * k, v.win[2] * k],
  lose: [v.lose[0] * k, v.lose[1] * k, v.lose[2] * k],
});

/**
 * The strong player's cube for `pos.me` on roll (before rolling): would it double, and would
 * the opponent take. Dead-cube equities (money points or match equity) for no double,
 * double/take and double/pass, with a take point lowered for the taker's recube and a
 * doubling window below the cash point for the doubler's own cube access.
 */
export function strongCube(
  pos: Omit<TurnSpec, "dice">,
  cube: CubeView,
  canDouble: boolean,
  ctx: AiContext,
  level: Level,
  ev: Evaluator = stockEvaluator(pos.variant),
): CubeAnswer {
  const c = cube.value;
  const match = isMatch(ctx.match) ? ctx.match : null;
  const valuesAt = (v: number, jacoby: boolean): OutcomeValues =>
    match
      ? outcomeValues(pos.variant, { ...ctx, jacobyActive: false }, v)
      : scale(outcomeValues(pos.variant, { ...ctx, jacobyActive: jacoby }), v);
  const base = valuesAt(c, false);
  const p: Probs =
    level === "easy" ? flip(ev.evaluate(pos.opp, pos.me)) : onRollProbs(ev, pos, base);

  const nd = equity(p, valuesAt(c, cube.owner === null && !!ctx.jacobyActive));
  const dtValues = valuesAt(2 * c, false);
  const dt = equity(p, dtValues);
  const dp = match
    ? matchEquity(
        match.to - match.me - c,
        match.to - match.opp,
        match.crawford || crawfordDone(match),
      )
    : c;

  // The taker's minimum winning chance: where double/take is worth as much as the drop.
  const winAvg = average(p.win, [p.win - p.winG, p.winG - p.winBG, p.winBG], dtValues.win);
  const lossAvg = average(
    1 - p.win,
    [1 - p.win - p.loseG, p.loseG - p.loseBG, p.loseBG],
    dtValues.lose,
  );
  const deadTake = winAvg === lossAvg ? 0 : (winAvg - dp) / (winAvg - lossAvg);
  const takerNeeds = match ? match.to - match.opp : Number.POSITIVE_INFINITY;
  const takerCanRecube = 2 * c < 64 && takerNeeds > 2 * c;
  const takePoint = deadTake * (takerCanRecube ? RECUBE_VIG : 1);
  const take = 1 - p.win >= takePoint;

  let double = false;
  if (canDouble) {
    if (!take) double = dp >= nd;
    else if (!takerCanRecube) double = dt > nd;
    else {
      const window = cube.owner === null ? WINDOW.initial : WINDOW.redouble;
      double = p.win >= 1 - takePoint - window && dt >= nd;
    }
  }
  return { double, take };
}

/** Average value of the outcomes in `parts` (probabilities summing to `total`). */
function average(total: number, parts: readonly number[], values: readonly number[]): number {
  if (total <= 1e-9) return values[0]!;
  let s = 0;
  for (let i = 0; i < parts.length; i++) s += Math.max(0, parts[i]!) * values[i]!;
  return s / total;
}
