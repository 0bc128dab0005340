import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startingBoard } from "../../src/engine/index.js";
import { DECISION_BOARD_WIDTH, renderDecisionsPng } from "../../src/render/decision.js";
import { HEIGHT, WIDTH } from "../../src/render/layout.js";
import type { BoardView } from "../../src/render/view.js";

describe("the picture of analysed decisions", () => {
  it("is one PNG with a row per decision: the two boards side by side, or a cube's one", async () => {
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
    const cube: BoardView = {
      ...view,
      dice: null,
      lastMove: null,
      cube: { value: 2, owner: null },
    };
    const boardHeight = (HEIGHT * DECISION_BOARD_WIDTH) / WIDTH;
    const one = await sharp(await renderDecisionsPng([[view, best]])).metadata();
    expect(one.format).toBe("png");
    expect(one.width).toBeGreaterThan(2 * DECISION_BOARD_WIDTH);
    expect(one.height).toBeGreaterThan(boardHeight);
    const png = await renderDecisionsPng([[view, best], [cube], [view, best]]);
    const three = await sharp(png).metadata();
    expect(three.width).toBe(one.width);
    // Each row adds a board's height and a gap.
    const row = (three.height! - one.height!) / 2;
    expect(row).toBeGreaterThan(boardHeight);
    expect(row).toBeLessThan(boardHeight + 40);
    // The right half of the cube's row is bare wood; that of a checker play's row, a board.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const right = info.width - DECISION_BOARD_WIDTH / 2;
    const middle = (r: number) => Math.round(one.height! - row + r * row + boardHeight / 2);
    expect(at(right, middle(1))).toEqual([58, 36, 22]);
    expect(at(right, middle(0))).not.toEqual([58, 36, 22]);
    expect(at(right, middle(2))).not.toEqual([58, 36, 22]);
  });
});
