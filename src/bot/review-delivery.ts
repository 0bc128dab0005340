import type { Api } from "grammy";
import type { ReviewJobKind, ReviewJobRow, ReviewJobs } from "../db/telegram/review-jobs.js";
import type { Logger } from "../log.js";
import type { BackgroundJobs } from "./background.js";

/** Sends what a job made (the analysis's post, the replay's animation) where it was asked. */
export type Deliver = (job: ReviewJobRow, api: Api) => Promise<void>;

/** How long a made job waits for its press's answer before it goes anyway. */
const ANSWER_WAIT_MS = 10_000;
const POLL_MS = 500;
/** How many made jobs are claimed at a time; each then waits for its chat's budget. */
const CLAIM = 20;
/** Jobs asked this long ago and never made are dropped: so late, they answer nothing. */
const UNMADE_FOR_MS = 15 * 60_000;

/**
 * The active process's end of the review jobs: whatever a process made (this one, or a
 * standby) is claimed here and sent, once. A press is answered before its result goes out;
 * `jobs.settled()` waits for every job this process asked for until it has gone.
 */
export class ReviewDelivery {
  private readonly deliverers = new Map<ReviewJobKind, Deliver>();
  /** Jobs asked for here, until sent or given up: the answers they wait for, and the end. */
  private readonly awaited = new Map<number, { answered: Promise<void>; done: () => void }>();
  private claiming = false;
  /** The jobs this process is sending now. */
  private readonly inHand = new Set<number>();
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;

  constructor(
    private readonly jobs: ReviewJobs,
    private readonly api: Api,
    private readonly background: BackgroundJobs,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** How each kind's results go out (the reviews feature gives them). */
  serve(kind: ReviewJobKind, deliver: Deliver): void {
    this.deliverers.set(kind, deliver);
  }

  /** A job was asked for here: it goes once `answered` settles, and is waited for till then. */
  expect(id: number, answered: Promise<void>): void {
    const known = this.awaited.get(id);
    if (known) {
      known.answered = Promise.all([known.answered, answered]).then(() => {});
      return;
    }
    let done = () => {};
    const gone = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.awaited.set(id, { answered, done });
    this.background.run("review", () => gone);
  }

  /** A job is gone unsent (its maker gave it up): nobody waits for it. */
  forget(id: number): void {
    this.awaited.get(id)?.done();
    this.awaited.delete(id);
  }

  /**
   * Sends what a process before this one claimed and never finished, then looks for made
   * jobs every half second (a standby's are not announced here otherwise).
   */
  async start(): Promise<void> {
    // Jobs this process made before it started sending may be on their way already.
    const back = await this.jobs.reclaimSending([...this.inHand]);
    if (back > 0) this.logger.info({ jobs: back }, "review jobs: sending again what was cut off");
    this.timer = setInterval(() => this.poke(true), POLL_MS);
    this.timer.unref();
    this.poke();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Something may be made: claim it and send it. `looking`: nobody said so (the poll), so a
   * read comes first.
   */
  poke(looking = false): void {
    if (this.claiming) {
      if (!looking) this.again = true;
      return;
    }
    this.claiming = true;
    void this.claim(looking)
      .catch((err: unknown) => this.logger.warn({ err }, "review jobs: claiming failed"))
      .finally(() => {
        this.claiming = false;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async claim(looking: boolean): Promise<void> {
    for (let first = true; ; first = false) {
      if (first && looking && !(await this.jobs.hasMade())) break;
      const rows = await this.jobs.claimMade(CLAIM);
      for (const row of rows) this.background.run(`review ${row.kind}`, () => this.deliver(row));
      if (rows.length < CLAIM) break;
    }
    await this.tidy();
  }

  private async deliver(row: ReviewJobRow): Promise<void> {
    const waited = this.awaited.get(row.id);
    this.inHand.add(row.id);
    try {
      if (waited)
        await Promise.race([
          waited.answered,
          new Promise((r) => setTimeout(r, ANSWER_WAIT_MS).unref()),
        ]);
      const deliver = this.deliverers.get(row.kind);
      if (!deliver) throw new Error(`no sender for ${row.kind}`);
      await deliver(row, this.api);
    } finally {
      await this.jobs.remove(row.id);
      this.inHand.delete(row.id);
      this.forget(row.id);
    }
  }

  /**
   * Now and then: drops jobs unmade for too long, and stops waiting for jobs asked here that
   * another process gave up.
   */
  private async tidy(): Promise<void> {
    if (this.now() - this.lastPrune < 60_000) return;
    this.lastPrune = this.now();
    const dropped = await this.jobs.pruneUnmade(this.now() - UNMADE_FOR_MS);
    if (dropped > 0) this.logger.warn({ jobs: dropped }, "review jobs: dropped, never made");
    const waiting = [...this.awaited.keys()];
    const present = await this.jobs.present(waiting);
    for (const id of waiting) if (!present.has(id)) this.forget(id);
  }
}
