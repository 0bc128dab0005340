import { describe, expect, it } from "vitest";
import { opponentPointToMine } from "../../src/engine/position.js";
import { copySide, mirroredSide, shiftedSide } from "../../src/engine/side-copy.js";

const sample = Array.from({ length: 26 }, (_, p) => (p * 7) % 5);

describe("side copies used by move generation", () => {
  it("copies every slot, and fills missing ones with 0", () => {
    expect(copySide(sample)).toEqual(sample);
    expect(copySide(sample)).not.toBe(sample);
    expect(copySide([1, 2])).toEqual([1, 2, ...Array(24).fill(0)]);
  });

  it("places the opponent's points where the position module says, per variant", () => {
    for (const [variant, mapped] of [
      ["short", mirroredSide(sample)],
      ["long", shiftedSide(sample)],
    ] as const) {
      for (let q = 1; q <= 24; q++) expect(mapped[opponentPointToMine(variant, q)]).toBe(sample[q]);
      expect([mapped[0], mapped[25]]).toEqual([0, 0]);
    }
  });
});
