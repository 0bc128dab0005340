import { and, asc, count, eq, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Connection, Tables } from "../connection.js";
import type { Db } from "../open.js";
import type { ReviewJobKind, ReviewJobRow } from "./schema.js";

/** A review asked for: what, where it goes, who asked. */
export interface NewReviewJob {
  readonly kind: ReviewJobKind;
  readonly gameId: number;
  readonly place: string;
  readonly userId: number;
  readonly chatId: number | null;
  readonly replyTo: number | null;
  readonly inlineMessageId: string | null;
}

/** How much of one kind may be asked for at once. */
export interface JobBounds {
  /** How many are made at once by the process asking: the queue's places are counted past them. */
  readonly workers: number;
  /** How many one person may have open. */
  readonly perPerson: number;
  /** How many one place (a chat, an inline message) may have open. */
  readonly perChat: number;
  /** How many may wait to be taken, all places together. */
  readonly waiting: number;
}

export type Queued =
  /** It is made now. */
  | { readonly kind: "started" }
  /** It waits; `position` 1 is taken next. */
  | { readonly kind: "waiting"; readonly position: number }
  /** The same work was asked for already: this asker shares it (null: it is being made). */
  | { readonly kind: "joined"; readonly position: number | null }
  | { readonly kind: "refused"; readonly reason: "person" | "chat" | "full" };

export interface Asked {
  readonly queued: Queued;
  /** The row the result goes out from: a new one, or the one joined; null when refused. */
  readonly id: number | null;
}

export type { ReviewJobKind, ReviewJobRow };

/**
 * The review jobs (see `tgReviewJobs`): asked for by the active process, taken by any process
 * to make, claimed back by the active one to send. A claim passes over rows another process
 * holds (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so two makers never take the same row.
 */
export class ReviewJobs {
  constructor(private readonly db: Db) {}

  /** Queues a review, or joins the same one asked before, or refuses it past a bound. */
  ask(job: NewReviewJob, bounds: JobBounds, now: number): Promise<Asked> {
    return this.db.transaction(async (tx) => {
      const same = await sameJob(tx, job);
      if (same) return { queued: await joined(tx, same, job.kind, bounds), id: same.id };
      const open = await openCounts(tx, job);
      if (open.byPerson >= bounds.perPerson) return refused("person");
      if (open.byPlace >= bounds.perChat) return refused("chat");
      if (open.ahead >= bounds.workers + bounds.waiting) return refused("full");
      const id = await tx.run(async (db, t) => {
        const rows = await db
          .insert(t.tgReviewJobs)
          .values({ ...job, askedAt: now })
          .onConflictDoNothing()
          .returning({ id: t.tgReviewJobs.id });
        return rows[0]?.id ?? null;
      });
      // Asked at the same moment by another transaction: that one is shared.
      if (id === null) {
        const raced = await sameJob(tx, job);
        return raced
          ? { queued: await joined(tx, raced, job.kind, bounds), id: raced.id }
          : refused("full");
      }
      const queued: Queued =
        open.ahead < bounds.workers
          ? { kind: "started" }
          : { kind: "waiting", position: open.ahead - bounds.workers + 1 };
      return { queued, id };
    });
  }

  /**
   * Takes the oldest job of `kind` waiting to be made, or one whose maker's hold ran out, for
   * `taker` until `leaseUntil`; null when there is none.
   */
  take(kind: ReviewJobKind, taker: string, now: number, leaseUntil: number) {
    return this.db.transaction((tx) =>
      tx.run(async (db, t, dialect) => {
        const j = t.tgReviewJobs;
        const next = sql`(select ${j.id} from ${j} where ${and(
          eq(j.kind, kind),
          takeable(j, now),
        )} order by ${j.id} limit 1 ${dialect.skipLocked})`;
        const rows = await db
          .update(j)
          .set({ state: "making", taker, leaseUntil, attempts: sql`${j.attempts} + 1` })
          .where(eq(j.id, next))
          .returning();
        return (rows[0] as ReviewJobRow | undefined) ?? null;
      }),
    );
  }

