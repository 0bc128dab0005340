import { asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../open.js";
import type { KeptCallRow } from "./schema.js";

/** One call's share of a chat's budget: the outbox's name of the budget, and when it went. */
export interface SpendRow {
  readonly lane: string;
  readonly at: number;
}

export interface NewKeptCall {
  readonly lane: string;
  readonly method: string;
  /** The call's parameters, as JSON. */
  readonly payload: string;
  readonly followUp: string | null;
  readonly keptAt: number;
}

/** A call kept while it waits, as stored. */
export type KeptCall = KeptCallRow;

/** A statement takes a bounded number of values. */
const SPENDS_A_STATEMENT = 500;

/**
 * What the outbox writes down as it goes (see src/bot/outbox/kept.ts): each call's share of
 * its chat's budget, and the calls waiting for one.
 */
export class OutboxRecords {
  constructor(private readonly db: Db) {}

  addSpends(spends: readonly SpendRow[]): Promise<void> {
    return this.db.run(async (db, t) => {
      for (let i = 0; i < spends.length; i += SPENDS_A_STATEMENT)
        await db.insert(t.tgSpends).values(spends.slice(i, i + SPENDS_A_STATEMENT));
    });
  }

  /** The spends from `since` on. */
  spendsSince(since: number): Promise<SpendRow[]> {
    return this.db.run(async (db, t) =>
      db
        .select({ lane: t.tgSpends.lane, at: t.tgSpends.at })
        .from(t.tgSpends)
        .where(gte(t.tgSpends.at, since)),
    );
  }

  /** Forgets the spends before `before`; returns how many. */
  async pruneSpends(before: number): Promise<number> {
    return this.db.run(async (db, t) => {
      const gone = await db
        .delete(t.tgSpends)
        .where(lt(t.tgSpends.at, before))
        .returning({ at: t.tgSpends.at });
      return gone.length;
    });
  }

  /** Keeps a waiting call; returns its id. */
  keep(call: NewKeptCall): Promise<number> {
    return this.db.run(async (db, t) => {
      const [row] = await db.insert(t.tgKeptCalls).values(call).returning({ id: t.tgKeptCalls.id });
      return row!.id;
    });
  }

  /** The call went (or failed for good): nobody sends it again. */
  drop(id: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db.delete(t.tgKeptCalls).where(eq(t.tgKeptCalls.id, id));
    });
  }

  /** Every kept call, in the order they were kept. */
  kept(): Promise<KeptCallRow[]> {
    return this.db.run(async (db, t) =>
      db.select().from(t.tgKeptCalls).orderBy(asc(t.tgKeptCalls.id)),
    );
  }
}
