import type { Color } from "../../engine/index.js";
import type {
  CubeDecision,
  Decision,
  GameAnalysis,
  GameView,
  PlayerAnalysis,
} from "../../services/index.js";
import { gameLabel } from "./caption.js";
import { CAPTION_LIMIT, fitHtml, TEXT_LIMIT } from "./fit.js";
import { htmlName } from "./names.js";
import { COLOUR_ICON } from "./result-text.js";
import type { Tr } from "./tr.js";

/** Equity to three decimals, signed: "+0.125", "−0.040". */
export const signed = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(3)}`;

const name = (g: GameView, c: Color) =>
  `${COLOUR_ICON[c]} ${htmlName(c === "white" ? g.white : g.black)}`;

const perDecision = (p: PlayerAnalysis) => (p.decisions === 0 ? 0 : p.lost / p.decisions);

/** Who played better (by equity lost per decision, a clear margin only) and who rolled better. */
function verdict(t: Tr, g: GameView, a: GameAnalysis): string {
  const w = perDecision(a.white);
  const b = perDecision(a.black);
  const luckier = name(g, a.white.luck >= a.black.luck ? "white" : "black");
  if (Math.abs(w - b) < 0.005) return t("analysis-verdict-even", { luckier });
  return t("analysis-verdict-better", { name: name(g, w < b ? "white" : "black"), luckier });
}

/** The report: per player decisions, errors, blunders, equity lost and luck, then a verdict. */
export function analysisText(t: Tr, g: GameView, a: GameAnalysis): string {
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

/** A costly decision's caption: who, when, the dice, the play made and the best, with equities. */
export function decisionCaption(t: Tr, g: GameView, d: Decision): string {
  const text = t("analysis-decision", {
    name: name(g, d.color),
    turn: d.turn,
    dice: `${d.dice[0]}-${d.dice[1]}`,
    played: d.playedMoves.join(" ") || "—",
    playedEquity: signed(d.playedEquity),
    best: d.bestMoves.join(" "),
    bestEquity: signed(d.bestEquity),
    loss: d.loss.toFixed(3),
  });
  return fitHtml(text, CAPTION_LIMIT);
}

/** A costly cube or resignation decision: what was done and what was best, per unit cube. */
export function cubeDecisionCaption(t: Tr, g: GameView, d: CubeDecision): string {
  const text = t("analysis-cube-decision", {
    name: name(g, d.color),
    turn: d.turn,
    cube: d.cube.value,
    action: t(`analysis-action-${d.action}`),
    chosenEquity: signed(d.chosenEquity),
    best: t(`analysis-action-${d.bestAction}`),
    bestEquity: signed(d.bestEquity),
    loss: d.loss.toFixed(3),
  });
  return fitHtml(text, CAPTION_LIMIT);
}
