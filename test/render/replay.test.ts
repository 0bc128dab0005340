import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startingBoard } from "../../src/engine/index.js";
import { REPLAY_WIDTH, renderReplayGif } from "../../src/render/replay.js";
import type { BoardView } from "../../src/render/view.js";

const view = (over: Partial<BoardView>): BoardView => ({
  variant: "short",
  board: startingBoard("short"),
  perspective: "white",
  toMove: null,
  dice: null,
  cube: null,
  score: [0, 0],
  lastMove: null,
  currentSteps: [],
  ...over,
});

describe("the replay animation", () => {
  it("is a looping GIF with one page per frame and each frame's delay", async () => {
    const frames = [
      { view: view({ banner: { kind: "start", score: [1, 2] } }), delayMs: 2500 },
      {
        view: view({
          toMove: "white",
          dice: { values: [3, 1], used: [false, false] },
          lastMove: { color: "white", steps: [{ from: 8, to: 5, die: 3 }] },
        }),
        delayMs: 1100,
      },
      { view: view({ banner: { kind: "result", winner: "black", points: 2 } }), delayMs: 4000 },
    ] as const;
    const gif = await renderReplayGif(frames);
    const meta = await sharp(gif, { pages: -1 }).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages).toBe(3);
    expect(meta.width).toBe(REPLAY_WIDTH);
    expect(meta.delay).toEqual([2500, 1100, 4000]);
    expect(meta.loop).toBe(0);
  });
});
