import sharp from "sharp";
import { textPathData } from "./font.js";
import { renderBoardRaw } from "./png.js";
import type { BoardView } from "./view.js";

/**
 * One analysed decision: a checker play as two boards (after the play made, after the best),
 * or a cube decision as its one position.
 */
export type DecisionBoards = readonly [BoardView] | readonly [BoardView, BoardView];

export type RenderDecisions = (rows: readonly DecisionBoards[]) => Promise<Buffer>;

/** Each board's width in the picture (half the board's own): six rows stay one picture. */
export const DECISION_BOARD_WIDTH = 480;
const GAP = 16;
/** The column of row numbers, left of the boards. */
const GUTTER = 56;
const DIGIT_HEIGHT = 28;
const WOOD = { r: 58, g: 36, b: 22 } as const;
const NUMBER_COLOUR = "#f2e6d0";

/**
 * Several analysed decisions as one PNG, a numbered row each (the numbers of the caption's
 * list): on the left the board after the play made (marked as a last move), on the right the
 * board after the best play (marked as this turn's steps); a cube decision's row holds its
 * position alone.
 */
export async function renderDecisionsPng(rows: readonly DecisionBoards[]): Promise<Buffer> {
  if (rows.length === 0) throw new Error("a picture of decisions needs one");
  const boards = await Promise.all(rows.map((row) => Promise.all(row.map(scaledBoard))));
  const boardHeight = boards[0]![0]!.height;
  const rowHeight = boardHeight + GAP;
  const width = GUTTER + 2 * DECISION_BOARD_WIDTH + 2 * GAP;
  const height = rows.length * rowHeight + GAP;
  const numbers = rows
    .map((_, i) => {
      const d = textPathData(
        String(i + 1),
        GUTTER / 2 + GAP / 2,
        GAP + i * rowHeight + boardHeight / 2,
        DIGIT_HEIGHT,
      );
      return `<path d="${d}" fill="none" stroke="${NUMBER_COLOUR}" stroke-width="${DIGIT_HEIGHT * 0.15}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join("");
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${numbers}</svg>`,
  );
  const placed = boards.flatMap((row, i) =>
    row.map((b, k) => ({
      input: b.data,
      raw: { width: b.width, height: b.height, channels: 3 as const },
      left: GUTTER + GAP + k * (DECISION_BOARD_WIDTH + GAP),
      top: GAP + i * rowHeight,
    })),
  );
  return sharp({ create: { width, height, channels: 3, background: WOOD } })
    .composite([...placed, { input: svg, left: 0, top: 0 }])
    .png({ compressionLevel: 5, adaptiveFiltering: false })
    .toBuffer();
}

async function scaledBoard(
  view: BoardView,
): Promise<{ data: Buffer; width: number; height: number }> {
  const raw = await renderBoardRaw(view);
  const { data, info } = await sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: 3 },
  })
    .resize({ width: DECISION_BOARD_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
