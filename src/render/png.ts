import sharp from "sharp";
import { startingBoard } from "../engine/index.js";
import { blit, prepareSprite, type Sprite } from "./blit.js";
import { displayList } from "./compose.js";
import type { Item } from "./display.js";
import type { BoardView } from "./view.js";

/*
 * Rasterising the whole board with librsvg costs ~30 ms, so each distinct fragment of the
 * display list is rasterised once and cached; a frame is a copy of the cached background,
 * a few dozen blits and a PNG encode. Fragments are few (checkers, dice faces, numbers up
 * to a few hundred), so the cache stays small; it is cleared if it ever passes SPRITE_LIMIT.
 */
const SPRITE_LIMIT = 4000;
const sprites = new Map<string, Sprite>();
const backgrounds = new Map<string, Uint8Array>();
/** Canvases not in use; reused to skip page-faulting a fresh 2 MB buffer per frame. */
const spare: Buffer[] = [];

const svgDoc = (w: number, h: number, body: string): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);

const spriteKey = (it: Item): string => `${it.w}x${it.h}|${it.body}`;

async function rasterise(w: number, h: number, body: string, channels: 3 | 4): Promise<Uint8Array> {
  const img = sharp(svgDoc(w, h, body));
  const raw = await (channels === 3 ? img.removeAlpha() : img.ensureAlpha()).raw().toBuffer();
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
}

/** The sprite of each item, rasterising those not cached yet. */
async function spritesFor(items: readonly Item[]): Promise<Sprite[]> {
  const keys = items.map(spriteKey);
  // Taken before any await: another frame may clear the cache meanwhile.
  const found = keys.map((k) => sprites.get(k));
  const missing = new Map<string, Item>();
  found.forEach((sp, i) => {
    if (!sp) missing.set(keys[i]!, items[i]!);
  });
  if (missing.size === 0) return found as Sprite[];
  if (sprites.size + missing.size > SPRITE_LIMIT) sprites.clear();
  const fresh = new Map<string, Sprite>();
  await Promise.all(
    [...missing].map(async ([k, it]) => {
      const sp = prepareSprite(await rasterise(it.w, it.h, it.body, 4), it.w, it.h);
      fresh.set(k, sp);
      sprites.set(k, sp);
    }),
  );
  return found.map((sp, i) => sp ?? fresh.get(keys[i]!)!);
}

/**
 * zlib level 5: measured on the bench mix, level 6 is ~2.5 ms slower for 6% smaller files,
 * level 4 ~1 ms faster for 7% larger ones. No palette quantisation (~50 ms); no adaptive
 * filtering (slower and, on these flat colours, not smaller). Telegram re-encodes anyway.
 */
const PNG_LEVEL = 5;

/** A frame of the board: RGB bytes, row by row, WIDTH x HEIGHT (layout.ts). */
export interface RawFrame {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Draws the view onto `canvas` (or a fresh buffer): the cached background, then the sprites. */
export async function renderBoardRaw(view: BoardView, canvas?: Buffer): Promise<RawFrame> {
  const d = displayList(view);
  let bg = backgrounds.get(d.background);
  if (!bg) {
    bg = await rasterise(d.width, d.height, d.background, 3);
    backgrounds.set(d.background, bg);
  }
  const drawn = await spritesFor(d.items);
  const out = canvas?.length === bg.length ? canvas : Buffer.allocUnsafe(bg.length);
  out.set(bg);
  d.items.forEach((it, i) => {
    blit(out, d.width, d.height, drawn[i]!, it.x, it.y);
  });
  return { data: out, width: d.width, height: d.height };
}

/** The board as a PNG, WIDTH x HEIGHT (layout.ts). */
export async function renderBoardPng(view: BoardView): Promise<Buffer> {
  const frame = await renderBoardRaw(view, spare.pop());
  try {
    const { data, width, height } = frame;
    return await sharp(data, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: PNG_LEVEL, adaptiveFiltering: false })
      .toBuffer();
  } finally {
    if (spare.length < 4) spare.push(frame.data);
  }
}

/** The first picture costs several times a warm one: drawn once, so no player waits for it. */
export async function warmRenderer(): Promise<void> {
  await renderBoardPng({
    variant: "long",
    board: startingBoard("long"),
    perspective: "white",
    toMove: "white",
    dice: null,
    cube: null,
    score: null,
    lastMove: null,
    currentSteps: [],
  });
}
