import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startingBoard } from "../../src/engine/index.js";
import { renderDecisionPng } from "../../src/render/decision.js";
import { HEIGHT, WIDTH } from "../../src/render/layout.js";
import type { BoardView } from "../../src/render/view.js";

describe("an analysed decision's picture", () => {
  it("is one PNG with the two boards one above the other", async () => {
    const view: BoardView = {
      variant: "short",
      board: startingBoard("short"),
      perspective: "white",
      toMove: null,
      dice: { values: [3, 1], used: [false, false] },
      cube: null,
      score: null,
      lastMove: { color: "white", steps: [{ from: 8, to: 5, die: 3 }] },
      currentSteps: [],
    };
    const best: BoardView = {
      ...view,
      toMove: "white",
      lastMove: null,
      currentSteps: [{ from: 6, to: 5, die: 1 }],
    };
    const png = await renderDecisionPng(view, best);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(WIDTH);
    expect(meta.height).toBeGreaterThan(2 * HEIGHT);
  });
});
