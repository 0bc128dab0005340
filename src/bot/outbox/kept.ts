import type { Api } from "grammy";
import type { Message } from "grammy/types";
import { ContextSlot } from "../../context-slot.js";
import type { KeptCall, OutboxRecords, SpendRow } from "../../db/telegram/outbox-records.js";
import type { Logger } from "../../log.js";
import type { BackgroundJobs } from "../background.js";
import { costOf } from "./methods.js";
import type { Outbox, OutboxLedger } from "./outbox.js";

/**
 * What the sender of a message records once it is sent (where a challenge's card is, say).
 * A kept message sent by the next process has no sender left to do it, so it goes with it.
 */
export type FollowUp =
  | { readonly kind: "challenge-card"; readonly challengeId: number }
  | { readonly kind: "seek-stop"; readonly seekId: number };

/** Records a follow-up, once its message is sent. */
export type RecordFollowUp = (followUp: FollowUp, sent: Message) => Promise<void>;

const following = new ContextSlot<FollowUp>();

/** Sends with `send`; if the message is kept and the next process sends it, it records this. */
export const withFollowUp = <T>(followUp: FollowUp, send: () => Promise<T>): Promise<T> =>
  following.run(followUp, send);

/** A kept call older than this is not sent: a reply that late answers nothing. */
export const KEPT_FOR_MS = 15 * 60_000;
/** Spends older than this weigh on no chat's budget any more. */
export const SPENDS_WEIGH_MS = 2 * 60_000;

/**
 * The outbox's ledger in the database (OutboxRecords): each call's share of its chat's budget,
 * written before the call goes, and each call that waits for one, kept until it has gone. The
 * next process (a restart, a standby taking over) restores the first and sends the second, so
 * a takeover neither draws a 429 nor loses a reply. A call whose parameters are not plain JSON
 * (a file to upload) is not kept. A database that does not answer costs a warning, not a call.
 */
export class KeptCalls implements OutboxLedger {
  private away = false;

  constructor(
    private readonly records: OutboxRecords,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  async spent(lane: string, times: readonly number[]): Promise<void> {
    await this.safely(() => this.records.addSpends(times.map((at) => ({ lane, at }))));
  }

  async keep(lane: string, method: string, payload: unknown): Promise<number | null> {
    const json = plainJson(payload);
    if (json === null) return null;
    const followUp = following.getStore();
    return this.safely(() =>
      this.records.keep({
        lane,
        method,
        payload: json,
        followUp: followUp ? JSON.stringify(followUp) : null,
        keptAt: this.now(),
      }),
    );
  }

  async gone(id: number): Promise<void> {
    await this.safely(() => this.records.drop(id));
  }

  /** What still weighs on the chats' budgets, for the outbox to restore before it sends. */
  async spends(): Promise<SpendRow[]> {
    return (await this.safely(() => this.records.spendsSince(this.now() - SPENDS_WEIGH_MS))) ?? [];
  }

  /** Forgets the spends that weigh on nothing (at the maintenance tick). */
  async prune(): Promise<void> {
    await this.safely(() => this.records.pruneSpends(this.now() - SPENDS_WEIGH_MS));
  }

  /**
   * Sends, in the background and in line with every other call, what the process before this
   * one kept and never sent; returns how many. Too old or not a send, it is dropped.
   */
  async resend(
    outbox: Outbox,
    api: Api,
    jobs: BackgroundJobs,
    record: RecordFollowUp,
  ): Promise<number> {
    const rows = (await this.safely(() => this.records.kept())) ?? [];
    let resent = 0;
    for (const row of rows) {
      const call = this.parsed(row);
      if (!call) {
        await this.gone(row.id);
        continue;
      }
      resent++;
      jobs.run("kept call", async () => {
        const raw = api.raw as unknown as Record<string, (p: unknown) => Promise<Message>>;
        try {
          const sent = await outbox.resending(row.id, () => raw[row.method]!(call.payload));
          if (call.followUp) await record(call.followUp, sent);
        } catch (err) {
          this.logger.warn({ err, lane: row.lane, method: row.method }, "kept call not sent");
        } finally {
          // Also when it never reached the outbox (a lost chat, an edit changing nothing).
          await this.gone(row.id);
        }
      });
    }
    if (rows.length > 0)
      this.logger.info({ kept: rows.length, resent }, "sending the calls a process before kept");
    return resent;
  }

  private parsed(row: KeptCall): { payload: unknown; followUp: FollowUp | null } | null {
    if (row.keptAt < this.now() - KEPT_FOR_MS) return null;
    try {
      const payload: unknown = JSON.parse(row.payload);
      if (costOf(row.method, payload) === 0) return null;
      return {
        payload,
        followUp: row.followUp ? (JSON.parse(row.followUp) as FollowUp) : null,
      };
    } catch {
      return null;
    }
  }

  private async safely<T>(write: () => Promise<T>): Promise<T | null> {
    try {
      const out = await write();
      if (this.away) this.logger.info("the outbox's records are written again");
      this.away = false;
      return out;
    } catch (err) {
      if (!this.away) this.logger.warn({ err }, "the outbox's records cannot be written");
      this.away = true;
      return null;
    }
  }
}

/** The parameters as JSON, if they are plain data all through (no file, no class); else null. */
export function plainJson(payload: unknown): string | null {
  return isPlain(payload, 0) ? JSON.stringify(payload) : null;
}

function isPlain(value: unknown, depth: number): boolean {
  if (depth > 20) return false;
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return Number.isFinite(value);
  if (type !== "object") return false;
  if (Array.isArray(value)) return value.every((v) => isPlain(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((v) => isPlain(v, depth + 1));
}
