import type { Transformer } from "grammy";
import { ContextSlot } from "../../context-slot.js";
import type { Logger } from "../../log.js";
import { type Budget, type BudgetRules, budgetFor, TELEGRAM_BUDGETS } from "./budget.js";
import { type Clock, systemClock } from "./clock.js";
import { costOf, isPrivateLane, laneOf } from "./methods.js";

/**
 * What goes first when a chat's budget is short: what someone must press now (the board of
 * the player to act), then replies and notices, then what is only for onlookers (a board
 * nobody acts on, the standings), and last what may wait for a quiet moment (a countdown).
 */
export const PRIORITY = { urgent: 0, normal: 1, onlooker: 2, idle: 3 } as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

/** One call that spent a chat's budget. */
export interface Spend {
  readonly lane: string;
  readonly at: number;
}

/** A message kept up to date: run when the chat's budget allows, with the newest state then. */
export interface Job {
  /** One message (or one thing shown); a newer request for it replaces one still waiting. */
  readonly key: string;
  /** The budget it spends (see methods.ts). */
  readonly lane: string;
  readonly priority: Priority;
  /** Reads what to show when it runs, and shows it. Its own failures are its own. */
  readonly run: () => Promise<void>;
}

interface Entry {
  readonly seq: number;
  priority: Priority;
  readonly start: (token: number) => void;
}

interface Lane {
  readonly key: string;
  readonly budget: Budget;
  /** By priority, then by arrival. */
  readonly queue: Entry[];
  pausedUntil: number;
  timer: unknown;
  timerAt: number | null;
  /** Calls made outside jobs (a handler's reply) waiting here now. */
  callers: number;
  /** The chat was found full, and told, since it last had no caller waiting. */
  full: boolean;
}

interface JobState {
  spec: Job;
  /** Its place in the lane while it waits; null once running. */
  entry: Entry | null;
  /** Asked for again while running: it runs once more after. */
  again: Job | null;
  /** Waiting for the budget for a second call of its run. */
  blocked: boolean;
}

/** What a call made inside a job knows of it. */
interface CallContext {
  readonly job: JobState;
  /** The share reserved when the job was let in, until its first call uses it. */
  token: number | null;
}

/**
 * Replies waiting for one chat's budget, and for all chats together: a minute of a group's
 * budget, and what a busy bot has in a bad minute. Past either, a reply is dropped (the
 * chat is told once to slow down): what waits is memory, and one chat must not take it all.
 */
export const WAITING_LIMITS = { perChat: 20, total: 2_000 } as const;
export type WaitingLimits = { readonly perChat: number; readonly total: number };

/** What a reply dropped for a full outbox fails with; handlers let it pass in silence. */
export const OUTBOX_FULL = "Too Many Requests: not sent, the chat's outbox is full";

/** Whether a failure is a reply dropped for a full outbox (see WAITING_LIMITS). */
export const isDropped = (err: unknown): boolean =>
  typeof err === "object" &&
  err !== null &&
  (err as { description?: unknown }).description === OUTBOX_FULL;

/**
 * Where the outbox writes down what it spends and what waits, so the process after this one
 * (a restart, a standby taking over) goes on from there. Its calls never throw.
 */
export interface OutboxLedger {
  /** Shares of a chat's budget taken now: written before the call goes. */
  spent(lane: string, times: readonly number[]): Promise<void>;
  /** A call made outside a job must wait: kept until `gone`; null when it cannot be. */
  keep(lane: string, method: string, payload: unknown): Promise<number | null>;
  /** The kept call went, or failed for good. */
  gone(id: number): Promise<void>;
}

export interface OutboxOptions {
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly rules?: BudgetRules;
  readonly limits?: WaitingLimits;
  /** A chat's outbox was found full: tell it to slow down (once until it empties). */
  readonly onFull?: (lane: string) => void;
  readonly ledger?: OutboxLedger;
}

/**
 * Spends are written when their call leaves; Telegram counts them when they arrive, which on
 * a slow network is up to about this much later, so a restored spend counts from then.
 */
const RESTORED_LATENCY_MS = 1_000;

/** A 429 still drawn (another process, Telegram's own variation) is tried this many times. */
const RETRIES_AFTER_429 = 3;
/** An idle job waits until at least this share of the chat's budget is free. */
const IDLE_HEADROOM = 0.5;

/**
 * One outbox for every message the bot sends or edits. Each chat (and each inline message)
 * has a budget; calls into it are let through only within it, most urgent first and, within
 * one priority, in order of arrival, so games sharing a chat take turns. Messages kept up to
 * date are jobs: a job still waiting is replaced by a newer request for the same message, and
 * reads the newest state when it runs, so states in between are never sent. A 429 pauses its
 * chat only.
 */
