/**
 * The lobby's pairing rule: only seeks of the same game, length and clock meet; the nearest
 * rating first; the accepted gap widens as a seek waits; nobody meets themself.
 */
import { describe, expect, it } from "vitest";
import {
  allowedGap,
  PAIRING,
  pairsAt,
  partnerFor,
  type WaitingSeek,
} from "../../src/services/lobby/pairing.js";

let nextId = 1;
const seek = (rating: number, since: number, more: Partial<WaitingSeek> = {}): WaitingSeek => {
  const id = nextId++;
  return {
    id,
    userId: id,
    variant: "short",
    matchLength: 1,
    clock: "blitz",
    rating,
    since,
    ...more,
  };
};

describe("pairing seeks", () => {
  it("the accepted gap starts at its base and widens by its rate each second", () => {
    expect(allowedGap(0)).toBe(PAIRING.baseGap);
    expect(allowedGap(10_000)).toBe(PAIRING.baseGap + 10 * PAIRING.gapPerSecond);
    expect(allowedGap(-5_000)).toBe(PAIRING.baseGap);
  });

  it("takes the nearest rating among compatible seeks, the longer waiter on a tie", () => {
    const me = seek(1500, 60_000);
    const far = seek(1500 + 200, 0);
    const near = seek(1500 - 30, 50_000);
    const tieOld = seek(1500 + 30, 10_000);
    const otherGame = seek(1500, 0, { variant: "long" });
    const otherLength = seek(1500, 0, { matchLength: 3 });
    const otherClock = seek(1500, 0, { clock: "normal" });
    const waiting = [far, near, tieOld, otherGame, otherLength, otherClock];
    expect(partnerFor(me, waiting, 60_000)).toBe(tieOld);
    expect(partnerFor(me, [otherGame, otherLength, otherClock], 60_000)).toBeNull();
  });

  it("a gap too wide now is met once either side has waited long enough", () => {
    const a = seek(1500, 0);
    const b = seek(1500 + 150, 0);
    // 150 apart: within the base plus ten seconds' widening, not before.
    const ready = ((150 - PAIRING.baseGap) / PAIRING.gapPerSecond) * 1000;
    expect(pairsAt([a, b], ready - 1)).toEqual([]);
    expect(pairsAt([a, b], ready)).toEqual([[a, b]]);
  });

  it("never pairs a person with themself, and each seek once", () => {
    const mine = seek(1500, 0);
    const again = { ...seek(1500, 0), userId: mine.userId };
    expect(partnerFor(mine, [again], 0)).toBeNull();
    const s = [seek(1500, 0), seek(1510, 0), seek(1520, 0)];
    const pairs = pairsAt(s, 0);
    expect(pairs).toHaveLength(1);
    expect(new Set(pairs.flat()).size).toBe(2);
  });
});
