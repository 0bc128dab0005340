import { availableParallelism } from "node:os";
import type { BackgroundJobs } from "./background.js";

/** The bounds of one kind of review work (analyses, replays). */
export interface QueueLimits {
  /** How many run at once: each is a worker thread, or an animation being drawn. */
  readonly workers: number;
  /** How many one person may have waiting or running. */
  readonly perPerson: number;
  /** How many one chat may have waiting or running. */
  readonly perChat: number;
  /** How many may wait, all chats together. */
  readonly waiting: number;
}

/** Who asks, and the chat the result goes to (an inline game's message counts as a chat). */
export interface Asker {
  readonly userId: number;
  readonly chat: string;
}

export type Queued =
  /** It runs now. */
  | { readonly kind: "started" }
  /** It waits; `position` 1 starts next. */
  | { readonly kind: "waiting"; readonly position: number }
  /** The same work was asked for already: this asker shares it (null: it is running). */
  | { readonly kind: "joined"; readonly position: number | null }
  | { readonly kind: "refused"; readonly reason: "person" | "chat" | "full" };

interface Entry {
  readonly key: string;
  readonly asker: Asker;
  readonly job: () => Promise<void>;
}

/**
 * Work asked for by presses, run a fixed number at a time, in the order asked. Each piece has
 * a key: asked again while it waits or runs, it is shared, not done twice. One person, one
 * chat and everyone together can have only so much waiting, so presses on many games (or
 * forged ones) cannot start more than `workers` at once nor queue without end.
 */
export class ReviewQueue {
  private readonly queue: Entry[] = [];
  private readonly running = new Map<string, Entry>();

  constructor(
    private readonly name: string,
    private readonly limits: QueueLimits,
    private readonly jobs: BackgroundJobs,
  ) {}

  ask(key: string, asker: Asker, job: () => Promise<void>): Queued {
    if (this.running.has(key)) return { kind: "joined", position: null };
    const at = this.queue.findIndex((e) => e.key === key);
    if (at >= 0) return { kind: "joined", position: at + 1 };
    const all = [...this.running.values(), ...this.queue];
    if (all.filter((e) => e.asker.userId === asker.userId).length >= this.limits.perPerson)
      return { kind: "refused", reason: "person" };
    if (all.filter((e) => e.asker.chat === asker.chat).length >= this.limits.perChat)
      return { kind: "refused", reason: "chat" };
    const entry = { key, asker, job };
    if (this.running.size < this.limits.workers) {
      this.start(entry);
      return { kind: "started" };
    }
    if (this.queue.length >= this.limits.waiting) return { kind: "refused", reason: "full" };
    this.queue.push(entry);
    return { kind: "waiting", position: this.queue.length };
  }

  private start(entry: Entry): void {
    this.running.set(entry.key, entry);
    this.jobs.run(this.name, async () => {
      try {
        await entry.job();
      } finally {
        this.running.delete(entry.key);
        // Started before this job's promise settles, so `jobs.settled()` waits for it too.
        const next = this.queue.shift();
        if (next) this.start(next);
      }
    });
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