export class Outbox {
  private readonly lanes = new Map<string, Lane>();
  private readonly jobs = new Map<string, JobState>();
  private readonly context = new ContextSlot<CallContext>();
  private seq = 0;
  /** Jobs queued or running, waiters queued, calls on their way. */
  private active = 0;
  private inFlight = 0;
  private running = 0;
  private blocked = 0;
  /** Calls made outside jobs waiting for a budget, in every chat. */
  private callers = 0;
  private idleWaiters: (() => void)[] = [];
  private jobWaiters: (() => void)[] = [];
  /** The kept call (see OutboxLedger) a call sends again for the process before this one. */
  private readonly resent = new ContextSlot<number>();
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly rules: BudgetRules;
  private readonly limits: WaitingLimits;
  private readonly onFull: (lane: string) => void;
  private readonly ledger: OutboxLedger | null;

  constructor(options: OutboxOptions) {
    this.logger = options.logger;
    this.clock = options.clock ?? systemClock;
    this.rules = options.rules ?? TELEGRAM_BUDGETS;
    this.limits = options.limits ?? WAITING_LIMITS;
    this.onFull = options.onFull ?? (() => {});
    this.ledger = options.ledger ?? null;
  }

  /** Shows the message `job.key` when its chat's budget allows (see the class comment). */
  schedule(job: Job): void {
    const known = this.jobs.get(job.key);
    if (!known) {
      const state: JobState = { spec: job, entry: null, again: null, blocked: false };
      this.jobs.set(job.key, state);
      this.active++;
      state.entry = this.enqueue(job.lane, job.priority, this.seq++, (token) =>
        this.start(state, token),
      );
      this.pump(this.lane(job.lane));
      return;
    }
    if (known.entry) {
      // Still waiting: keeps its place in line, takes the newer run and the higher priority.
      known.spec = job;
      if (job.priority < known.entry.priority) this.reorder(job.lane, known.entry, job.priority);
      return;
    }
    // Running: it runs once more after, at the higher of the two priorities.
    const prior = known.again;
    known.again =
      prior && prior.priority < job.priority ? { ...job, priority: prior.priority } : job;
  }

  /**
   * Drops what waits for this message: a queued job, or the run asked of a running one
   * (its caller will ask again when it wants).
   */
  forget(key: string): void {
    const known = this.jobs.get(key);
    if (!known) return;
    known.again = null;
    if (!known.entry) return;
    const lane = this.lanes.get(known.spec.lane);
    const i = lane?.queue.indexOf(known.entry) ?? -1;
    if (lane && i >= 0) lane.queue.splice(i, 1);
    this.jobs.delete(key);
    this.jobsMaybeSettled();
    this.done();
  }

  /** Whether a job for this message waits or runs. */
  has(key: string): boolean {
    return this.jobs.has(key);
  }

  /** Calls waiting for the chat's budget there now. */
  queued(lane: string): number {
    return this.lanes.get(lane)?.queue.length ?? 0;
  }

  /** Telegram asked this chat to wait: nothing goes there before. */
  pause(lane: string, ms: number): void {
    const l = this.lane(lane);
    l.pausedUntil = Math.max(l.pausedUntil, this.clock.now() + ms);
    this.logger.warn({ lane, ms }, "chat paused by Telegram's flood limit");
    this.pump(l);
  }

  /**
   * Puts every send and edit through the budgets (install it outside any retrying
   * transformer, so waiting for the budget is not part of a call's deadline). With
   * `retryAfter429`, a call that still draws a 429 waits for its chat and goes again; without,
   * it returns the 429 to its caller (a job that will read the newest state again).
   */
  gate({
    retryAfter429,
    whenWaiting = () => {},
    keepWaiting = () => true,
  }: {
    retryAfter429: boolean;
    /** A call made outside a job must wait for its chat's budget (see Handoffs). */
    whenWaiting?: () => void;
    /** Whether such a call is kept (see OutboxLedger): not where its update is replayed. */
    keepWaiting?: () => boolean;
  }): Transformer {
    return async (prev, method, payload, signal) => {
      const cost = costOf(method, payload);
      const lane = cost > 0 ? laneOf(payload) : null;
      if (!lane) return prev(method, payload, signal);
      const call = this.context.getStore();
      const mine = call?.job.spec.lane === lane ? call : undefined;
      // Kept while it waits, until it has gone: the next process sends it if this one stops.
      let kept = call ? null : (this.resent.getStore() ?? null);
      try {
        for (let attempt = 0; ; attempt++) {
          this.active++;
          try {
            const shares: number[] = [];
            for (let share = 0; share < cost; share++) {
              if (mine?.token !== null && mine?.token !== undefined) {
                // Reserved when the job was let in; it counts from now, when it is spent.
                const budget = this.lane(lane).budget;
                budget.refund(mine.token);
                shares.push(budget.spend(this.clock.now()));
                mine.token = null;
                continue;
              }
              const now = this.admitNow(lane, call?.job);
              if (now !== null) {
                shares.push(now);
                continue;
              }
              if (!call && !this.roomFor(lane)) return DROPPED;
              // In line first: the room it takes is taken before anything is awaited.
              const admitted = this.admit(lane, call?.job, mine !== undefined);
              if (!call) {
                if (keepWaiting())
                  kept ??= await this.writing(() => this.ledger?.keep(lane, method, payload));
                whenWaiting();
              }
              shares.push(await admitted);
            }
            this.inFlight++;
            let res: Awaited<ReturnType<typeof prev>>;
            try {
              await this.ledger?.spent(lane, shares);
              res = await prev(method, payload, signal);
            } finally {
              this.inFlight--;
            }
            if (res.ok || res.error_code !== 429) {
              this.restamp(lane, shares);
              return res;
            }
            this.pause(lane, 1000 * (res.parameters?.retry_after ?? 1));
            if (!retryAfter429 || attempt >= RETRIES_AFTER_429) return res;
          } finally {
            this.done();
          }
        }
      } finally {
        if (kept !== null) await this.writing(() => this.ledger?.gone(kept!));
      }
    };
  }

