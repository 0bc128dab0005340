import sharp from "sharp";
import { renderBoardRaw } from "./png.js";
import type { BoardView } from "./view.js";

export interface ReplayFrame {
  readonly view: BoardView;
  readonly delayMs: number;
}

export type RenderReplay = (frames: readonly ReplayFrame[]) => Promise<Buffer>;

/**
 * Frame width of the animation. The GIF encoder quantises every frame (~0.1 s of CPU each at
 * this size, twice that at the board's own 960), and chats show animations about this wide.
 */
export const REPLAY_WIDTH = 640;

/**
 * A replay as one looping animated GIF: each view drawn as the board picture, scaled to
 * REPLAY_WIDTH, and joined as the frames of one image (sharp's page height). Consecutive
 * frames differ in a few checkers, which the encoder stores as small changed regions.
 */
export async function renderReplayGif(frames: readonly ReplayFrame[]): Promise<Buffer> {
  if (frames.length === 0) throw new Error("a replay needs frames");
  const scaled: Buffer[] = [];
  let height = 0;
  for (const f of frames) {
    const raw = await renderBoardRaw(f.view);
    const { data, info } = await sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: 3 },
    })
      .resize({ width: REPLAY_WIDTH })
      .raw()
      .toBuffer({ resolveWithObject: true });
    scaled.push(data);
    height = info.height;
  }
  return sharp(Buffer.concat(scaled), {
    raw: {
      width: REPLAY_WIDTH,
      height: height * scaled.length,
      channels: 3,
      pageHeight: height,
    },
  })
    .gif({
      delay: frames.map((f) => f.delayMs),
      loop: 0,
      // Speed over the last few bytes: the fastest quantiser, no dithering on flat colours,
      // and one palette kept while frames stay close to it.
      effort: 1,
      dither: 0,
      interPaletteMaxError: 40,
    })
    .toBuffer();
}
