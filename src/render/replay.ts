import sharp from "sharp";
import { GifWriter } from "./gif-writer.js";
import { renderBoardRaw } from "./png.js";
import type { BoardView } from "./view.js";

export interface ReplayFrame {
  readonly view: BoardView;
  readonly delayMs: number;
}

export type RenderReplay = (frames: readonly ReplayFrame[]) => Promise<Buffer>;

/** Frame width of the animation: chats show animations about this wide. */
export const REPLAY_WIDTH = 640;

/**
 * A replay as one looping animated GIF: each view drawn as the board picture, scaled to
 * REPLAY_WIDTH and handed to the GIF writer before the next is drawn, so memory stays the
 * same however long the game (a few frames' pixels, and the file so far). Consecutive frames
 * differ in a few checkers, which the writer stores as the changed region.
 */
export async function renderReplayGif(frames: readonly ReplayFrame[]): Promise<Buffer> {
  if (frames.length === 0) throw new Error("a replay needs frames");
  let gif: GifWriter | null = null;
  let canvas: Buffer | undefined;
  for (const f of frames) {
    const raw = await renderBoardRaw(f.view, canvas);
    canvas = raw.data;
    const { data, info } = await sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: 3 },
    })
      .resize({ width: REPLAY_WIDTH })
      .raw()
      .toBuffer({ resolveWithObject: true });
    gif ??= new GifWriter(info.width, info.height);
    await gif.add(data, f.delayMs);
  }
  return gif!.finish();
}
