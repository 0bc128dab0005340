import { randomUUID } from "node:crypto";
import type { ReviewJobKind, ReviewJobRow, ReviewJobs } from "../db/telegram/review-jobs.js";
import type { Logger } from "../log.js";

/** Makes one job's result: bytes to send, or null where it is stored elsewhere (an analysis). */
export type Make = (job: ReviewJobRow) => Promise<Buffer | null>;

export interface MakersOptions {
  readonly jobs: ReviewJobs;
  readonly make: Readonly<Record<ReviewJobKind, Make>>;
  /** How many of each kind this process makes at once. */
  readonly workers: Readonly<Record<ReviewJobKind, number>>;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long a taken job is this process's unless renewed (a third of it apart). */
  readonly leaseMs?: number;
  /** How often to look for jobs other processes asked for, once started. */
  readonly pollMs?: number;
}

/** A job taken this many times was in hand at each of as many deaths: it is given up. */
const MOST_ATTEMPTS = 3;
const LEASE_MS = 10_000;
const POLL_MS = 1_000;

/**
 * Every process's share of the heavy review work (analyses, replays): it takes jobs from the
 * database a fixed number at a time per kind, makes them and stores what it made, renewing its
 * hold meanwhile. The active process is poked when it asks; standbys look every second.
 */
export class ReviewMakers {
  /** This process, as the jobs it holds name it. */
  readonly taker = `${process.pid}:${randomUUID()}`;
  private readonly running = new Map<ReviewJobKind, Map<number, Promise<void>>>();
  private readonly filling = new Map<ReviewJobKind, Promise<void>>();
  private readonly again = new Set<ReviewJobKind>();
  private readonly madeListeners: ((id: number) => void)[] = [];
  private readonly goneListeners: ((id: number) => void)[] = [];
  private readonly now: () => number;
  private readonly leaseMs: number;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly options: MakersOptions) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    for (const kind of this.kinds()) this.running.set(kind, new Map());
  }

  /** Told of each job this process made (the active one sends it at once). */
  onMade(listener: (id: number) => void): void {
    this.madeListeners.push(listener);
  }

  /** Told of each job this process gave up (it failed, or kept killing its makers). */
  onGone(listener: (id: number) => void): void {
    this.goneListeners.push(listener);
  }

  /** Looks for work of every kind from now on, and renews the holds on what is in hand. */
  start(): void {
    if (this.timers.length > 0 || this.stopped) return;
    const poll = setInterval(() => {
      for (const kind of this.kinds()) this.poke(kind, true);
    }, this.options.pollMs ?? POLL_MS);
    const renew = setInterval(() => void this.renew(), this.leaseMs / 3);
    poll.unref();
    renew.unref();
    this.timers = [poll, renew];
    for (const kind of this.kinds()) this.poke(kind);
  }

  /**
   * A job of `kind` may be waiting: take what there is room for. `looking`: nobody said so
   * (the poll), so a read comes first.
   */
  poke(kind: ReviewJobKind, looking = false): void {
    if (this.stopped) return;
    if (this.filling.has(kind)) {
      if (!looking) this.again.add(kind);
      return;
    }
    const fill = this.fill(kind, looking)
      .catch((err: unknown) =>
        this.options.logger.warn({ err, kind }, "review jobs: taking failed"),
      )
      .finally(() => {
        this.filling.delete(kind);
        if (this.again.delete(kind)) this.poke(kind);
      });
    this.filling.set(kind, fill);
  }

  /** Jobs in hand now. */
  get size(): number {
    let n = 0;
    for (const r of this.running.values()) n += r.size;
    return n;
  }

  /** Until nothing is being taken or made. */
  async settled(): Promise<void> {
    while (this.filling.size > 0 || this.size > 0)
      await Promise.all([
        ...this.filling.values(),
        ...[...this.running.values()].flatMap((r) => [...r.values()]),
      ]);
  }

  /** Takes nothing more; what is in hand unmade goes back for another process to take now. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.options.jobs.release(this.taker);
  }

  private kinds(): ReviewJobKind[] {
    return Object.keys(this.options.make) as ReviewJobKind[];
  }

  private async fill(kind: ReviewJobKind, looking: boolean): Promise<void> {
    const running = this.running.get(kind)!;
    if (running.size >= this.options.workers[kind]) return;
    if (looking && !(await this.options.jobs.hasWork(kind, this.now()))) return;
    while (!this.stopped && running.size < this.options.workers[kind]) {
      const now = this.now();
      const job = await this.options.jobs.take(kind, this.taker, now, now + this.leaseMs);
      if (!job) return;
      const work = this.work(job).finally(() => {
        running.delete(job.id);
        this.poke(kind);
      });
      running.set(job.id, work);
    }
  }

  private async work(job: ReviewJobRow): Promise<void> {
    const { jobs, logger } = this.options;
    try {
      if (job.attempts > MOST_ATTEMPTS) throw new Error("taken too many times");
      const began = Date.now();
      const result = await this.options.make[job.kind](job);
      if (!(await jobs.made(job.id, this.taker, result))) return;
      logger.debug(
        { job: job.kind, gameId: job.gameId, ms: Date.now() - began, taker: this.taker },
        "review job made",
      );
      for (const l of this.madeListeners) l(job.id);
    } catch (err) {
      // Cut off by a stop: the job went back for the next process.
      if (this.stopped) return;
      logger.error({ err, job: job.kind, gameId: job.gameId }, "review job failed");
      await jobs.remove(job.id).catch(() => {});
      for (const l of this.goneListeners) l(job.id);
    }
  }

  private async renew(): Promise<void> {
    const ids = [...this.running.values()].flatMap((r) => [...r.keys()]);
    await this.options.jobs
      .renew(ids, this.taker, this.now() + this.leaseMs)
      .catch((err: unknown) => this.options.logger.warn({ err }, "review jobs: renewing failed"));
  }
}