  /**
   * Sends a call kept by the process before this one (see OutboxLedger) through `send`, in
   * line as any reply; its record goes once it has gone.
   */
  resending<T>(id: number, send: () => Promise<T>): Promise<T> {
    return this.resent.run(id, send);
  }

  /** The calls that still weigh on each chat's budget, to carry across a restart. */
  spends(): Spend[] {
    const now = this.clock.now();
    const out: Spend[] = [];
    for (const l of this.lanes.values())
      for (const at of l.budget.history(now)) out.push({ lane: l.key, at });
    return out;
  }

  /** What the previous process spent (see OutboxLedger), before anything is sent. */
  restore(spends: readonly Spend[]): void {
    const now = this.clock.now();
    for (const s of [...spends].sort((a, b) => a.at - b.at))
      this.lane(s.lane).budget.spend(Math.min(now, s.at + RESTORED_LATENCY_MS));
  }

  /** Resolves once nothing waits or runs (tests, and shutdown). */
  settled(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Resolves once no job waits or runs; calls made by others (a handler's reply) aside. */
  jobsSettled(): Promise<void> {
    if (this.jobs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.jobWaiters.push(resolve));
  }

  /** Nothing is being sent: the outbox is empty, or all in it waits for time to pass. */
  quiet(): boolean {
    return this.active === 0 || this.waitingOnClock();
  }

  /**
   * Everything in the outbox waits for time to pass (a budget or a pause), nothing is on its
   * way: a test clock may move to `nextWakeAt()`.
   */
  waitingOnClock(): boolean {
    return (
      this.active > 0 &&
      this.inFlight === 0 &&
      this.running === this.blocked &&
      this.nextWakeAt() !== null
    );
  }

  /** When the first chat waiting for its budget may go on; null when none waits. */
  nextWakeAt(): number | null {
    let first: number | null = null;
    for (const l of this.lanes.values())
      if (l.timerAt !== null && (first === null || l.timerAt < first)) first = l.timerAt;
    return first;
  }

  // ---------------------------------------------------------------- inside

  /** A write to the ledger counts as a call on its way: a test clock waits for it. */
  private async writing<T>(write: () => Promise<T> | undefined): Promise<T | null> {
    this.inFlight++;
    try {
      return (await write()) ?? null;
    } finally {
      this.inFlight--;
    }
  }

  private lane(key: string): Lane {
    let l = this.lanes.get(key);
    if (!l) {
      const rule = isPrivateLane(key) ? this.rules.private : this.rules.group;
      l = {
        key,
        budget: budgetFor(rule),
        queue: [],
        pausedUntil: 0,
        timer: null,
        timerAt: null,
        callers: 0,
        full: false,
      };
      this.lanes.set(key, l);
    }
    return l;
  }

  /**
   * Counts a call's shares from when its answer came. Telegram counted it on arrival, some
   * time after it left: on a slow network or a busy host that delay can outgrow the
   * budgets' margin, so the next call is paced from the latest moment it may have counted.
   */
  private restamp(lane: string, shares: readonly number[]): void {
    const budget = this.lane(lane).budget;
    const now = this.clock.now();
    for (const share of shares) {
      if (share >= now) continue;
      budget.refund(share);
      budget.spend(now);
    }
  }

  /**
   * One call's share of the lane's budget if it can be had now, with nothing ahead of it
   * (a job's later call keeps its place ahead of what came after it, so it always queues).
   */
  private admitNow(lane: string, job: JobState | undefined): number | null {
    if (job) return null;
    const l = this.lane(lane);
    const now = this.clock.now();
    if (l.queue.length > 0 || l.pausedUntil > now || l.budget.waitMs(now) > 0) return null;
    return l.budget.spend(now);
  }

  /** Whether one more caller may wait in the lane; if not, the chat is told once. */
  private roomFor(lane: string): boolean {
    const l = this.lane(lane);
    if (l.callers < this.limits.perChat && this.callers < this.limits.total) return true;
    if (!l.full) {
      l.full = true;
      this.logger.warn(
        { lane, waiting: l.callers, total: this.callers },
        "outbox full: replies to this chat dropped until it empties",
      );
      this.onFull(lane);
    }
    return false;
  }

  /**
   * Waits for one call's share of the lane's budget. A job waiting is blocked; in its own
   * lane its later calls keep its place, ahead of what came after it.
   */
  private admit(lane: string, job: JobState | undefined, ownLane: boolean): Promise<number> {
    const l = this.lane(lane);
    if (job) {
      job.blocked = true;
      this.blocked++;
    } else {
      l.callers++;
      this.callers++;
    }
    return new Promise<number>((resolve) => {
      const seq = job && ownLane ? -1 : this.seq++;
      this.enqueue(lane, job?.spec.priority ?? PRIORITY.normal, seq, (token) => {
        if (job) {
          job.blocked = false;
          this.blocked--;
        } else {
          l.callers--;
          this.callers--;
          if (l.callers === 0) l.full = false;
        }
        resolve(token);
      });
      this.pump(l);
    });
  }

  /** Puts an entry in line; the caller then pumps (an entry let in at once may start). */
  private enqueue(key: string, priority: Priority, seq: number, start: Entry["start"]): Entry {
    const l = this.lane(key);
    const entry: Entry = { seq, priority, start };
    insert(l.queue, entry);
    return entry;
  }

  private reorder(key: string, entry: Entry, priority: Priority): void {
    const l = this.lane(key);
    const i = l.queue.indexOf(entry);
    if (i < 0) return;
    l.queue.splice(i, 1);
    entry.priority = priority;
    insert(l.queue, entry);
    this.pump(l);
  }

  /** Lets in whatever the lane's budget allows now, and sets a timer for the rest. */
  private pump(l: Lane): void {
    if (l.timer !== null) this.clock.clearTimeout(l.timer);
    l.timer = null;
    l.timerAt = null;
    while (l.queue.length > 0) {
      const now = this.clock.now();
      const head = l.queue[0]!;
      let wait = Math.max(0, l.pausedUntil - now, l.budget.waitMs(now));
      if (wait === 0 && head.priority === PRIORITY.idle && l.budget.headroom(now) < IDLE_HEADROOM)
        wait = 5_000;
      if (wait > 0) {
        l.timerAt = now + wait;
        l.timer = this.clock.setTimeout(() => this.pump(l), wait);
        return;
      }
      l.queue.shift();
      head.start(l.budget.spend(now));
    }
    if (l.pausedUntil <= this.clock.now() && l.budget.recovered(this.clock.now()))
      this.lanes.delete(l.key);
  }

  /** The share reserved by letting the job in is its first call's; unused, it goes back. */
  private start(state: JobState, token: number): void {
    state.entry = null;
    this.running++;
    const call: CallContext = { job: state, token };
    void this.context
      .run(call, async () => {
        try {
          await state.spec.run();
        } catch (err) {
          this.logger.error({ err, job: state.spec.key }, "message update failed");
        }
      })
      .finally(() => {
        if (call.token !== null) {
          const lane = this.lane(state.spec.lane);
          lane.budget.refund(call.token);
          this.pump(lane);
        }
        this.running--;
        this.jobs.delete(state.spec.key);
        if (state.again) this.schedule(state.again);
        this.jobsMaybeSettled();
        this.done();
      });
  }

  private jobsMaybeSettled(): void {
    if (this.jobs.size > 0) return;
    const waiters = this.jobWaiters;
    this.jobWaiters = [];
    for (const w of waiters) w();
  }

  private done(): void {
    this.active--;
    if (this.active > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

/** What a reply dropped for a full outbox gets instead of a call (see WAITING_LIMITS). */
const DROPPED = {
  ok: false as const,
  error_code: 429,
  description: OUTBOX_FULL,
};

function insert(queue: Entry[], entry: Entry): void {
  let i = queue.length;
  while (
    i > 0 &&
    (queue[i - 1]!.priority > entry.priority ||
      (queue[i - 1]!.priority === entry.priority && queue[i - 1]!.seq > entry.seq))
  )
    i--;
  queue.splice(i, 0, entry);
}
