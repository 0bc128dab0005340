import { WOOD } from "./palette.js";
import { rect } from "./svg-util.js";
import type { TextItem } from "./text-image.js";

/** Shared by the table and the bracket: the wooden frame and the title lines. */
export const MARGIN = 24;
/** The dark edge round a panel, as round the board's halves. */
export const PANEL_BORDER = 3;
/** Dark text on the light wood (the white checker's digits). */
export const INK = "#3a2a1c";
/** Text that is there but does not count: a loser, a side not known yet, a bye. */
export const MUTED = "#8d7657";
/** The subtitle, a little dimmer than the title. */
const SUBTITLE = "#d9bd8f";

/** A standings picture before drawing: shapes as an SVG body, texts to draw over them. */
export interface Picture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  readonly items: readonly TextItem[];
}

/** The board's frame: dark wood with a lighter line inside the edge. */
export function frameSvg(w: number, h: number): string {
  return (
    rect(0, 0, w, h, WOOD.frame) +
    rect(3, 3, w - 6, h - 6, "none", ` stroke="${WOOD.frameLight}" stroke-width="2"`)
  );
}

/** The title (and the subtitle, unless blank), centred at the top of the frame. */
export function headerItems(title: string, subtitle: string, width: number): TextItem[] {
  const maxWidth = width - 2 * MARGIN;
  const items: TextItem[] = [
    {
      text: title,
      style: { size: 28, bold: true, color: WOOD.label },
      x: width / 2,
      cy: 40,
      align: "center",
      maxWidth,
      minSize: 20,
    },
  ];
  if (subtitle.trim() !== "")
    items.push({
      text: subtitle,
      style: { size: 18, color: SUBTITLE },
      x: width / 2,
      cy: 74,
      align: "center",
      maxWidth,
      minSize: 14,
    });
  return items;
}

/** The line under the table or bracket, centred. */
export function footerItem(text: string, width: number, cy: number): TextItem {
  return {
    text,
    style: { size: 18, color: WOOD.label },
    x: width / 2,
    cy,
    align: "center",
    maxWidth: width - 2 * MARGIN,
    minSize: 14,
  };
}
