import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { PRESS_TURN_WAIT_MS, takingTurns } from "../../src/bot/turns.js";

/** A stand-in update: its keys and a name. */
type Fake = { keys: string[]; name: string };
const asCtx = (f: Fake) => f as unknown as Context;

function rig() {
  const order: string[] = [];
  const waited: string[] = [];
  const turns = takingTurns(
    (ctx) => (ctx as unknown as Fake).keys,
    (ctx) => waited.push((ctx as unknown as Fake).name),
  );
  const run = (f: Fake, work: () => Promise<void> = async () => {}) =>
    turns(asCtx(f), async () => {
      order.push(`${f.name} starts`);
      await work();
      order.push(`${f.name} ends`);
    });
  return { order, waited, run };
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("updates taking turns", () => {
  it("runs updates sharing a key one after another, others at once", async () => {
    const { order, run } = rig();
    await Promise.all([
      run({ keys: ["a"], name: "1" }, () => sleep(30)),
      run({ keys: ["a", "b"], name: "2" }),
      run({ keys: ["c"], name: "3" }),
    ]);
    expect(order.indexOf("2 starts")).toBeGreaterThan(order.indexOf("1 ends"));
    expect(order.indexOf("3 ends")).toBeLessThan(order.indexOf("1 ends"));
  });

  it("tells an update waiting past its time, once, while it waits; not one served soon", async () => {
    const { waited, run } = rig();
    const slow = run({ keys: ["a"], name: "holder" }, () => sleep(PRESS_TURN_WAIT_MS + 300));
    const behind = run({ keys: ["a"], name: "behind" });
    const quick = run({ keys: ["b"], name: "quick holder" }, () => sleep(10));
    const soon = run({ keys: ["b"], name: "soon" });
    await sleep(PRESS_TURN_WAIT_MS + 100);
    // Told while still waiting: a press is answered before its turn comes.
    expect(waited).toEqual(["behind"]);
    await Promise.all([slow, behind, quick, soon]);
    expect(waited).toEqual(["behind"]);
  });

  it("forgets a key once its last update is done, and goes on after a failure", async () => {
    const { order, run } = rig();
    await expect(
      run({ keys: ["a"], name: "fails" }, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await run({ keys: ["a"], name: "next" });
    expect(order).toEqual(["fails starts", "next starts", "next ends"]);
  });
});
