/**
 * The delay clock against the published forms. Bronstein (FIDE Laws, art. 6.3.b): after each
 * move the player gets back the time the move took, but never more than the delay. Simple
 * delay (US Chess rule 16B): the clock does not start to count down until the delay has
 * passed, so a move is flagged when it takes longer than delay plus reserve. Both leave the
 * same reserve after every move; the flag is the simple delay's.
 */
import { describe, expect, it } from "vitest";
import {
  delayLeftAt,
  flagAt,
  holdClock,
  reservesAt,
  runClock,
  startClock,
  stopClock,
  TIME_CONTROL_NAMES,
  timeControl,
} from "../../src/engine/index.js";

/** A small deterministic generator, so a failure repeats. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("time controls as data", () => {
  it("short nardy's presets are Backgammon Galaxy's: 8 s + 20 s, 10 s + 1 min, 15 s + 3 min a point", () => {
    const at = (name: "blitz" | "normal" | "casual", points: number) => {
      const c = timeControl(name, "short", points);
      return c.kind === "delay" ? [c.delayMs / 1000, c.reserveMs / 1000] : null;
    };
    expect(at("blitz", 5)).toEqual([8, 100]);
    expect(at("normal", 7)).toEqual([10, 420]);
    expect(at("casual", 1)).toEqual([15, 180]);
  });

  it("long nardy's are longer, both the delay and the reserve; a single game counts one point", () => {
    for (const name of ["blitz", "normal", "casual"] as const) {
      const short = timeControl(name, "short", 3);
      const long = timeControl(name, "long", 3);
      if (short.kind !== "delay" || long.kind !== "delay") throw new Error("a delay control");
      expect(long.delayMs).toBeGreaterThan(short.delayMs);
      expect(long.reserveMs).toBeGreaterThan(short.reserveMs);
      const single = timeControl(name, "long", 0);
      expect(single.kind === "delay" && single.reserveMs * 3).toBe(long.reserveMs);
    }
  });

  it("correspondence is a day a move, none is no clock; every name is a control", () => {
    expect(timeControl("correspondence", "long", 1)).toEqual({
      kind: "correspondence",
      moveMs: 86_400_000,
    });
    expect(timeControl("none", "short", 5)).toEqual({ kind: "none" });
    for (const name of TIME_CONTROL_NAMES) expect(timeControl(name, "short", 1).kind).toBeTruthy();
  });
});

describe("the delay clock", () => {
  const blitz = timeControl("blitz", "short", 5);
  if (blitz.kind !== "delay") throw new Error("a delay control");

  it("charges a move only what it took past the delay", () => {
    let c = runClock(startClock(blitz), "white", 1_000);
    c = stopClock(c, 1_000 + 5_000);
    expect(c.reserveMs.white).toBe(100_000);
    c = stopClock(runClock(c, "black", 10_000), 10_000 + 20_000);
    expect(c.reserveMs).toEqual({ white: 100_000, black: 88_000 });
  });

  it("agrees move by move with Bronstein's published form, and flags as the simple delay does", () => {
    const next = lcg(43);
    for (let game = 0; game < 50; game++) {
      let c = startClock(blitz);
      const bronstein = { white: blitz.reserveMs, black: blitz.reserveMs };
      let t = 1_700_000_000_000;
      for (let move = 0; move < 60; move++) {
        const side = move % 2 === 0 ? "white" : "black";
        const used = Math.floor(next() * 14_000);
        c = runClock(c, side, t);
        // Simple delay: the move flags when it takes longer than delay plus reserve.
        expect(flagAt(c)).toBe(t + blitz.delayMs + bronstein[side]);
        if (used > blitz.delayMs + bronstein[side]) break;
        // Bronstein: the clock runs the whole move; the lesser of time used and delay comes back.
        bronstein[side] = bronstein[side] - used + Math.min(used, blitz.delayMs);
        t += used;
        c = stopClock(c, t);
        expect(c.reserveMs).toEqual(bronstein);
        t += Math.floor(next() * 3_000); // the opponent's board being delivered
      }
    }
  });

  it("held mid-turn (the bot down), charges none of the stop; resumed, goes on from where it was", () => {
    let c = runClock(startClock(blitz), "white", 0);
    c = holdClock(c, 6_000);
    expect(flagAt(c)).toBeNull();
    // Down for an hour; back, the turn has its 2 s of delay and its whole reserve left.
    c = runClock(c, "white", 3_600_000);
    expect(delayLeftAt(c, 3_600_000)).toBe(2_000);
    expect(flagAt(c)).toBe(3_600_000 + 2_000 + 100_000);
    expect(reservesAt(c, 3_600_000 + 12_000).white).toBe(90_000);
    c = stopClock(c, 3_600_000 + 12_000);
    expect(c.reserveMs.white).toBe(90_000);
  });

  it("a second start of the same turn (its board delivered again) changes nothing", () => {
    const c = runClock(startClock(blitz), "black", 500);
    expect(runClock(c, "black", 9_000)).toBe(c);
  });

  it("never leaves a reserve below nothing", () => {
    const c = stopClock(runClock(startClock(blitz), "white", 0), 10_000_000);
    expect(c.reserveMs.white).toBe(0);
    expect(reservesAt(runClock(c, "white", 0), 1e9).white).toBe(0);
  });
});
