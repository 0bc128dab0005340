import sharp from "sharp";
import { renderBoardRaw } from "./png.js";
import type { BoardView } from "./view.js";

export type RenderDecision = (played: BoardView, best: BoardView) => Promise<Buffer>;

/** Gap between the two boards, in the frame's dark wood. */
const GAP = 16;

/**
 * An analysed decision as one PNG: above, the board after the play made (marked as a last
 * move); below, the board after the best play (marked as this turn's steps, in the other
 * colour), both with the roll shown.
 */
export async function renderDecisionPng(played: BoardView, best: BoardView): Promise<Buffer> {
  const top = await renderBoardRaw(played);
  const bottom = await renderBoardRaw(best);
  const { width, height } = top;
  const raw = { width, height, channels: 3 } as const;
  return sharp({
    create: { width, height: 2 * height + GAP, channels: 3, background: { r: 58, g: 36, b: 22 } },
  })
    .composite([
      { input: top.data, raw, top: 0, left: 0 },
      { input: bottom.data, raw, top: height + GAP, left: 0 },
    ])
    .png({ compressionLevel: 5, adaptiveFiltering: false })
    .toBuffer();
}
