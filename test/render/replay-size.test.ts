import { describe, expect, it } from "vitest";
import { benchReplay } from "../../bench/replay.js";

describe("a 60-turn game's replay", () => {
  it("is made in under 10 s and weighs under 5 MB", async () => {
    const r = await benchReplay({ smoke: true });
    expect(r.replayFrames).toBe(62);
    // CPU time, not wall time: the machine may be busy with other work.
    expect(r.replayCpuMs).toBeLessThan(10_000);
    expect(r.replayMb).toBeLessThan(5);
  }, 60_000);
});
