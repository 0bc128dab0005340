import { type Dice, legalPlays, type Play, type Side, type TurnSpec } from "../engine/index.js";
import { type Evaluator, flip } from "./evaluate.js";
import type { Probs } from "./types.js";
import { equity, type OutcomeValues } from "./values.js";

/** The 21 distinct rolls with their weight out of 36. */
export const ROLLS: readonly { dice: Dice; weight: number }[] = (() => {
  const out: { dice: Dice; weight: number }[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++) out.push({ dice: [b, a], weight: a === b ? 1 : 2 });
  return out;
})();

export interface Scored {
  readonly play: Play;
  readonly probs: Probs;
  readonly equity: number;
}

/** 0-ply: each play by the evaluation of the position it leaves. */
export function scorePlays(ev: Evaluator, plays: readonly Play[], values: OutcomeValues): Scored[] {
  return plays.map((play) => {
    const probs = ev.evaluate(play.me, play.opp);
    return { play, probs, equity: equity(probs, values) };
  });
}

/**
 * The opponent's turn after my play of `spec`, before its roll: its first-turn state follows
 * mine (when I open the game, its next turn is its first and my roll is the one it answers).
 */
export function replyTurn(spec: TurnSpec, me: Side, opp: Side): Omit<TurnSpec, "dice"> {
  const oppFirst = spec.variant === "long" && !!spec.firstTurn && !spec.opponentFirstRoll;
  return {
    variant: spec.variant,
    rules: spec.rules,
    me: opp,
    opp: me,
    firstTurn: oppFirst,
    opponentFirstRoll: oppFirst ? spec.dice : null,
  };
}

const replySpec = (spec: TurnSpec, me: Side, opp: Side, dice: Dice): TurnSpec => ({
  ...replyTurn(spec, me, opp),
  dice,
});

/** Weighted sum of outcome distributions over the 36 rolls. */
class RollAverage {
  private readonly sum: Probs = { win: 0, winG: 0, winBG: 0, loseG: 0, loseBG: 0 };

  add(p: Probs, weight: number): void {
    this.sum.win += weight * p.win;
    this.sum.winG += weight * p.winG;
    this.sum.winBG += weight * p.winBG;
    this.sum.loseG += weight * p.loseG;
    this.sum.loseBG += weight * p.loseBG;
  }

  result(): Probs {
    const s = this.sum;
    return {
      win: s.win / 36,
      winG: s.winG / 36,
      winBG: s.winBG / 36,
      loseG: s.loseG / 36,
      loseBG: s.loseBG / 36,
    };
  }
}

/**
 * 1-ply: my chances after the play, averaged over the opponent's 21 rolls, the opponent
 * answering each with the reply that is worst for me at 0-ply.
 */
export function lookAhead(
  ev: Evaluator,
  spec: TurnSpec,
  play: Play,
  values: OutcomeValues,
): { probs: Probs; equity: number } {
  return afterReplies(ev, spec, play, values, null);
}

/**
 * 2-ply: as `lookAhead`, but the position after the opponent's reply is valued before my
 * next roll (`onRollProbs`: my 21 rolls, each played by its 0-ply best).
 */
export function lookTwoAhead(
  ev: Evaluator,
  spec: TurnSpec,
  play: Play,
  values: OutcomeValues,
): { probs: Probs; equity: number } {
  const next = nextTurn(spec);
  return afterReplies(ev, spec, play, values, (me, opp) =>
    onRollProbs(ev, { ...next, me, opp }, values),
  );
}

/**
 * My chances after the play over the opponent's 21 rolls and 0-ply worst replies; the
 * position then mine to roll is valued by `onRoll`, or at 0-ply when it is null.
 */
function afterReplies(
  ev: Evaluator,
  spec: TurnSpec,
  play: Play,
  values: OutcomeValues,
  onRoll: ((me: Side, opp: Side) => Probs) | null,
): { probs: Probs; equity: number } {
  if (play.me[0] === 15) {
    const done = ev.evaluate(play.me, play.opp);
    return { probs: done, equity: equity(done, values) };
  }
  const avg = new RollAverage();
  for (const { dice, weight } of ROLLS) {
    const replies = legalPlays(replySpec(spec, play.me, play.opp, dice));
    let worst: Play | null = null;
    let worstProbs: Probs | null = null;
    let worstEq = Number.POSITIVE_INFINITY;
    for (const r of replies) {
      const mine = flip(ev.evaluate(r.me, r.opp));
      const eq = equity(mine, values);
      if (eq < worstEq) {
        worstEq = eq;
        worst = r;
        worstProbs = mine;
      }
    }
    if (!worst) {
      // No reply: the opponent passes, and the position my play left is mine to roll.
      avg.add(onRoll ? onRoll(play.me, play.opp) : flip(ev.evaluate(play.opp, play.me)), weight);
    } else if (onRoll && worst.me[0] !== 15) {
      avg.add(onRoll(worst.opp, worst.me), weight);
    } else avg.add(worstProbs!, weight);
  }
  const probs = avg.result();
  return { probs, equity: equity(probs, values) };
}

/** My turn after the opponent's reply: never the first turn of either side. */
function nextTurn(spec: TurnSpec): Omit<TurnSpec, "dice" | "me" | "opp"> {
  return { variant: spec.variant, rules: spec.rules, firstTurn: false, opponentFirstRoll: null };
}

/** My chances before rolling: the best play of each of my 21 rolls at 0-ply, averaged. */
export function onRollProbs(
  ev: Evaluator,
  spec: Omit<TurnSpec, "dice">,
  values: OutcomeValues,
): Probs {
  const avg = new RollAverage();
  for (const { dice, weight } of ROLLS) {
    const plays = legalPlays({ ...spec, dice });
    let best = plays.length === 0 ? flip(ev.evaluate(spec.opp, spec.me)) : null;
    let bestEq = Number.NEGATIVE_INFINITY;
    for (const s of scorePlays(ev, plays, values)) {
      if (s.equity > bestEq) {
        bestEq = s.equity;
        best = s.probs;
      }
    }
    avg.add(best!, weight);
  }
  return avg.result();
}
