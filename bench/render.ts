import { performance } from "node:perf_hooks";
import { seededRandom } from "../src/engine/dice.js";
import { makeSide, opponentPointToMine, startingBoard } from "../src/engine/position.js";
import type { Board, Color, Step, Variant } from "../src/engine/types.js";
import { renderBoardPng } from "../src/render/png.js";
import type { BoardView } from "../src/render/view.js";
import { median, percentile, round } from "./stats.js";

/** A random legal-looking board: 15 each, no shared point, bar and off now and then. */
function randomBoard(variant: Variant, r: () => number): Board {
  const white: Record<number, number> = {};
  const black: Record<number, number> = {};
  const taken = new Set<number>(); // in white's numbering
  const fill = (side: Record<number, number>, toWhite: (p: number) => number) => {
    let left = 15;
    if (r() < 0.3) side[0] = Math.floor(r() * 8);
    if (variant === "short" && r() < 0.3) side[25] = 1 + Math.floor(r() * 2);
    left -= (side[0] ?? 0) + (side[25] ?? 0);
    while (left > 0) {
      const p = 1 + Math.floor(r() * 24);
      if (taken.has(toWhite(p)) && side[p] === undefined) continue;
      const n = Math.min(left, 1 + Math.floor(r() * (r() < 0.1 ? 15 : 4)));
      side[p] = (side[p] ?? 0) + n;
      taken.add(toWhite(p));
      left -= n;
    }
  };
  fill(white, (p) => p);
  fill(black, (p) => opponentPointToMine(variant, p));
  return { white: makeSide(white), black: makeSide(black) };
}

function randomSteps(r: () => number, n: number): Step[] {
  return Array.from({ length: n }, () => {
    const from = 7 + Math.floor(r() * 18);
    const die = 1 + Math.floor(r() * 6);
    return { from, to: from - die, die };
  });
}

function mixedViews(count: number): BoardView[] {
  const r = seededRandom(20260);
  const views: BoardView[] = [];
  for (let i = 0; i < count; i++) {
    const variant: Variant = i % 2 === 0 ? "long" : "short";
    const toMove: Color = r() < 0.5 ? "white" : "black";
    const d1 = 1 + Math.floor(r() * 6);
    const d2 = 1 + Math.floor(r() * 6);
    views.push({
      variant,
      board: i < 2 ? startingBoard(variant) : randomBoard(variant, r),
      perspective: toMove,
      toMove,
      dice: { values: [d1, d2], used: [r() < 0.3, false] },
      cube:
        r() < 0.5 ? { value: 2 ** Math.floor(r() * 4), owner: r() < 0.5 ? null : toMove } : null,
      score: r() < 0.7 ? [Math.floor(r() * 7), Math.floor(r() * 7)] : null,
      lastMove:
        r() < 0.8
          ? { color: toMove === "white" ? "black" : "white", steps: randomSteps(r, 2) }
          : null,
      currentSteps: r() < 0.4 ? randomSteps(r, 1) : [],
    });
  }
  return views;
}

/**
 * Render speed and size over a fixed mix of positions of both games, after a warm-up that
 * fills the sprite cache (a cold first frame costs ~100 ms). `smoke`: a few frames only.
 */
export async function benchRender(opts: { smoke?: boolean } = {}): Promise<Record<string, number>> {
  const views = mixedViews(opts.smoke ? 4 : 40);
  for (const v of views) await renderBoardPng(v);
  const ms: number[] = [];
  const kb: number[] = [];
  for (let i = 0; i < (opts.smoke ? 8 : 120); i++) {
    const v = views[i % views.length]!;
    const t0 = performance.now();
    const png = await renderBoardPng(v);
    ms.push(performance.now() - t0);
    kb.push(png.length / 1024);
  }
  return {
    renderMedianMs: round(median(ms)),
    renderP99Ms: round(percentile(ms, 99)),
    pngKbMedian: round(median(kb), 1),
  };
}
