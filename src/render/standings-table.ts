import { MARK, WOOD } from "./palette.js";
import {
  footerItem,
  frameSvg,
  headerItems,
  INK,
  MARGIN,
  PANEL_BORDER,
  type Picture,
} from "./standings-frame.js";
import type { TableRowView, TableView } from "./standings-view.js";
import { circle, n1, rect } from "./svg-util.js";
import type { TextItem } from "./text-image.js";

export const TABLE_WIDTH = 1000;
export const HEAD_H = 40;
export const ROW_H = 40;
const CELL_PAD = 10;
const NAME_PAD = 14;

/** Column widths left to right; the name takes what the others leave. */
const FIXED = { place: 60, played: 100, wins: 100, losses: 100, points: 120, diff: 96 } as const;

export interface Column {
  readonly x: number;
  readonly w: number;
}

export interface TableGeometry {
  readonly width: number;
  readonly height: number;
  /** The panel holding the heading row and the rows. */
  readonly panel: {
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
  };
  readonly columns: {
    readonly place: Column;
    readonly name: Column;
    readonly played: Column;
    readonly wins: Column;
    readonly losses: Column;
    readonly points: Column;
    readonly diff: Column;
  };
  /** Top of row i is rowTop + i * ROW_H. */
  readonly rowTop: number;
  /** Vertical centre of the footer line, if any. */
  readonly footerY: number | null;
}

/** Where everything of a table goes; exported for tests that sample pixels. */
export function tableGeometry(view: TableView): TableGeometry {
  const top = view.subtitle.trim() === "" ? 74 : 102;
  const x = MARGIN;
  const w = TABLE_WIDTH - 2 * MARGIN;
  const inner = w - 2 * PANEL_BORDER;
  const fixed = Object.values(FIXED).reduce((s, v) => s + v, 0);
  let cx = x + PANEL_BORDER;
  const col = (cw: number): Column => {
    const c = { x: cx, w: cw };
    cx += cw;
    return c;
  };
  const columns = {
    place: col(FIXED.place),
    name: col(inner - fixed),
    played: col(FIXED.played),
    wins: col(FIXED.wins),
    losses: col(FIXED.losses),
    points: col(FIXED.points),
    diff: col(FIXED.diff),
  };
  const rowTop = top + PANEL_BORDER + HEAD_H;
  const h = 2 * PANEL_BORDER + HEAD_H + view.rows.length * ROW_H;
  const hasFooter = view.footer.trim() !== "";
  const bottom = top + h;
  return {
    width: TABLE_WIDTH,
    height: bottom + (hasFooter ? 58 : MARGIN),
    panel: { x, y: top, w, h },
    columns,
    rowTop,
    footerY: hasFooter ? bottom + 30 : null,
  };
}

const ROW_FILL = ["#e8c994", WOOD.field] as const;
const HIGHLIGHT_FILL = WOOD.pointLight;
const GRID = "#b98e58";
const GOLD_RIM = "#a86a00";
const PLUS = "#2f6a1c";
const MINUS = "#8c2412";

/** A signed difference: "+3", "−2" (a minus sign, not a hyphen), "0". */
export function signed(d: number): string {
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return "0";
}

function rowItems(g: TableGeometry, r: TableRowView, i: number): TextItem[] {
  const cy = g.rowTop + i * ROW_H + ROW_H / 2;
  const bold = r.highlight;
  const ink = { size: 18, bold, color: INK };
  const c = g.columns;
  const centred = (cl: Column, text: string, color = INK): TextItem => ({
    text,
    style: { ...ink, color },
    x: cl.x + cl.w / 2,
    cy,
    align: "center",
    maxWidth: cl.w - 2 * CELL_PAD,
  });
  const diff = r.pointsFor - r.pointsAgainst;
  return [
    centred(c.place, String(r.place)),
    {
      text: r.name,
      style: ink,
      x: c.name.x + NAME_PAD,
      cy,
      align: "left",
      maxWidth: c.name.w - 2 * NAME_PAD,
    },
    centred(c.played, String(r.played)),
    centred(c.wins, String(r.wins)),
    centred(c.losses, String(r.losses)),
    centred(c.points, `${r.pointsFor}\u2013${r.pointsAgainst}`),
    centred(c.diff, signed(diff), diff > 0 ? PLUS : diff < 0 ? MINUS : INK),
  ];
}

/** The table's shapes (SVG body) and texts. */
export function tablePicture(view: TableView): Picture {
  const g = tableGeometry(view);
  const p = g.panel;
  const c = g.columns;
  let svg = frameSvg(g.width, g.height);
  // The panel: a dark edge round the field, like the board's halves.
  svg += rect(p.x, p.y, p.w, p.h, WOOD.frameEdge);
  const ix = p.x + PANEL_BORDER;
  const iw = p.w - 2 * PANEL_BORDER;
  svg += rect(ix, p.y + PANEL_BORDER, iw, HEAD_H, WOOD.pointDark);
  view.rows.forEach((r, i) => {
    const y = g.rowTop + i * ROW_H;
    svg += rect(ix, y, iw, ROW_H, r.highlight ? HIGHLIGHT_FILL : ROW_FILL[i % 2]!);
    if (i > 0) svg += rect(ix, y, iw, 1, GRID);
    if (r.highlight) {
      svg += rect(ix, y, 6, ROW_H, MARK.current);
      svg += circle(
        c.place.x + c.place.w / 2,
        y + ROW_H / 2,
        15,
        MARK.current,
        ` stroke="${GOLD_RIM}" stroke-width="2"`,
      );
    }
  });
  // Thin column rules through the rows; the heading row is left plain.
  const rowsH = view.rows.length * ROW_H;
  for (const cl of [c.name, c.played, c.wins, c.losses, c.points, c.diff])
    svg += `<rect x="${n1(cl.x)}" y="${n1(g.rowTop)}" width="1" height="${n1(rowsH)}" fill="${GRID}" opacity="0.7"/>`;

  const items: TextItem[] = headerItems(view.title, view.subtitle, g.width);
  const hy = p.y + PANEL_BORDER + HEAD_H / 2;
  const head = { size: 15, bold: true, color: WOOD.label };
  const cols = [c.place, c.name, c.played, c.wins, c.losses, c.points, c.diff];
  view.headings.forEach((text, k) => {
    const cl = cols[k]!;
    const isName = k === 1;
    items.push({
      text,
      style: head,
      x: isName ? cl.x + NAME_PAD : cl.x + cl.w / 2,
      cy: hy,
      align: isName ? "left" : "center",
      maxWidth: cl.w - 2 * (isName ? NAME_PAD : 6),
      minSize: 12,
    });
  });
  view.rows.forEach((r, i) => {
    items.push(...rowItems(g, r, i));
  });
  if (g.footerY !== null) items.push(footerItem(view.footer, g.width, g.footerY));
  return { svg, width: g.width, height: g.height, items };
}
