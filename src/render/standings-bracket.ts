import { MARK, WOOD } from "./palette.js";
import {
  footerItem,
  frameSvg,
  headerItems,
  INK,
  MARGIN,
  MUTED,
  type Picture,
} from "./standings-frame.js";
import type { BracketMatchView, BracketSideView, BracketView } from "./standings-view.js";
import { circle, n1, rect } from "./svg-util.js";
import type { TextItem } from "./text-image.js";

export const MIN_WIDTH = 1000;
export const MAX_WIDTH = 1600;
export const LINE_H = 30;
export const BOX_H = 2 * LINE_H;
const V_GAP = 18;
/** Height of a first-round match's slot; later rounds' slots are multiples of it. */
const SLOT = BOX_H + V_GAP;
/** Room between two rounds for the lines joining them. */
const COL_GAP = 48;
const BOX_MIN = 210;
const BOX_MAX = 300;
const SCORE_W = 42;
const NAME_PAD = 10;

const BOX_FILL = WOOD.field;
const SCORE_FILL = "#d0a86c";
const WON_FILL = WOOD.pointLight;
const WON_SCORE_FILL = "#e6cd9c";
const CHAMPION_FILL = "#ffd166";
const LIVE_DOT = "#e0301e";

export interface BoxRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface BracketGeometry {
  readonly width: number;
  readonly height: number;
  readonly boxW: number;
  /** The box of each match, round by round. */
  readonly boxes: readonly (readonly BoxRect[])[];
  /** Vertical centre of the round names. */
  readonly roundNameY: number;
  /** Horizontal centre of each round's column. */
  readonly columnX: readonly number[];
  readonly footerY: number | null;
}

/** Where everything of a bracket goes; exported for tests that sample pixels. */
export function bracketGeometry(view: BracketView): BracketGeometry {
  const rounds = view.rounds.length;
  const inner = (w: number) => w - 2 * MARGIN - Math.max(0, rounds - 1) * COL_GAP;
  let boxW = Math.max(BOX_MIN, Math.min(BOX_MAX, inner(MIN_WIDTH) / Math.max(1, rounds)));
  // More rounds than a 32-player draw: narrower boxes rather than a wider picture.
  if (rounds > 0) boxW = Math.min(boxW, inner(MAX_WIDTH) / rounds);
  const blockW = rounds * boxW + Math.max(0, rounds - 1) * COL_GAP;
  const width = Math.max(MIN_WIDTH, Math.ceil(blockW + 2 * MARGIN));
  const x0 = (width - blockW) / 2;
  const top = view.subtitle.trim() === "" ? 74 : 102;
  const roundNameY = top + 12;
  const areaTop = top + 30;
  const first = Math.max(1, view.rounds[0]?.matches.length ?? 1);
  const areaH = first * SLOT;
  const boxes = view.rounds.map((r, ri) => {
    const slot = areaH / Math.max(1, r.matches.length);
    const x = x0 + ri * (boxW + COL_GAP);
    return r.matches.map((_, j) => ({
      x,
      y: areaTop + (j + 0.5) * slot - BOX_H / 2,
      w: boxW,
      h: BOX_H,
    }));
  });
  const bottom = areaTop + areaH - V_GAP / 2;
  const hasFooter = view.footer.trim() !== "";
  return {
    width,
    height: Math.ceil(bottom + (hasFooter ? 56 : MARGIN)),
    boxW,
    boxes,
    roundNameY,
    columnX: view.rounds.map((_, ri) => x0 + ri * (boxW + COL_GAP) + boxW / 2),
    footerY: hasFooter ? bottom + 30 : null,
  };
}

/** The lines from each pair of matches to the match they feed. */
function connectors(g: BracketGeometry): string {
  let d = "";
  g.boxes.forEach((round, ri) => {
    const next = g.boxes[ri + 1];
    if (!next) return;
    round.forEach((b, j) => {
      const to = next[j >> 1];
      if (!to) return;
      const y0 = b.y + b.h / 2;
      const y1 = to.y + to.h / 2;
      const x0 = b.x + b.w;
      const mid = x0 + COL_GAP / 2;
      d += `M${n1(x0)} ${n1(y0)}H${n1(mid)}V${n1(y1)}H${n1(to.x)}`;
    });
  });
  return d === ""
    ? ""
    : `<path d="${d}" fill="none" stroke="${WOOD.label}" stroke-width="2" stroke-opacity="0.75"/>`;
}

