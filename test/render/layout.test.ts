import { describe, expect, it } from "vitest";
import { blit, prepareSprite } from "../../src/render/blit.js";
import { displayList } from "../../src/render/compose.js";
import type { Item } from "../../src/render/display.js";
import { textPathData, textWidth } from "../../src/render/font.js";
import {
  barCheckerCenter,
  checkerCenter,
  DIE_SIZE,
  dieCenter,
  layoutFor,
  pointRect,
  slabRect,
  trayRect,
} from "../../src/render/layout.js";
import type { Shape } from "../../src/render/view.js";
import { CASES } from "./views.js";

const SHAPES: readonly Shape[] = ["wide", "tall"];

/** An item's box as drawn: one standing upright on a turned board has its sides swapped. */
function drawnBox(it: Item, shape: Shape): { x: number; y: number; w: number; h: number } {
  if (shape === "wide" || !it.upright) return it;
  const [cx, cy] = [it.x + it.w / 2, it.y + it.h / 2];
  return { x: cx - it.h / 2, y: cy - it.w / 2, w: it.h, h: it.w };
}

const overlap = (a: ReturnType<typeof drawnBox>, b: ReturnType<typeof drawnBox>): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layout", () => {
  for (const shape of SHAPES)
    for (const variant of ["long", "short"] as const) {
      const l = layoutFor(variant, shape);
      const mid = l.field.y + l.field.h / 2;

      it(`${variant}, ${shape}: 24 points side by side within the field, none on the bar`, () => {
        const rects = Array.from({ length: 24 }, (_, i) => pointRect(l, i + 1));
        for (const r of rects) {
          expect(r.x).toBeGreaterThanOrEqual(l.field.x);
          expect(r.x + r.w).toBeLessThanOrEqual(l.field.x + l.field.w + 1e-9);
          expect(r.x + r.w <= l.bar.x + 1e-9 || r.x >= l.bar.x + l.bar.w - 1e-9).toBe(true);
        }
        for (let a = 0; a < 24; a++)
          for (let b = a + 1; b < 24; b++) {
            const [p, q] = [rects[a]!, rects[b]!];
            const apart = p.x + p.w <= q.x + 1e-9 || q.x + q.w <= p.x + 1e-9 || p.y !== q.y;
            expect(apart, `points ${a + 1} and ${b + 1}`).toBe(true);
          }
      });

      it(`${variant}, ${shape}: full stacks and the bar stay clear of the dice and inside the field`, () => {
        for (const p of [24, 13, 12, 1]) {
          const top = checkerCenter(l, p, l.maxStack - 1);
          const gap = Math.abs(top.y - mid) - l.radius;
          expect(gap).toBeGreaterThanOrEqual(DIE_SIZE / 2);
        }
        for (const near of [true, false]) {
          const c = barCheckerCenter(l, near, l.maxStack - 1);
          expect(c.y - l.radius).toBeGreaterThanOrEqual(l.field.y);
          expect(c.y + l.radius).toBeLessThanOrEqual(l.field.y + l.field.h);
          const t = trayRect(l, near);
          for (const i of [0, 14]) {
            const s = slabRect(l, near, i);
            expect(s.y >= t.y && s.y + s.h <= t.y + t.h).toBe(true);
          }
        }
        const d = dieCenter(l, true, 3, 4);
        expect(d.x + DIE_SIZE / 2).toBeLessThanOrEqual(l.field.x + l.field.w);
      });
    }

  it("keeps every item of every case on the canvas, in both shapes", () => {
    for (const shape of SHAPES)
      for (const v of Object.values(CASES)) {
        const d = displayList({ ...v, shape });
        for (const it of d.items) {
          const b = drawnBox(it, shape);
          expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= d.width && b.y + b.h <= d.height).toBe(true);
          expect(Number.isInteger(it.x) && Number.isInteger(it.y)).toBe(true);
        }
      }
  });

  it("never lets the numbers and chips around the board cover one another", () => {
    const around = /class="(chip|pips|off-count|score|cube)"/;
    for (const shape of SHAPES)
      for (const v of Object.values(CASES)) {
        const items = displayList({ ...v, shape }).items.filter((it) =>
          around.test(it.attrs ?? ""),
        );
        for (let a = 0; a < items.length; a++)
          for (let b = a + 1; b < items.length; b++)
            expect(
              overlap(drawnBox(items[a]!, shape), drawnBox(items[b]!, shape)),
              `${shape}: ${items[a]!.attrs} and ${items[b]!.attrs}`,
            ).toBe(false);
      }
  });

  it("a tall board on a 390 px phone (374 px across) has thumb-sized points and legible numbers", () => {
    for (const variant of ["long", "short"] as const) {
      const l = layoutFor(variant, "tall");
      const px = 374 / l.height; // turned: the board's depth runs across the screen
      expect(l.pointWidth * px).toBeGreaterThanOrEqual(40);
      if (variant === "short") expect(l.bar.w * px).toBeGreaterThanOrEqual(40);
      expect(l.labelHeight * px).toBeGreaterThanOrEqual(11);
      // The wide board at that width was what a thumb could not hit.
      const wide = layoutFor(variant, "wide");
      expect(wide.pointWidth * (374 / wide.width)).toBeLessThan(30);
    }
  });
});

describe("path font", () => {
  it("has a glyph for every digit, scaled and centred", () => {
    for (const d of "0123456789") {
      const path = textPathData(d, 50, 50, 16);
      expect(path).toMatch(/^M/);
      const nums = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      const xs = nums.filter((_, i) => i % 2 === 0);
      const ys = nums.filter((_, i) => i % 2 === 1);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(50 - textWidth(d, 16) / 2 - 0.05);
      expect(Math.max(...xs)).toBeLessThanOrEqual(50 + textWidth(d, 16) / 2 + 0.05);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(42 - 0.05);
      expect(Math.max(...ys)).toBeLessThanOrEqual(58 + 0.05);
    }
    expect(textWidth("123", 16)).toBeGreaterThan(textWidth("12", 16));
  });
});

describe("blit", () => {
  it("copies opaque pixels, skips clear ones and blends the rest", () => {
    const dst = new Uint8Array(3 * 3 * 3).fill(100);
    // A 2x1 sprite: opaque red, then half-transparent white; placed at (1, 1).
    const sp = prepareSprite(Uint8Array.from([255, 0, 0, 255, 255, 255, 255, 128]), 2, 1);
    blit(dst, 3, 3, sp, 1, 1);
    expect([...dst.subarray(12, 15)]).toEqual([255, 0, 0]);
    expect([...dst.subarray(15, 18)]).toEqual([178, 178, 178]);
    expect([...dst.subarray(0, 12)].every((v) => v === 100)).toBe(true);
    blit(dst, 3, 3, sp, 2, 2); // clipped at the right edge
    expect([...dst.subarray(24, 27)]).toEqual([255, 0, 0]);
  });
});