  /**
   * Whether a job of `kind` is there to take: a plain read, so a process looking every second
   * takes no writer's lock while there is nothing.
   */
  hasWork(kind: ReviewJobKind, now: number): Promise<boolean> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const rows = await db
        .select({ id: j.id })
        .from(j)
        .where(and(eq(j.kind, kind), takeable(j, now)))
        .limit(1);
      return rows.length > 0;
    });
  }

  /** Whether a made job waits to be sent (a plain read, as `hasWork`). */
  hasMade(): Promise<boolean> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const rows = await db.select({ id: j.id }).from(j).where(eq(j.state, "made")).limit(1);
      return rows.length > 0;
    });
  }

  /** The taker is still at work on these: their holds last until `leaseUntil`. */
  renew(ids: readonly number[], taker: string, leaseUntil: number): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      await db
        .update(j)
        .set({ leaseUntil })
        .where(and(inArray(j.id, [...ids]), eq(j.taker, taker), eq(j.state, "making")));
    });
  }

  /**
   * The taker made it: it waits to be sent. False when the taker's hold was lost (another
   * process took it over, or it is gone), and this result counts for nothing.
   */
  made(id: number, taker: string, result: Buffer | null): Promise<boolean> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const rows = await db
        .update(j)
        .set({ state: "made", result, leaseUntil: null })
        .where(and(eq(j.id, id), eq(j.taker, taker), eq(j.state, "making")))
        .returning({ id: j.id });
      return rows.length > 0;
    });
  }

  /** Hands back what the taker holds unmade (it is stopping): another process takes it now. */
  release(taker: string): Promise<void> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      await db
        .update(j)
        .set({ state: "waiting", taker: null, leaseUntil: null })
        .where(and(eq(j.taker, taker), eq(j.state, "making")));
    });
  }

  /** Claims up to `limit` made jobs to send, oldest first. */
  claimMade(limit: number): Promise<ReviewJobRow[]> {
    return this.db.transaction((tx) =>
      tx.run(async (db, t, dialect) => {
        const j = t.tgReviewJobs;
        const ids = sql`(select ${j.id} from ${j} where ${eq(j.state, "made")} order by ${j.id} limit ${limit} ${dialect.skipLocked})`;
        const rows = await db
          .update(j)
          .set({ state: "sending" })
          .where(inArray(j.id, ids))
          .returning();
        return (rows as ReviewJobRow[]).sort((a, b) => a.id - b.id);
      }),
    );
  }

  /**
   * What a process before this one claimed to send and did not finish: it goes again (once
   * more at worst, if the stop came just after its message went). `except`: what this
   * process is sending now.
   */
  async reclaimSending(except: readonly number[] = []): Promise<number> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const rows = await db
        .update(j)
        .set({ state: "made" })
        .where(and(eq(j.state, "sending"), notInArray(j.id, [...except])))
        .returning({ id: j.id });
      return rows.length;
    });
  }

  /** Sent, or given up: the row goes. */
  remove(id: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db.delete(t.tgReviewJobs).where(eq(t.tgReviewJobs.id, id));
    });
  }

  /** Which of these rows are still there. */
  present(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return Promise.resolve(new Set());
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const rows = await db
        .select({ id: j.id })
        .from(j)
        .where(inArray(j.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    });
  }

  /** Forgets jobs asked before `before` that were never made: so late, they answer nothing. */
  pruneUnmade(before: number): Promise<number> {
    return this.db.run(async (db, t) => {
      const j = t.tgReviewJobs;
      const gone = await db
        .delete(j)
        .where(and(lt(j.askedAt, before), inArray(j.state, ["waiting", "making"])))
        .returning({ id: j.id });
      return gone.length;
    });
  }

  /** Every job, oldest first (for tests and tools). */
  all(): Promise<ReviewJobRow[]> {
    return this.db.run(async (db, t) =>
      db.select().from(t.tgReviewJobs).orderBy(asc(t.tgReviewJobs.id)),
    );
  }
}

/** Waiting, or held by a maker whose hold ran out. */
const takeable = (j: Tables["tgReviewJobs"], now: number) =>
  or(eq(j.state, "waiting"), and(eq(j.state, "making"), lt(j.leaseUntil, now)));

const refused = (reason: "person" | "chat" | "full"): Asked => ({
  queued: { kind: "refused", reason },
  id: null,
});

function sameJob(tx: Connection, job: NewReviewJob) {
  return tx.run(async (db, t) => {
    const j = t.tgReviewJobs;
    const rows = await db
      .select({ id: j.id, state: j.state })
      .from(j)
      .where(and(eq(j.kind, job.kind), eq(j.gameId, job.gameId), eq(j.place, job.place)));
    return rows[0] ?? null;
  });
}

/** Where a job already asked for stands, told to the one who joins it. */
async function joined(
  tx: Connection,
  same: { readonly id: number; readonly state: string },
  kind: ReviewJobKind,
  bounds: JobBounds,
): Promise<Queued> {
  if (same.state !== "waiting") return { kind: "joined", position: null };
  const ahead = await tx.run(async (db, t) => {
    const j = t.tgReviewJobs;
    const [row] = await db
      .select({ n: count() })
      .from(j)
      .where(and(eq(j.kind, kind), inArray(j.state, ["waiting", "making"]), lt(j.id, same.id)));
    return row?.n ?? 0;
  });
  return { kind: "joined", position: Math.max(1, ahead - bounds.workers + 1) };
}

/** What is open of the job's kind: the asker's, the place's, and what is not yet made. */
function openCounts(tx: Connection, job: NewReviewJob) {
  return tx.run(async (db, t) => {
    const j = t.tgReviewJobs;
    const n = (flag: ReturnType<typeof and>) =>
      sql<number>`coalesce(sum(case when ${flag} then 1 else 0 end), 0)`.mapWith(Number);
    const [row] = await db
      .select({
        byPerson: n(eq(j.userId, job.userId)),
        byPlace: n(eq(j.place, job.place)),
        ahead: n(inArray(j.state, ["waiting", "making"])),
      })
      .from(j)
      .where(eq(j.kind, job.kind));
    return row ?? { byPerson: 0, byPlace: 0, ahead: 0 };
  });
}
