import { inBearoffTable } from "../../src/ai/bearoff.js";
import { type Evaluator, finished } from "../../src/ai/evaluate.js";
import { lookAhead, scorePlays } from "../../src/ai/search.js";
import { outcomeValues } from "../../src/ai/values.js";
import {
  type Dice,
  defaultRules,
  legalPlays,
  type Side,
  seededRandom,
  startingSide,
} from "../../src/engine/index.js";
import type { Labelled } from "./labelled.js";
import { nextTurnSpec } from "./turns.js";

export interface LabelGames {
  readonly games: number;
  readonly seed: number;
  /** The chance of playing the 0-ply second best instead of the best. */
  readonly explore: number;
  readonly progress?: (games: number, positions: number) => void;
}

/**
 * Long nardy's self-play games at 0-ply, each position right after a move labelled with the
 * chances the 1-ply look-ahead gives it. Races with both sides home are left out: the bear-off
 * table is exact there. Same seed, same labels.
 */
export function searchLabels(ev: Evaluator, opts: LabelGames): Labelled[] {
  const random = seededRandom(opts.seed);
  const rules = defaultRules("long");
  const values = outcomeValues("long", { scoring: rules.scoring });
  const out: Labelled[] = [];
  for (let g = 0; g < opts.games; g++) {
    let me: Side = startingSide("long");
    let opp: Side = startingSide("long");
    const firstRolls: [Dice | null, Dice | null] = [null, null];
    for (let turn = 0; turn < 2000; turn++) {
      const dice: Dice = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
      const spec = nextTurnSpec({ variant: "long", rules, me, opp, dice }, firstRolls, turn % 2);
      const ranked = scorePlays(ev, legalPlays(spec), values).sort((a, b) => b.equity - a.equity);
      const pick = ranked.length > 1 && random() < opts.explore ? ranked[1]! : ranked[0];
      const next = pick ? pick.play : { me, opp };
      if (finished("long", next.me, next.opp)) break;
      if (pick && !(inBearoffTable(next.me) && inBearoffTable(next.opp))) {
        const t = lookAhead(ev, spec, pick.play, values).probs;
        out.push({
          me: next.me,
          opp: next.opp,
          target: [t.win, t.winG, t.winBG, t.loseG, t.loseBG],
        });
      }
      me = next.opp;
      opp = next.me;
    }
    opts.progress?.(g + 1, out.length);
  }
  return out;
}

/** One line of a label file, as `readLongLabels` reads it (chances to 5 decimals). */
export function longLabelLine(l: Labelled): string {
  const t = l.target.map((p) => Math.round(p * 1e5) / 1e5);
  return JSON.stringify({ me: l.me, opp: l.opp, t });
}
