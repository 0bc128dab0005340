import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { opponentPointToMine } from "../../src/engine/position.js";
import { type Color, other } from "../../src/engine/types.js";
import {
  barCheckerCenter,
  checkerCenter,
  HEIGHT,
  layoutFor,
  type Pt,
  WIDTH,
} from "../../src/render/layout.js";
import { CHECKER } from "../../src/render/palette.js";
import { renderBoardPng } from "../../src/render/png.js";
import { boardSvg } from "../../src/render/svg.js";
import type { BoardView } from "../../src/render/view.js";
import { CASES } from "./views.js";

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

const hex = (h: string): number[] => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

function pixel(raw: Buffer, at: Pt): number[] {
  const i = (Math.round(at.y) * WIDTH + Math.round(at.x)) * 3;
  return [raw[i]!, raw[i + 1]!, raw[i + 2]!];
}

const close = (a: number[], b: number[], tol = 8): boolean =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tol);

/** Where each drawn checker's body shows its plain fill, per colour. */
function checkerSamples(v: BoardView): { at: Pt; color: Color }[] {
  const l = layoutFor(v.variant);
  const out: { at: Pt; color: Color }[] = [];
  const push = (c: Color, n: number, center: (i: number) => Pt) => {
    for (let i = 0; i < Math.min(n, l.maxStack); i++) {
      const at = center(i);
      // The top of a tall stack carries digits in its middle: look below them.
      const counted = n > l.maxStack && i === l.maxStack - 1;
      out.push({ at: counted ? { x: at.x, y: at.y + 16 } : at, color: c });
    }
  };
  const near = v.perspective;
  const far = other(near);
  for (let p = 1; p <= 24; p++) {
    push(near, v.board[near][p] ?? 0, (i) => checkerCenter(l, p, i));
    push(far, v.board[far][p] ?? 0, (i) => checkerCenter(l, opponentPointToMine(v.variant, p), i));
  }
  push(near, v.board[near][25] ?? 0, (i) => barCheckerCenter(l, true, i));
  push(far, v.board[far][25] ?? 0, (i) => barCheckerCenter(l, false, i));
  return out;
}

describe("renderBoardPng", () => {
  it("is a PNG of the layout's size", async () => {
    const meta = await sharp(await renderBoardPng(CASES.longMid!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", WIDTH, HEIGHT]);
  });

  for (const [name, v] of Object.entries(CASES)) {
    it(`${name}: checkers show in their colours where the layout puts them`, async () => {
      const raw = await rgb(await renderBoardPng(v));
      const samples = checkerSamples(v);
      expect(samples.length).toBeGreaterThan(0);
      for (const s of samples) {
        const got = pixel(raw, s.at);
        expect(
          close(got, hex(CHECKER[s.color].fill)),
          `${s.color} at ${s.at.x},${s.at.y}: ${got}`,
        ).toBe(true);
      }
    });

    it(`${name}: equals librsvg's rendering of boardSvg`, async () => {
      // The sprite cache and blitter must reproduce the SVG, clipping nothing.
      const fromPng = await rgb(await renderBoardPng(v));
      const fromSvg = await rgb(
        await sharp(Buffer.from(boardSvg(v)))
          .png()
          .toBuffer(),
      );
      let worst = 0;
      for (let i = 0; i < fromPng.length; i++)
        worst = Math.max(worst, Math.abs(fromPng[i]! - fromSvg[i]!));
      expect(worst).toBeLessThanOrEqual(2);
    });
  }

  it("renders the same picture twice, concurrently too", async () => {
    const v = CASES.shortBar!;
    const [a, b] = await Promise.all([renderBoardPng(v), renderBoardPng(v)]);
    expect(a.equals(b)).toBe(true);
  });
});
