import { describe, expect, it } from "vitest";
import { minutesLeft, RateLimit } from "../../src/bot/rate-limit.js";

describe("a person's rate limit", () => {
  it("allows `count` in any window, tells when the next one is allowed, and tells it once", () => {
    let now = 1_000_000;
    const limit = new RateLimit({ count: 3, perMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limit.take(7)).toEqual({ ok: true });
      now += 10_000;
    }
    // Three in the last 30 s: the first of them frees a place 30 s from now.
    expect(limit.take(7)).toEqual({ ok: false, retryInMs: 30_000, told: false });
    now += 5_000;
    expect(limit.take(7)).toEqual({ ok: false, retryInMs: 25_000, told: true });
    expect(minutesLeft({ retryInMs: 25_000 })).toBe(1);
    // Someone else is not held up by it.
    expect(limit.take(8)).toEqual({ ok: true });
    now += 25_000;
    expect(limit.check(7)).toEqual({ ok: true });
    expect(limit.take(7)).toEqual({ ok: true });
    // Refused again later: a new refusal, told again.
    expect(limit.take(7)).toMatchObject({ ok: false, told: false });
  });

  it("counts nothing when only checked, and nothing that was refused", () => {
    let now = 0;
    const limit = new RateLimit({ count: 1, perMs: 1_000 }, () => now);
    expect(limit.check(1)).toEqual({ ok: true });
    expect(limit.check(1)).toEqual({ ok: true });
    expect(limit.take(1)).toEqual({ ok: true });
    now = 500;
    expect(limit.take(1)).toMatchObject({ ok: false, retryInMs: 500 });
    now = 1_000;
    // The refused take did not restart the window.
    expect(limit.take(1)).toEqual({ ok: true });
  });
});