type SideState = "won" | "champion" | "lost" | "open" | "absent";

function sideState(
  side: BracketSideView | null,
  other: BracketSideView | null,
  final: boolean,
): SideState {
  if (!side) return "absent";
  if (side.won) return final ? "champion" : "won";
  if (other?.won) return "lost";
  return "open";
}

function matchPicture(
  m: BracketMatchView,
  b: BoxRect,
  final: boolean,
  view: BracketView,
  id: string,
): { svg: string; items: TextItem[] } {
  const box = (fill: string, extra = "") => rect(b.x, b.y, b.w, b.h, fill, ` rx="5"${extra}`);
  // Line and score backgrounds are clipped to the rounded box.
  let fills = rect(b.x, b.y, b.w, b.h, BOX_FILL);
  const items: TextItem[] = [];
  const sides: [BracketSideView | null, BracketSideView | null] = [m.a, m.b];
  sides.forEach((side, k) => {
    const state = sideState(side, sides[1 - k] ?? null, final);
    const y = b.y + k * LINE_H;
    const strong = state === "won" || state === "champion";
    if (strong) fills += rect(b.x, y, b.w, LINE_H, state === "champion" ? CHAMPION_FILL : WON_FILL);
    fills += rect(b.x + b.w - SCORE_W, y, SCORE_W, LINE_H, strong ? WON_SCORE_FILL : SCORE_FILL);
    const cy = y + LINE_H / 2;
    const text = side ? side.name : m.bye ? view.byeText : view.tbd;
    const style = { size: 16, bold: strong, color: state === "open" || strong ? INK : MUTED };
    items.push({
      text,
      style,
      x: b.x + NAME_PAD,
      cy,
      align: "left",
      maxWidth: b.w - SCORE_W - NAME_PAD - 8,
    });
    if (side?.score)
      items.push({
        text: side.score,
        style,
        x: b.x + b.w - SCORE_W / 2,
        cy,
        align: "center",
        maxWidth: SCORE_W - 6,
      });
  });
  fills += rect(b.x, b.y + LINE_H - 0.5, b.w, 1, WOOD.frameEdge, ` opacity="0.5"`);
  let svg = `<clipPath id="${id}">${box("#000")}</clipPath><g clip-path="url(#${id})">${fills}</g>`;
  const edge = m.live ? MARK.current : WOOD.frameEdge;
  svg += box("none", ` stroke="${edge}" stroke-width="${m.live ? 3 : 2}"`);
  if (m.live)
    svg += circle(b.x + b.w, b.y, 7, LIVE_DOT, ` stroke="${WOOD.label}" stroke-width="2"`);
  return { svg, items };
}

/** The bracket's shapes (SVG body) and texts. */
export function bracketPicture(view: BracketView): Picture {
  const g = bracketGeometry(view);
  let svg = frameSvg(g.width, g.height) + connectors(g);
  const items: TextItem[] = headerItems(view.title, view.subtitle, g.width);
  const last = view.rounds.length - 1;
  view.rounds.forEach((r, ri) => {
    items.push({
      text: r.name,
      style: { size: 16, bold: true, color: WOOD.label },
      x: g.columnX[ri]!,
      cy: g.roundNameY,
      align: "center",
      maxWidth: g.boxW,
      minSize: 12,
    });
    r.matches.forEach((m, j) => {
      const p = matchPicture(m, g.boxes[ri]![j]!, ri === last, view, `m${ri}-${j}`);
      svg += p.svg;
      items.push(...p.items);
    });
  });
  if (g.footerY !== null) items.push(footerItem(view.footer, g.width, g.footerY));
  return { svg, width: g.width, height: g.height, items };
}
