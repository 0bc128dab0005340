import { describe, expect, it } from "vitest";
import { benchReplay } from "../../bench/replay.js";

describe("a 60-turn game's replay", () => {
  it("is made in under 10 s, weighs under 5 MB, and its memory does not grow with its length", async () => {
    const r = await benchReplay();
    expect(r.replayFrames).toBe(62);
    // CPU time, not wall time: the machine may be busy with other work.
    expect(r.replayCpuMs).toBeLessThan(10_000);
    expect(r.replayMb).toBeLessThan(5);
    // Frames kept until the end took about 1.8 MB each (their pixels, then all of them joined):
    // over 100 MB for these 62 and three times that for the 186. Written as drawn, a few.
    expect(r.replayPeakMb).toBeLessThan(60);
    expect(r.replayTripledPeakMb).toBeLessThan(60);
  }, 120_000);
});
