import type { Db } from "../open.js";
import { type DialogPlace, DialogsRepo } from "./dialogs-repo.js";

/** A safety net: dialogs nobody touched for a day go, whatever they were doing. */
export const DIALOG_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The most a dialog's stored state may hold, in characters of its JSON. A whole set-up needs
 * a fraction of it; the dialog plugin keeps every step and replays them all on each update.
 */
export const MAX_DIALOG_STATE_CHARS = 64 * 1024;

/** A set-up dialog left unanswered, or grown past its cap, for its message to say so. */
export interface ExpiredDialog extends DialogPlace {
  readonly key: string;
}

/**
 * Keeps the set-up dialogs' state in the database, so a restart in the middle of one carries
 * on where it was, and where each dialog's message is, so an unanswered one can expire and a
 * new one can replace it. The plugin's values stay opaque here. Every update asks for its
 * sender's dialog; the keys in use are kept in memory, so most updates cost no read.
 */
export class DialogStore<S = unknown> {
  private readonly repo: DialogsRepo;
  private readonly live: Set<string>;
  private readonly overgrown: ExpiredDialog[] = [];

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new DialogsRepo(db);
    this.repo.removeUntouchedSince(this.now() - DIALOG_TTL_MS);
    this.live = new Set(this.repo.keys());
  }

  read(key: string): S | undefined {
    return this.live.has(key) ? (this.repo.get(key)?.state as S | undefined) : undefined;
  }

  /** Stores the state; a state past MAX_DIALOG_STATE_CHARS ends the dialog instead. */
  write(key: string, value: S): void {
    if (JSON.stringify(value).length > MAX_DIALOG_STATE_CHARS) {
      const place = this.place(key);
      this.delete(key);
      if (place) this.overgrown.push({ key, ...place });
      return;
    }
    this.repo.put(key, value, this.now());
    this.live.add(key);
  }

  /** The dialogs ended since the last call because their state outgrew its cap. */
  takeOvergrown(): ExpiredDialog[] {
    return this.overgrown.splice(0);
  }

  delete(key: string): void {
    this.repo.remove(key);
    this.live.delete(key);
  }

  /** The dialog's message, as last recorded. */
  place(key: string): DialogPlace | null {
    const row = this.live.has(key) ? this.repo.get(key) : undefined;
    return row && row.chatId !== null && row.messageId !== null
      ? { chatId: row.chatId, messageId: row.messageId, locale: row.locale ?? "en" }
      : null;
  }

  /** The dialog has just asked its owner something, in this message. */
  asked(key: string, place: DialogPlace): void {
    this.repo.asked(key, place, this.now());
    this.live.add(key);
  }

  /** Removes the dialogs whose question has waited longer than `ttlMs`; returns them. */
  expire(ttlMs: number): ExpiredDialog[] {
    const out: ExpiredDialog[] = [];
    for (const row of this.repo.askedBefore(this.now() - ttlMs)) {
      this.delete(row.key);
      if (row.chatId !== null && row.messageId !== null)
        out.push({
          key: row.key,
          chatId: row.chatId,
          messageId: row.messageId,
          locale: row.locale ?? "en",
        });
    }
    return out;
  }
}
