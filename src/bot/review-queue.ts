import { availableParallelism } from "node:os";
import type {
  JobBounds,
  NewReviewJob,
  Queued,
  ReviewJobKind,
  ReviewJobs,
} from "../db/telegram/review-jobs.js";
import type { Deliver, ReviewDelivery } from "./review-delivery.js";
import type { ReviewMakers } from "./review-makers.js";

/** The bounds of one kind of review work (analyses, replays). */
export interface QueueLimits extends JobBounds {
  /** How many this process makes at once: each is a worker thread, or an animation drawn. */
  readonly workers: number;
}

export type { Queued };

/** Where a review goes and who asked for it. */
export type ReviewAsk = Omit<NewReviewJob, "kind">;

/** What a queue is built on: the jobs' table, and the two ends of the work. */
export interface ReviewQueueParts {
  readonly jobs: ReviewJobs;
  readonly makers: ReviewMakers;
  readonly delivery: ReviewDelivery;
  readonly now: () => number;
}

/**
 * Work asked for by presses (see src/bot/review-makers.ts): stored as a job, made by any
 * process a fixed number at a time, in the order asked, and sent by the active one. Asked
 * again where it waits or is made, it is shared, not done twice. One person, one chat and
 * everyone together can have only so much open, so presses on many games (or forged ones)
 * cannot queue without end.
 */
export class ReviewQueue {
  constructor(
    private readonly kind: ReviewJobKind,
    private readonly limits: QueueLimits,
    private readonly parts: ReviewQueueParts,
  ) {}

  /** How what this queue makes goes out (the feature that asks for it says). */
  serve(deliver: Deliver): void {
    this.parts.delivery.serve(this.kind, deliver);
  }

  /** Queues the review; what it makes goes out once `answered` settles (the press's answer). */
  async ask(review: ReviewAsk, answered: Promise<void>): Promise<Queued> {
    const { jobs, makers, delivery, now } = this.parts;
    const { queued, id } = await jobs.ask({ ...review, kind: this.kind }, this.limits, now());
    // A job joined while it is made or sent may be gone before it could be waited for.
    const open = queued.kind !== "refused" && !(queued.kind === "joined" && !queued.position);
    if (id !== null && open) {
      delivery.expect(id, answered);
      makers.poke(this.kind);
    }
    return queued;
  }
}

/**
 * A press's work waits for its answer (a press is answered before any message goes out):
 * `passed` settles once `open` is called.
 */
export function answerGate(): { readonly passed: Promise<void>; readonly open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

export interface ReviewLimits {
  readonly analyses: QueueLimits;
  readonly replays: QueueLimits;
}

/** Cores left once the thread taking updates has one (and the computer's thread shares it). */
const SPARE_CORES = Math.max(1, availableParallelism() - 1);

/**
 * Sized for real play: a person asks for the analysis and the replay of the game just played,
 * perhaps of one more from /history (3 each at a time); a group after a tournament round asks
 * for a few games at once (6 for one chat). Past that, presses are told to wait; a queue of
 * 40 is minutes of work. Analyses run one per spare core (up to 4), each in a worker thread;
 * replays up to 2 at once (each a few MB now that frames are written as drawn).
 */
export const REVIEW_LIMITS: ReviewLimits = {
  analyses: { workers: Math.min(4, SPARE_CORES), perPerson: 3, perChat: 6, waiting: 40 },
  replays: { workers: Math.min(2, SPARE_CORES), perPerson: 3, perChat: 6, waiting: 40 },
};
