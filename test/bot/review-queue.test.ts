import type { Api } from "grammy";
import { expect } from "vitest";
import { silentLogger } from "../../bench/testkit/index.js";
import { BackgroundJobs } from "../../src/bot/background.js";
import { ReviewDelivery } from "../../src/bot/review-delivery.js";
import { type Make, ReviewMakers } from "../../src/bot/review-makers.js";
import { answerGate, ReviewQueue } from "../../src/bot/review-queue.js";
import { type ReviewJobRow, ReviewJobs } from "../../src/db/telegram/review-jobs.js";
import { onEachDatabase } from "../helpers/databases.js";

const LIMITS = { workers: 1, perPerson: 10, perChat: 10, waiting: 10 };
const NO_API = {} as Api;

/** A process's makers of replays: each job takes a moment, or what `make` says. */
function makersOf(jobs: ReviewJobs, made: string[], make?: Make, leaseMs = 30_000) {
  const m: ReviewMakers = new ReviewMakers({
    jobs,
    make: {
      analysis: async () => null,
      replay:
        make ??
        (async (job) => {
          await new Promise((r) => setTimeout(r, 15));
          made.push(`${m.taker}:${job.gameId}`);
          return Buffer.from(`gif ${job.gameId}`);
        }),
    },
    workers: { analysis: 1, replay: 1 },
    logger: silentLogger,
    leaseMs,
    pollMs: 10,
  });
  return m;
}

/** The active process's end: what it sent, in order. */
function activeEnd(jobs: ReviewJobs, makers: ReviewMakers) {
  const background = new BackgroundJobs(silentLogger);
  const delivery = new ReviewDelivery(jobs, NO_API, background, silentLogger);
  const sent: ReviewJobRow[] = [];
  delivery.serve("replay", async (job) => {
    sent.push(job);
  });
  makers.onMade(() => delivery.poke());
  makers.onGone((id) => delivery.forget(id));
  const queue = new ReviewQueue("replay", LIMITS, { jobs, makers, delivery, now: Date.now });
  const ask = (gameId: number, answered: Promise<void> = Promise.resolve()) =>
    queue.ask(
      {
        gameId,
        place: "-5",
        userId: gameId,
        chatId: -5,
        replyTo: 1,
        inlineMessageId: null,
      },
      answered,
    );
  return { background, delivery, sent, ask };
}

onEachDatabase("review jobs across processes", (it) => {
  it("a standby's makers share the work: each job made once, by whichever is free, and sent once by the active process", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const made: string[] = [];
    const active = makersOf(jobs, made);
    const standby = makersOf(jobs, made);
    const end = activeEnd(jobs, active);
    standby.start();
    await end.delivery.start();
    try {
      for (let g = 1; g <= 8; g++) await end.ask(g);
      await end.background.settled();
    } finally {
      end.delivery.stop();
      await standby.stop();
    }
    expect(end.sent.map((j) => j.gameId).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // What was sent is what its maker made, brought over in the job.
    for (const j of end.sent) expect(j.result?.toString()).toBe(`gif ${j.gameId}`);
    expect(made).toHaveLength(8);
    expect(made.filter((m) => m.startsWith(active.taker)).length).toBeGreaterThan(0);
    expect(made.filter((m) => m.startsWith(standby.taker)).length).toBeGreaterThan(0);
    expect(await jobs.all()).toEqual([]);
  });

  it("a job whose maker died is taken again once its hold runs out, and the dead one's late result counts for nothing", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    let wake = () => {};
    const hung = new Promise<void>((r) => {
      wake = r;
    });
    // The dying process takes the job and never renews its hold (its timers never run).
    const dying = makersOf(
      jobs,
      [],
      async () => {
        await hung;
        return Buffer.from("late");
      },
      150,
    );
    const made: string[] = [];
    const end = activeEnd(jobs, dying);
    await end.ask(1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await jobs.all())[0]).toMatchObject({ state: "making", taker: dying.taker });
    const next = makersOf(jobs, made);
    next.onMade(() => end.delivery.poke());
    next.start();
    try {
      await end.background.settled();
    } finally {
      await next.stop();
    }
    expect(made).toEqual([`${next.taker}:1`]);
    expect(end.sent.map((j) => [j.gameId, j.attempts, j.result?.toString()])).toEqual([
      [1, 2, "gif 1"],
    ]);
    wake();
    await dying.settled();
    end.delivery.poke();
    await end.background.settled();
    expect(end.sent).toHaveLength(1);
    expect(await jobs.all()).toEqual([]);
  });

  it("a result waits for its press's answer; a job that fails is dropped and nobody waits for it", async ({
    database,
  }) => {
    const jobs = new ReviewJobs(database.db);
    const makers = makersOf(jobs, [], async (job) => {
      if (job.gameId === 2) throw new Error("cannot draw");
      return Buffer.from("gif");
    });
    const end = activeEnd(jobs, makers);
    const gate = answerGate();
    await end.ask(1, gate.passed);
    await end.ask(2);
    await makers.settled();
    await new Promise((r) => setTimeout(r, 20));
    // Made, and held back until the press is answered.
    expect(end.sent).toEqual([]);
    expect((await jobs.all()).map((j) => [j.gameId, j.state])).toEqual([[1, "sending"]]);
    gate.open();
    await end.background.settled();
    expect(end.sent.map((j) => j.gameId)).toEqual([1]);
    expect(await jobs.all()).toEqual([]);
  });
});
