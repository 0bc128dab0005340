import {
  borneOff,
  type Color,
  currentBoard,
  type GameState,
  pipCount,
  playNotation,
} from "../../engine/index.js";
import type { FinishInfo, GameView, PlayerView } from "../../services/index.js";
import { htmlName } from "./names.js";
import { gameTitle } from "./rules-text.js";
import type { Tr } from "./tr.js";

const ICON: Record<Color, string> = { white: "⚪", black: "⚫" };

export interface CaptionInput {
  readonly game: GameView;
  /** Series points of [white, black] before this game ends. */
  readonly score: readonly [number, number] | null;
  readonly finished?: FinishInfo | null;
  /** A one-line note for this update (e.g. a pass). */
  readonly note?: string | null;
}

const playerOf = (g: GameView, c: Color): PlayerView => (c === "white" ? g.white : g.black);
const who = (g: GameView, c: Color): string => `${ICON[c]} ${htmlName(playerOf(g, c))}`;
const diceText = (d: readonly [number, number]): string => `${d[0]}-${d[1]}`;

function statusLine(t: Tr, g: GameView, s: GameState): string {
  const mover = who(g, s.turn);
  const opponent = who(g, s.turn === "white" ? "black" : "white");
  switch (s.phase) {
    case "roll":
      return t("caption-roll-or-double", { name: mover });
    case "move":
      return t("caption-to-move", { dice: diceText(s.dice!), name: mover });
    case "double":
      return t("caption-double", { name: mover, value: s.cube.value * 2, other: opponent });
    case "resign": {
      const offer = s.pendingResign!;
      const by = who(g, offer.by);
      const to = who(g, offer.by === "white" ? "black" : "white");
      return t("caption-resign-offer", { name: by, kind: t(`result-${offer.kind}`), other: to });
    }
    case "over":
      return "";
  }
}

function resultLine(
  t: Tr,
  g: GameView,
  s: GameState,
  finished: FinishInfo | null | undefined,
): string {
  const r = s.result!;
  const series = finished?.series;
  const [a, b] = series ? seriesForColors(g, series.players, series.state.scores) : [null, null];
  const seriesText = a === null ? "" : ` · ${t("caption-series", { white: a, black: b! })}`;
  if (r.winner === null) return `🤝 ${t("caption-draw")}${seriesText}`;
  const kind = t(`result-${r.kind}`);
  return `🏆 ${t("caption-wins", { name: who(g, r.winner), kind, points: r.points })}${seriesText}`;
}

function seriesForColors(
  g: GameView,
  players: readonly [PlayerView, PlayerView],
  scores: readonly [number, number],
): [number, number] {
  return players[0].id === g.white.id ? [scores[0], scores[1]] : [scores[1], scores[0]];
}

function lastLine(t: Tr, _g: GameView, s: GameState): string | null {
  const m = s.lastMove;
  if (!m) return null;
  const play = m.steps.length ? playNotation(m.steps).join(" ") : t("caption-no-move");
  return t("caption-last", { name: ICON[m.color], dice: diceText(m.dice), play });
}

/** The caption under the board, in HTML, well within Telegram's 1024 characters. */
export function gameCaption(t: Tr, input: CaptionInput): string {
  const { game: g, score } = input;
  const s = g.state;
  const board = currentBoard(s);
  const [sw, sb] = score ?? [0, 0];
  const lines = [
    `${who(g, "white")} <b>${sw} : ${sb}</b> ${htmlName(g.black)} ${ICON.black}`,
    `<i>${gameTitle(t, g.variant, g.rules)}</i>`,
    t("caption-pips", {
      white: pipCount(board.white),
      black: pipCount(board.black),
      woff: borneOff(board.white),
      boff: borneOff(board.black),
    }),
  ];
  if (s.rules.cube && (s.cube.value > 1 || s.cube.owner)) {
    const owner = s.cube.owner ? who(g, s.cube.owner) : t("cube-centre");
    lines.push(t("caption-cube", { value: s.cube.value, owner }));
  }
  const last = lastLine(t, g, s);
  if (last) lines.push(last);
  if (input.note) lines.push(input.note);
  if (s.phase === "over") lines.push(resultLine(t, g, s, input.finished));
  else lines.push(statusLine(t, g, s));
  if (g.opening && s.turnNumber <= 2) lines.push(lotLine(t, g));
  if (s.phase === "over" && g.diceSeed) lines.push(t("caption-seed", { seed: g.diceSeed }));
  else if (s.turnNumber <= 2) lines.push(t("caption-commitment", { hash: g.diceCommitment }));
  return lines.join("\n");
}

function lotLine(t: Tr, g: GameView): string {
  const lot = g.opening!;
  const last = lot.rolls.at(-1)!;
  const name = (id: number) => htmlName(id === g.white.id ? g.white : g.black);
  const starter = g.state.starter;
  return t("caption-lot", {
    a: name(lot.players[0]),
    da: last[0],
    b: name(lot.players[1]),
    db: last[1],
    starter: who(g, starter),
  });
}
