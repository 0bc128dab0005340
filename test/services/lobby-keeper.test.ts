import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LobbyKeeper } from "../../src/services/index.js";

/** A lobby whose every tick and retelling takes `ms` and is counted while it runs. */
function slowLobby(ms: number, fail = false) {
  const seen = { ticks: 0, retells: 0, running: 0, most: 0 };
  const work = async (what: "ticks" | "retells") => {
    seen[what]++;
    seen.running++;
    seen.most = Math.max(seen.most, seen.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    seen.running--;
    if (fail) throw new Error(`${what} broke`);
  };
  return { seen, lobby: { tick: () => work("ticks"), retell: () => work("retells") } };
}

describe("the lobby keeper", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never runs a tick while the one before it, or the start's retelling, still runs", async () => {
    const { seen, lobby } = slowLobby(2_500);
    const keeper = new LobbyKeeper(lobby, (err) => {
      throw err;
    });
    keeper.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.most).toBe(1);
    expect(seen.retells).toBe(1);
    // Ten beats in ten seconds, but each piece of work takes two and a half: the retelling
    // and at most three ticks ran.
    expect(seen.ticks).toBeGreaterThan(1);
    expect(seen.ticks).toBeLessThanOrEqual(3);
    const stopped = keeper.stop();
    await vi.advanceTimersByTimeAsync(2_500);
    await stopped;
    expect(seen.running).toBe(0);
  });

  it("tells a failed tick and goes on; stop waits for the tick in progress", async () => {
    const { seen, lobby } = slowLobby(300, true);
    const failures: string[] = [];
    const keeper = new LobbyKeeper(lobby, (err) => failures.push((err as Error).message));
    keeper.start();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(failures).toEqual(["retells broke"]);
    expect(seen.running).toBe(1);
    const stopped = keeper.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    expect(seen.running).toBe(0);
    expect(failures).toEqual(["retells broke", "ticks broke"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen.ticks).toBe(1);
  });
});
