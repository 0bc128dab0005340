import { expect } from "vitest";
import { type NewReviewJob, ReviewJobs } from "../../../src/db/telegram/review-jobs.js";
import { onEachDatabase } from "../../helpers/databases.js";

const BOUNDS = { workers: 2, perPerson: 3, perChat: 4, waiting: 3 };

const analysis = (gameId: number, userId: number, chat = -100 - userId): NewReviewJob => ({
  kind: "analysis",
  gameId,
  place: String(chat),
  userId,
  chatId: chat,
  replyTo: 7,
  inlineMessageId: null,
});

onEachDatabase("the review jobs", (it) => {
  it("queue past the makers in the order asked, say each one's place, share a second ask and refuse past the bounds", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const asked = [];
    for (let i = 0; i < 5; i++) asked.push(await jobs.ask(analysis(10 + i, i), BOUNDS, 1_000));
    expect(asked.map((a) => a.queued)).toEqual([
      { kind: "started" },
      { kind: "started" },
      { kind: "waiting", position: 1 },
      { kind: "waiting", position: 2 },
      { kind: "waiting", position: 3 },
    ]);
    // Past `waiting`, everyone is told to come back later.
    expect((await jobs.ask(analysis(20, 9), BOUNDS, 1_000)).queued).toEqual({
      kind: "refused",
      reason: "full",
    });
    // The same game asked for in the same place: shared, with the row it goes out from.
    const again = await jobs.ask({ ...analysis(13, 3), userId: 42 }, BOUNDS, 1_000);
    expect(again).toEqual({ queued: { kind: "joined", position: 2 }, id: asked[3]!.id });
    // A replay is another queue: its own places.
    const replay = { ...analysis(10, 0), kind: "replay" as const };
    expect((await jobs.ask(replay, BOUNDS, 1_000)).queued).toEqual({ kind: "started" });
    // Taken, it is being made: one who joins hears it is under way.
    const first = await jobs.take("analysis", "a", 1_000, 31_000);
    expect(first).toMatchObject({ id: asked[0]!.id, state: "making", taker: "a", attempts: 1 });
    expect((await jobs.ask({ ...analysis(10, 0), userId: 43 }, BOUNDS, 1_000)).queued).toEqual({
      kind: "joined",
      position: null,
    });
  });

  it("count one person's and one chat's open jobs", async ({ database }) => {
    const jobs = new ReviewJobs(database.db);
    const roomy = { ...BOUNDS, waiting: 40 };
    for (let g = 0; g < 3; g++) await jobs.ask(analysis(g, 1, -5), roomy, 0);
    expect((await jobs.ask(analysis(3, 1, -6), roomy, 0)).queued).toEqual({
      kind: "refused",
      reason: "person",
    });
    await jobs.ask(analysis(4, 2, -5), roomy, 0);
    expect((await jobs.ask(analysis(5, 3, -5), roomy, 0)).queued).toEqual({
      kind: "refused",
      reason: "chat",
    });
    // Done with one, the person may ask again.
    const [oldest] = await jobs.all();
    await jobs.remove(oldest!.id);
    expect((await jobs.ask(analysis(6, 1, -6), roomy, 0)).queued.kind).toBe("waiting");
  });

  it("give each job to one maker, again once its hold runs out, and take its result only from the holder", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const { id } = await jobs.ask({ ...analysis(1, 1), kind: "replay" }, BOUNDS, 0);
    await jobs.ask({ ...analysis(2, 2), kind: "replay" }, BOUNDS, 0);
    expect(await jobs.hasWork("replay", 100)).toBe(true);
    expect(await jobs.hasWork("analysis", 100)).toBe(false);
    const a = await jobs.take("replay", "a", 100, 1_100);
    const b = await jobs.take("replay", "b", 100, 1_100);
    expect([a?.gameId, b?.gameId]).toEqual([1, 2]);
    expect(await jobs.hasWork("replay", 100)).toBe(false);
    expect(await jobs.hasWork("replay", 1_101)).toBe(true);
    expect(await jobs.take("replay", "c", 100, 1_100)).toBeNull();
    expect(await jobs.take("analysis", "c", 100, 1_100)).toBeNull();
    // a renews its hold; b's runs out, and c takes b's job over.
    await jobs.renew([id!], "a", 5_000);
    const c = await jobs.take("replay", "c", 2_000, 3_000);
    expect(c).toMatchObject({ gameId: 2, taker: "c", attempts: 2 });
    expect(await jobs.made(b!.id, "b", Buffer.from("late"))).toBe(false);
    expect(await jobs.made(c!.id, "c", Buffer.from("GIF89a"))).toBe(true);
    // Made once: the holder cannot make it twice either.
    expect(await jobs.made(c!.id, "c", Buffer.from("again"))).toBe(false);
    // a stops: what it holds unmade is handed back for another to take now.
    await jobs.release("a");
    expect(await jobs.take("replay", "d", 2_000, 3_000)).toMatchObject({ gameId: 1, taker: "d" });
  });

  it("claim made jobs to send once, with their result; a new process claims back what an old one was sending", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    for (const g of [1, 2, 3]) await jobs.ask({ ...analysis(g, g), kind: "replay" }, BOUNDS, 0);
    for (let i = 0; i < 3; i++) {
      const row = await jobs.take("replay", "m", 0, 1_000);
      await jobs.made(row!.id, "m", row!.gameId === 2 ? null : bytes);
    }
    expect(await jobs.hasMade()).toBe(true);
    const claimed = await jobs.claimMade(2);
    expect(claimed.map((r) => r.gameId)).toEqual([1, 2]);
    expect(claimed[0]!.result).toEqual(bytes);
    expect(claimed[1]!.result).toBeNull();
    expect((await jobs.claimMade(10)).map((r) => r.gameId)).toEqual([3]);
    expect(await jobs.claimMade(10)).toEqual([]);
    expect(await jobs.hasMade()).toBe(false);
    await jobs.remove(claimed[0]!.id);
    // The sender died: the next one sends the two it had claimed, but for one in its own hand.
    expect(await jobs.reclaimSending([claimed[1]!.id])).toBe(1);
    expect(await jobs.reclaimSending()).toBe(1);
    expect((await jobs.claimMade(10)).map((r) => r.gameId)).toEqual([2, 3]);
    expect(await jobs.present([claimed[0]!.id, claimed[1]!.id])).toEqual(new Set([claimed[1]!.id]));
  });

  it("forget jobs never made once they are old, not those made and waiting to go", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const roomy = { ...BOUNDS, waiting: 40 };
    await jobs.ask(analysis(1, 1), roomy, 0);
    await jobs.ask(analysis(2, 2), roomy, 0);
    await jobs.ask(analysis(3, 3), roomy, 500);
    const row = await jobs.take("analysis", "m", 0, 1_000);
    await jobs.made(row!.id, "m", null);
    expect(await jobs.pruneUnmade(100)).toBe(1);
    expect((await jobs.all()).map((r) => [r.gameId, r.state])).toEqual([
      [1, "made"],
      [3, "waiting"],
    ]);
  });
});
