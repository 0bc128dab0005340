import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { UpdateInbox } from "../db/telegram/inbox.js";
import type { Logger } from "../log.js";
import type { BotContext } from "./context.js";

/**
 * Where updates enter the bot, through the durable inbox: `admit` stores what Telegram
 * delivered before Telegram is told it arrived (the next poll's offset, the webhook's
 * answer), `handle` marks each done once handled, whatever the outcome, and `replays` gives
 * back what a process that died never finished.
 */
export class UpdateFeed {
  /** When each update in progress arrived (a replay's is its first arrival). */
  private readonly arrivals = new Map<number, number>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Updates in progress that a process before this one began and never finished. */
  private readonly replaying = new Set<number>();

  constructor(
    private readonly bot: Bot<BotContext>,
    private readonly inbox: UpdateInbox,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the updates; returns those to handle now (not stored by anyone before). */
  admit(updates: readonly Update[]): Update[] {
    if (updates.length === 0) return [];
    const fresh = this.inbox.admit(updates.map((u) => ({ id: u.update_id, update: u })));
    const now = this.now();
    const out = updates.filter((u) => fresh.has(u.update_id));
    for (const u of out) this.arrivals.set(u.update_id, now);
    if (out.length < updates.length)
      this.logger.info(
        { updates: updates.filter((u) => !fresh.has(u.update_id)).map((u) => u.update_id) },
        "updates delivered again; stored already",
      );
    return out;
  }

  /** Updates stored by a process that stopped before it had handled them, oldest first. */
  replays(): Update[] {
    const { replay, givenUp } = this.inbox.takePending();
    for (const g of givenUp)
      this.logger.warn({ update: g.id, reason: g.reason }, "update given up");
    for (const e of replay) {
      this.arrivals.set(e.id, e.receivedAt);
      this.replaying.add(e.id);
    }
    if (replay.length > 0)
      this.logger.info({ updates: replay.map((e) => e.id) }, "replaying unfinished updates");
    return replay.map((e) => e.update as Update);
  }

  /** Handles one update, then marks it done; never throws (errors go to the bot's handler). */
  handle(update: Update): Promise<void> {
    const work = this.run(update);
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /** When the update arrived, if it is in progress here. */
  readonly arrivalOf = (updateId: number): number | undefined => this.arrivals.get(updateId);

  /** Whether the update is being handled again: what it asked for may have been done. */
  readonly isReplay = (updateId: number): boolean => this.replaying.has(updateId);

  /** Resolves once no update is in progress. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Forgets old entries (at the maintenance tick). */
  prune(): void {
    const pruned = this.inbox.prune();
    if (pruned > 0) this.logger.debug({ pruned }, "inbox pruned");
  }

  private async run(update: Update): Promise<void> {
    try {
      await this.bot.handleUpdate(update);
    } catch (err) {
      try {
        await this.bot.errorHandler(err as Parameters<Bot<BotContext>["errorHandler"]>[0]);
      } catch (inner) {
        this.logger.error({ err: inner, update: update.update_id }, "update failed");
      }
    } finally {
      this.arrivals.delete(update.update_id);
      this.replaying.delete(update.update_id);
      this.markDone(update.update_id);
    }
  }

  /** A failure here leaves the update to be replayed, which the version check makes safe. */
  private markDone(id: number): void {
    try {
      this.inbox.done(id);
    } catch (err) {
      this.logger.warn({ err, update: id }, "update not marked done");
    }
  }
}
