import sharp from "sharp";

/**
 * An animated GIF written one frame at a time, so an animation's memory does not grow with
 * its length: the writer keeps the previous frame's pixels and the encoded bytes, never the
 * frames before. Each frame after the first is stored as the rectangle that changed since the
 * previous one, its unchanged pixels transparent (the frame below shows through), quantised
 * by sharp (libimagequant) as a one-frame GIF whose palette and compressed pixels are copied
 * into this file as one image with its own colour table.
 */
export class GifWriter {
  private readonly parts: Buffer[] = [];
  private previous: Buffer | null = null;
  private frames = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    const screen = Buffer.alloc(13);
    screen.write("GIF89a", 0, "latin1");
    screen.writeUInt16LE(width, 6);
    screen.writeUInt16LE(height, 8);
    // No global colour table: every frame brings its own.
    this.parts.push(screen, LOOP_FOREVER);
  }

  /**
   * Adds a frame of RGB bytes, row by row, shown for `delayMs`. The writer holds on to `rgb`
   * until the next frame is added: it must not be changed meanwhile.
   */
  async add(rgb: Buffer, delayMs: number): Promise<void> {
    if (rgb.length !== this.width * this.height * 3) throw new Error("a frame of the wrong size");
    const box = this.previous ? changedBox(this.previous, rgb, this.width) : this.whole();
    const pixels = this.previous
      ? changedPixels(this.previous, rgb, this.width, box)
      : { data: rgb, channels: 3 as const };
    const gif = await sharp(pixels.data, {
      raw: { width: box.w, height: box.h, channels: pixels.channels },
    })
      .gif({ effort: 1, dither: 0 })
      .toBuffer();
    const image = oneImage(gif);
    const centiseconds = Math.min(0xffff, Math.round(delayMs / 10));
    const transparent = image.transparent ?? 0;
    // Disposal 1: the frame stays under the next, whose transparent pixels show it.
    const control = Buffer.from([
      0x21,
      0xf9,
      4,
      (1 << 2) | (image.transparent === null ? 0 : 1),
      centiseconds & 0xff,
      centiseconds >> 8,
      transparent,
      0,
    ]);
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(box.x, 1);
    descriptor.writeUInt16LE(box.y, 3);
    descriptor.writeUInt16LE(box.w, 5);
    descriptor.writeUInt16LE(box.h, 7);
    descriptor[9] = 0x80 | image.tableBits;
    this.parts.push(control, descriptor, image.table, image.data);
    this.previous = rgb;
    this.frames++;
  }

  /** The whole file; the writer is done. */
  finish(): Buffer {
    if (this.frames === 0) throw new Error("an animation needs frames");
    this.previous = null;
    return Buffer.concat([...this.parts, TRAILER]);
  }

  private whole(): Box {
    return { x: 0, y: 0, w: this.width, h: this.height };
  }
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** NETSCAPE2.0 application extension: loop forever. */
const LOOP_FOREVER = Buffer.from([
  0x21,
  0xff,
  11,
  ...Buffer.from("NETSCAPE2.0", "latin1"),
  3,
  1,
  0,
  0,
  0,
]);
const TRAILER = Buffer.from([0x3b]);

/** The smallest rectangle holding every pixel that differs; one pixel when none does. */
function changedBox(before: Buffer, after: Buffer, width: number): Box {
  const row = width * 3;
  const height = before.length / row;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    if (before.compare(after, y * row, (y + 1) * row, y * row, (y + 1) * row) === 0) continue;
    if (top < 0) top = y;
    bottom = y;
  }
  if (top < 0) return { x: 0, y: 0, w: 1, h: 1 };
  let left = width;
  let right = -1;
  for (let y = top; y <= bottom; y++) {
    const start = y * row;
    for (let x = 0; x < left; x++)
      if (differs(before, after, start + x * 3)) {
        left = x;
        break;
      }
    for (let x = width - 1; x > right; x--)
      if (differs(before, after, start + x * 3)) {
        right = x;
        break;
      }
  }
  return { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
}

const differs = (a: Buffer, b: Buffer, i: number): boolean =>
  a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2];

/** The box's pixels as RGBA: those that changed opaque, the others transparent. */
function changedPixels(
  before: Buffer,
  after: Buffer,
  width: number,
  box: Box,
): { data: Buffer; channels: 4 } {
  const out = Buffer.alloc(box.w * box.h * 4);
  let o = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let i = (y * width + box.x) * 3, end = i + box.w * 3; i < end; i += 3, o += 4) {
      if (!differs(before, after, i)) continue;
      out[o] = after[i]!;
      out[o + 1] = after[i + 1]!;
      out[o + 2] = after[i + 2]!;
      out[o + 3] = 255;
    }
  }
  return { data: out, channels: 4 };
}

interface EncodedImage {
  /** The colour table, 3 bytes an entry. */
  readonly table: Buffer;
  /** Its size as GIF writes it: 2^(bits+1) entries. */
  readonly tableBits: number;
  readonly transparent: number | null;
  /** The LZW minimum code size and the data sub-blocks, terminator included. */
  readonly data: Buffer;
}

/** The one image of a one-frame GIF, with the colour table it uses. */
function oneImage(gif: Buffer): EncodedImage {
  const bad = (why: string) => new Error(`unexpected GIF from the encoder: ${why}`);
  if (gif.toString("latin1", 0, 6) !== "GIF89a" && gif.toString("latin1", 0, 6) !== "GIF87a")
    throw bad("no header");
  let p = 13;
  let table: Buffer | null = null;
  let tableBits = 0;
  const screenFlags = gif[10]!;
  if (screenFlags & 0x80) {
    tableBits = screenFlags & 7;
    table = gif.subarray(p, p + 3 * (2 << tableBits));
    p += table.length;
  }
  let transparent: number | null = null;
  const skipBlocks = () => {
    while (p < gif.length && gif[p] !== 0) p += gif[p]! + 1;
    p++;
  };
  while (p < gif.length) {
    const kind = gif[p];
    if (kind === 0x21) {
      if (gif[p + 1] === 0xf9 && gif[p + 3]! & 1) transparent = gif[p + 6]!;
      p += 2;
      skipBlocks();
    } else if (kind === 0x2c) {
      const flags = gif[p + 9]!;
      p += 10;
      if (flags & 0x80) {
        tableBits = flags & 7;
        table = gif.subarray(p, p + 3 * (2 << tableBits));
        p += table.length;
      }
      const start = p;
      p++;
      skipBlocks();
      if (!table) throw bad("no colour table");
      if (p > gif.length) throw bad("cut short");
      return { table, tableBits, transparent, data: gif.subarray(start, p) };
    } else throw bad(`block ${kind}`);
  }
  throw bad("no image");
}
