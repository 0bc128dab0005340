import type { Color } from "../../../engine/index.js";
import type {
  CubeDecision,
  Decision,
  GameAnalysis,
  GameView,
  PlayerAnalysis,
} from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { gameLabel } from "../../ui/caption.js";
import { CAPTION_LIMIT, fitHtml, shownText, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName } from "../../ui/names.js";
import { COLOUR_ICON } from "../../ui/result-text.js";

/** Equity to three decimals, signed: "+0.125", "−0.040". */
export const signed = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(3)}`;

const name = (g: GameView, c: Color) =>
  `${COLOUR_ICON[c]} ${htmlName(c === "white" ? g.white : g.black)}`;

const perDecision = (p: PlayerAnalysis) => (p.decisions === 0 ? 0 : p.lost / p.decisions);

/** Who played better (by equity lost per decision, a clear margin only) and who rolled better. */
function verdict(t: Translate, g: GameView, a: GameAnalysis): string {
  const w = perDecision(a.white);
  const b = perDecision(a.black);
  const luckier = name(g, a.white.luck >= a.black.luck ? "white" : "black");
  if (Math.abs(w - b) < 0.005) return t("analysis-verdict-even", { luckier });
  return t("analysis-verdict-better", { name: name(g, w < b ? "white" : "black"), luckier });
}

/** The report: per player decisions, errors, blunders, equity lost and luck, then a verdict. */
export function analysisText(t: Translate, g: GameView, a: GameAnalysis): string {
  const lines = [`<b>${t("analysis-title", { game: gameLabel(t, g) })}</b>`];
  for (const c of ["white", "black"] as const) {
    const p = a[c];
    lines.push(
      `${name(g, c)}\n${t("analysis-player", {
        decisions: p.decisions,
        errors: p.errors,
        blunders: p.blunders,
        lost: p.lost.toFixed(3),
        perDecision: perDecision(p).toFixed(3),
        luck: signed(p.luck),
      })}${
        p.cube && p.cube.decisions > 0
          ? `\n${t("analysis-player-cube", {
              decisions: p.cube.decisions,
              errors: p.cube.errors,
              lost: p.cube.lost.toFixed(3),
            })}`
          : ""
      }`,
    );
  }
  lines.push(verdict(t, g, a));
  return fitHtml(lines.join("\n\n"), TEXT_LIMIT);
}

/** One of a player's costliest decisions: a checker play, or a cube or resignation decision. */
export type CostlyDecision = Decision | CubeDecision;

/**
 * How much a decision's line says: `full`, the plays (or cube actions) with their equities;
 * `short`, the plays and the loss; `brief`, the loss alone (the picture shows the plays).
 */
export type LineDetail = "full" | "short" | "brief";

/** A costly checker play: whose (its colour; the report names the player), when, the dice. */
export function decisionLine(t: Translate, d: Decision, detail: LineDetail): string {
  const vars = {
    side: COLOUR_ICON[d.color],
    turn: d.turn,
    dice: `${d.dice[0]}-${d.dice[1]}`,
    loss: d.loss.toFixed(3),
  };
  const plays = { ...vars, played: d.playedMoves.join(" ") || "—", best: d.bestMoves.join(" ") };
  if (detail === "brief") return t("analysis-decision-brief", vars);
  if (detail === "short") return t("analysis-decision-short", plays);
  return t("analysis-decision", {
    ...plays,
    playedEquity: signed(d.playedEquity),
    bestEquity: signed(d.bestEquity),
  });
}

/** A costly cube or resignation decision: what was done and what was best, per unit cube. */
export function cubeDecisionLine(t: Translate, d: CubeDecision, detail: LineDetail): string {
  const vars = {
    side: COLOUR_ICON[d.color],
    turn: d.turn,
    cube: d.cube.value,
    loss: d.loss.toFixed(3),
  };
  const actions = {
    ...vars,
    action: t(`analysis-action-${d.action}`),
    best: t(`analysis-action-${d.bestAction}`),
  };
  if (detail === "brief") return t("analysis-cube-decision-brief", vars);
  if (detail === "short") return t("analysis-cube-decision-short", actions);
  return t("analysis-cube-decision", {
    ...actions,
    chosenEquity: signed(d.chosenEquity),
    bestEquity: signed(d.bestEquity),
  });
}

/** What the analysis posts: one text, and the decisions its picture shows. */
export interface AnalysisPost {
  /** The report, then a numbered line per pictured decision; within CAPTION_LIMIT when any is. */
  readonly text: string;
  /** The decisions to picture, numbered in this order; none: the text goes alone. */
  readonly pictured: readonly CostlyDecision[];
}

/**
 * The report with the costliest decisions of both players as the caption of one picture:
 * their lines in as much detail as fits Telegram's caption limit, else the last ones left out
 * (and left out of the picture too). A report that cannot fit at all (it
 * cannot, with names cut to their length) goes as a text of its own.
 */
export function analysisPost(t: Translate, g: GameView, a: GameAnalysis): AnalysisPost {
  const report = analysisText(t, g, a);
  const costly = [...a.white.costliest, ...a.black.costliest];
  const line = (d: CostlyDecision, i: number, detail: LineDetail) =>
    `${i + 1}. ${d.kind === "cube" ? cubeDecisionLine(t, d, detail) : decisionLine(t, d, detail)}`;
  const withLines = (ds: readonly CostlyDecision[], detail: LineDetail) =>
    [report, [t("analysis-pictured"), ...ds.map((d, i) => line(d, i, detail))].join("\n")].join(
      "\n\n",
    );
  for (let n = costly.length; n > 0; n--) {
    const shown = costly.slice(0, n);
    for (const detail of ["full", "short", "brief"] as const) {
      const text = withLines(shown, detail);
      if (visibleLength(text) <= CAPTION_LIMIT) return { text, pictured: shown };
    }
  }
  return { text: report, pictured: [] };
}

/** The length Telegram measures of an HTML text: after parsing, in UTF-16 units. */
const visibleLength = (html: string): number => shownText(html).length;
