import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { UpdateInbox } from "../db/telegram/inbox.js";
import type { Logger } from "../log.js";
import type { BotContext } from "./context.js";

/**
 * Updates in progress (handled, or waiting for their turn) one chat, one person and the
 * whole bot may have. A reply waits in the outbox, not in its update, so in normal play a
 * chat has a few; past these an update is a flood's, and is not handled (a press is answered
 * that the bot is busy), so one chat or person never takes the bot's memory or its places.
 */
export const IN_PROGRESS_LIMITS = { perChat: 30, perPerson: 30, total: 1_000 } as const;
export type InProgressLimits = {
  readonly perChat: number;
  readonly perPerson: number;
  readonly total: number;
};

/** What an update not handled for a flood gets instead (a press's answer). */
export type Shed = (update: Update) => Promise<void>;

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
  /** Updates in progress per chat (`c:`) and per person (`p:`). */
  private readonly counts = new Map<string, number>();
  /** Chats and people refused since they last had nothing in progress: logged once. */
  private readonly refused = new Set<string>();
  /** Updates handled without an inbox row (the database could not take them). */
  private readonly unstored = new Set<number>();
  /** Whether the last batch could not be stored: the warning is logged once an outage. */
  private storeAway = false;

  constructor(
    private readonly bot: Bot<BotContext>,
    private readonly inbox: UpdateInbox,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly shed: Shed = async () => {},
    private readonly limits: InProgressLimits = IN_PROGRESS_LIMITS,
  ) {}

  /**
   * Stores the updates; returns those to handle now (not stored by anyone before). When the
   * database cannot take them (a server that is away), they are handled unstored all the same,
   * so every press is answered ("try again", as the database is away for the work too), and
   * polling goes on.
   */
  async admit(updates: readonly Update[]): Promise<Update[]> {
    if (updates.length === 0) return [];
    let fresh: Set<number>;
    try {
      fresh = await this.inbox.admit(updates.map((u) => ({ id: u.update_id, update: u })));
    } catch (err) {
      if (!this.storeAway) this.logger.warn({ err }, "updates cannot be stored: handled unstored");
      this.storeAway = true;
      const now = this.now();
      for (const u of updates) {
        this.unstored.add(u.update_id);
        this.arrivals.set(u.update_id, now);
      }
      return [...updates];
    }
    if (this.storeAway) this.logger.info("updates are stored again");
    this.storeAway = false;
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
  async replays(): Promise<Update[]> {
    const { replay, givenUp } = await this.inbox.takePending();
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

  /**
   * Handles one update, then marks it done; never throws (errors go to the bot's handler).
   * Past IN_PROGRESS_LIMITS it is marked done unhandled (see there).
   */
  handle(update: Update): Promise<void> {
    const keys = countedKeys(update);
    const over = this.overLimit(keys);
    if (over) return this.refuse(update, over);
    for (const k of keys) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    const work = this.run(update);
    this.inFlight.add(work);
    return work.finally(() => {
      this.inFlight.delete(work);
      for (const k of keys) {
        const n = (this.counts.get(k) ?? 1) - 1;
        if (n > 0) this.counts.set(k, n);
        else {
          this.counts.delete(k);
          this.refused.delete(k);
        }
      }
    });
  }

  /** Updates in progress now (handled, or waiting for their turn). */
  get inProgress(): number {
    return this.inFlight.size;
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
  async prune(): Promise<void> {
    const pruned = await this.inbox.prune();
    if (pruned > 0) this.logger.debug({ pruned }, "inbox pruned");
  }

  /** The key whose bound the update would pass, or null when it may go on. */
  private overLimit(keys: readonly string[]): string | null {
    if (this.inFlight.size >= this.limits.total) return "total";
    for (const k of keys) {
      const limit = k.startsWith("c:") ? this.limits.perChat : this.limits.perPerson;
      if ((this.counts.get(k) ?? 0) >= limit) return k;
    }
    return null;
  }

  private async refuse(update: Update, over: string): Promise<void> {
    if (!this.refused.has(over)) {
      this.refused.add(over);
      this.logger.warn(
        { over, update: update.update_id },
        "too many updates in progress: not handled",
      );
    }
    try {
      await this.shed(update);
    } catch (err) {
      this.logger.warn({ err, update: update.update_id }, "refused update not answered");
    } finally {
      this.arrivals.delete(update.update_id);
      this.replaying.delete(update.update_id);
      await this.markDone(update.update_id);
    }
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
      await this.markDone(update.update_id);
    }
  }

  /** A failure here leaves the update to be replayed, which the version check makes safe. */
  private async markDone(id: number): Promise<void> {
    if (this.unstored.delete(id)) return;
    try {
      await this.inbox.done(id);
    } catch (err) {
      this.logger.warn({ err, update: id }, "update not marked done");
    }
  }
}

/** The chat (`c:`) and the person (`p:`) an update counts against; malformed parts count none. */
function countedKeys(update: Update): string[] {
  type Who = { id?: unknown } | undefined;
  const u = update as unknown as Record<
    string,
    { chat?: Who; from?: Who; message?: { chat?: Who } } | undefined
  >;
  const m = u.message ?? u.edited_message;
  const chat = m?.chat?.id ?? u.callback_query?.message?.chat?.id ?? u.my_chat_member?.chat?.id;
  const person =
    m?.from?.id ??
    u.callback_query?.from?.id ??
    u.inline_query?.from?.id ??
    u.chosen_inline_result?.from?.id ??
    u.my_chat_member?.from?.id;
  const keys: string[] = [];
  if (typeof chat === "number") keys.push(`c:${chat}`);
  if (typeof person === "number") keys.push(`p:${person}`);
  return keys;
}
