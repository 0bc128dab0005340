import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GifWriter } from "../../src/render/gif-writer.js";

const W = 48;
const H = 32;

/** A frame of vertical colour bands, with an optional square drawn at (x, y). */
function frame(square?: { x: number; y: number; rgb: [number, number, number] }): Buffer {
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const band = Math.floor(x / 8);
      px[i] = 40 * band;
      px[i + 1] = 200 - 30 * band;
      px[i + 2] = 90;
      if (square && x >= square.x && x < square.x + 6 && y >= square.y && y < square.y + 6) {
        [px[i], px[i + 1], px[i + 2]] = square.rgb;
      }
    }
  return px;
}

/** Each image block's rectangle, read from the file. */
function imageBoxes(gif: Buffer): { x: number; y: number; w: number; h: number }[] {
  const boxes = [];
  let p = 13;
  if (gif[10]! & 0x80) p += 3 * (2 << (gif[10]! & 7));
  const skip = () => {
    while (gif[p] !== 0) p += gif[p]! + 1;
    p++;
  };
  while (gif[p] !== 0x3b) {
    if (gif[p] === 0x21) {
      p += 2;
      skip();
      continue;
    }
    const flags = gif[p + 9]!;
    boxes.push({
      x: gif.readUInt16LE(p + 1),
      y: gif.readUInt16LE(p + 3),
      w: gif.readUInt16LE(p + 5),
      h: gif.readUInt16LE(p + 7),
    });
    p += 10;
    if (flags & 0x80) p += 3 * (2 << (flags & 7));
    p++;
    skip();
  }
  return boxes;
}

describe("the GIF writer", () => {
  it("writes each frame as what changed, and every frame decodes to its pixels", async () => {
    const frames = [
      frame(),
      frame({ x: 10, y: 4, rgb: [250, 250, 250] }),
      // The same again: nothing changed.
      frame({ x: 10, y: 4, rgb: [250, 250, 250] }),
      frame({ x: 30, y: 20, rgb: [10, 10, 10] }),
    ];
    const writer = new GifWriter(W, H);
    for (const [i, f] of frames.entries()) await writer.add(f, 500 + 100 * i);
    const gif = writer.finish();

    const meta = await sharp(gif, { pages: -1 }).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages).toBe(4);
    expect(meta.width).toBe(W);
    expect(meta.pageHeight).toBe(H);
    expect(meta.delay).toEqual([500, 600, 700, 800]);
    expect(meta.loop).toBe(0);
    // The whole first frame; then the square; one pixel for no change; then the square
    // that went and the one that came.
    expect(imageBoxes(gif)).toEqual([
      { x: 0, y: 0, w: W, h: H },
      { x: 10, y: 4, w: 6, h: 6 },
      { x: 0, y: 0, w: 1, h: 1 },
      { x: 10, y: 4, w: 26, h: 22 },
    ]);
    for (const [i, f] of frames.entries()) {
      const shown = await sharp(gif, { page: i }).removeAlpha().raw().toBuffer();
      let worst = 0;
      for (let k = 0; k < f.length; k++) worst = Math.max(worst, Math.abs(shown[k]! - f[k]!));
      // A handful of flat colours: the quantiser keeps each exactly.
      expect(worst, `frame ${i}`).toBeLessThanOrEqual(2);
    }
  });

  it("refuses a frame of the wrong size and an animation without frames", async () => {
    const writer = new GifWriter(W, H);
    await expect(writer.add(Buffer.alloc(10), 100)).rejects.toThrow(/wrong size/);
    expect(() => writer.finish()).toThrow(/needs frames/);
  });
});
