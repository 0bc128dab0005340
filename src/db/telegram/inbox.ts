import type { Db } from "../open.js";
import { InboxRepo } from "./inbox-repo.js";

/** One update as delivered: its id and its body, which only the bot reads. */
export interface InboxUpdate {
  readonly id: number;
  readonly update: unknown;
}

export interface InboxEntry extends InboxUpdate {
  readonly receivedAt: number;
}

export interface Pending {
  /** To handle again, oldest first. */
  readonly replay: InboxEntry[];
  /** Given up: tried too often (each time the process died in it), or unreadable. */
  readonly givenUp: { readonly id: number; readonly reason: string }[];
}

export interface InboxOptions {
  readonly now?: () => number;
  /** Starts of handling before a replay gives an update up. */
  readonly maxAttempts?: number;
  /** How long entries are kept: longer than Telegram keeps an unconfirmed update (24 h). */
  readonly keepMs?: number;
}

const HOUR = 3_600_000;

/**
 * The durable inbox: every update is stored before Telegram learns it arrived, and marked
 * done once handled, so one a dying process never finished is handled at the next start. A
 * replay is not a second application: a press meets the version check like any other. An
 * update stored already (Telegram delivering again what it was never told arrived) is not
 * handled twice.
 */
export class UpdateInbox {
  private readonly repo: InboxRepo;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly keepMs: number;

  constructor(
    private readonly db: Db,
    options: InboxOptions = {},
  ) {
    this.repo = new InboxRepo(db);
    this.now = options.now ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.keepMs = options.keepMs ?? 48 * HOUR;
  }

  /** Stores the updates in one transaction; returns the ids never stored before. */
  async admit(updates: readonly InboxUpdate[]): Promise<Set<number>> {
    const receivedAt = this.now();
    const rows = updates.map((u) => ({
      updateId: u.id,
      payload: JSON.stringify(u.update),
      receivedAt,
    }));
    return new Set(await this.db.transaction((tx) => new InboxRepo(tx).addNew(rows)));
  }

  /**
   * Updates stored and not done (a process stopped while handling them), each counted as a
   * new attempt; those begun `maxAttempts` times already are given up instead, so an update
   * that kills the process cannot do it for ever.
   */
  takePending(): Promise<Pending> {
    return this.db.transaction(async (tx) => {
      const repo = new InboxRepo(tx);
      const replay: InboxEntry[] = [];
      const givenUp: { id: number; reason: string }[] = [];
      for (const row of await repo.pending()) {
        const update = parsed(row.payload);
        if (row.attempts >= this.maxAttempts)
          givenUp.push({ id: row.updateId, reason: `begun ${row.attempts} times` });
        else if (update === undefined) givenUp.push({ id: row.updateId, reason: "unreadable" });
        else replay.push({ id: row.updateId, update, receivedAt: row.receivedAt });
      }
      const now = this.now();
      for (const g of givenUp) await repo.markDone(g.id, now);
      await repo.countAttempt(replay.map((e) => e.id));
      return { replay, givenUp };
    });
  }

  async done(id: number): Promise<void> {
    await this.repo.markDone(id, this.now());
  }

  /** Forgets entries older than the keeping time; returns how many. */
  async prune(): Promise<number> {
    return await this.repo.pruneBefore(this.now() - this.keepMs);
  }
}

function parsed(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}
