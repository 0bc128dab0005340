import { describe, expect, it } from "vitest";
import { silentLogger } from "../../bench/testkit/index.js";
import { BackgroundJobs } from "../../src/bot/background.js";
import { ReviewQueue } from "../../src/bot/review-queue.js";

/** A job that runs until released, noting when it starts. */
function heldJob(started: string[], key: string) {
  let release = () => {};
  const done = new Promise<void>((r) => {
    release = r;
  });
  return {
    job: async () => {
      started.push(key);
      await done;
    },
    release: () => release(),
  };
}

const LIMITS = { workers: 2, perPerson: 3, perChat: 4, waiting: 3 };

describe("the review queue", () => {
  it("runs a fixed number at once, in the order asked, and says where each waits", async () => {
    const jobs = new BackgroundJobs(silentLogger);
    const q = new ReviewQueue("test", LIMITS, jobs);
    const started: string[] = [];
    const held = ["a", "b", "c", "d", "e"].map((k) => heldJob(started, k));
    const answers = held.map((h, i) => q.ask(`k${i}`, { userId: i, chat: `chat${i}` }, h.job));
    expect(answers).toEqual([
      { kind: "started" },
      { kind: "started" },
      { kind: "waiting", position: 1 },
      { kind: "waiting", position: 2 },
      { kind: "waiting", position: 3 },
    ]);
    // Past `waiting`, everyone is told to come back later.
    expect(q.ask("k5", { userId: 5, chat: "chat5" }, async () => {})).toEqual({
      kind: "refused",
      reason: "full",
    });
    // Asked again while waiting or running: shared, with its place.
    expect(q.ask("k3", { userId: 9, chat: "chat9" }, async () => {})).toEqual({
      kind: "joined",
      position: 2,
    });
    expect(q.ask("k0", { userId: 9, chat: "chat9" }, async () => {})).toEqual({
      kind: "joined",
      position: null,
    });
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    held[1]!.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["a", "b", "c"]);
    // The next in line is now first.
    expect(q.ask("k4", { userId: 9, chat: "chat9" }, async () => {})).toEqual({
      kind: "joined",
      position: 2,
    });
    for (const h of held) h.release();
    await jobs.settled();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("limits what one person and one chat may have waiting or running", async () => {
    const jobs = new BackgroundJobs(silentLogger);
    const q = new ReviewQueue("test", { ...LIMITS, waiting: 10 }, jobs);
    const held = heldJob([], "x");
    for (let i = 0; i < 3; i++)
      expect(q.ask(`p${i}`, { userId: 1, chat: `c${i}` }, held.job).kind).not.toBe("refused");
    expect(q.ask("p3", { userId: 1, chat: "c3" }, held.job)).toEqual({
      kind: "refused",
      reason: "person",
    });
    // Others in a chat that has one already: the chat's limit is 4.
    for (const userId of [2, 3, 4])
      expect(q.ask(`q${userId}`, { userId, chat: "c0" }, held.job).kind).toBe("waiting");
    expect(q.ask("q5", { userId: 5, chat: "c0" }, held.job)).toEqual({
      kind: "refused",
      reason: "chat",
    });
    held.release();
    await jobs.settled();
    // Once done, the person may ask again.
    expect(q.ask("p3", { userId: 1, chat: "c3" }, async () => {}).kind).toBe("started");
    await jobs.settled();
  });

  it("goes on past a job that fails", async () => {
    const jobs = new BackgroundJobs(silentLogger);
    const q = new ReviewQueue("test", { ...LIMITS, workers: 1 }, jobs);
    const ran: string[] = [];
    q.ask("bad", { userId: 1, chat: "c" }, async () => {
      throw new Error("drawing failed");
    });
    q.ask("good", { userId: 2, chat: "d" }, async () => {
      ran.push("good");
    });
    await jobs.settled();
    expect(ran).toEqual(["good"]);
  });
});
