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
  /** The keys in use, read once (after the day-old ones are dropped) on first need. */
  private live: Promise<Set<string>> | null = null;
  private readonly overgrown: ExpiredDialog[] = [];

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new DialogsRepo(db);
  }

  private keys(): Promise<Set<string>> {
    this.live ??= (async () => {
      await this.repo.removeUntouchedSince(this.now() - DIALOG_TTL_MS);
      return new Set(await this.repo.keys());
    })();
    return this.live;
  }

  async read(key: string): Promise<S | undefined> {
    if (!(await this.keys()).has(key)) return undefined;
    return (await this.repo.get(key))?.state as S | undefined;
  }

  /** Stores the state; a state past MAX_DIALOG_STATE_CHARS ends the dialog instead. */
  async write(key: string, value: S): Promise<void> {
    if (JSON.stringify(value).length > MAX_DIALOG_STATE_CHARS) {
      const place = await this.place(key);
      await this.delete(key);
      if (place) this.overgrown.push({ key, ...place });
      return;
    }
    const live = await this.keys();
    await this.repo.put(key, value, this.now());
    live.add(key);
  }

  /** The dialogs ended since the last call because their state outgrew its cap. */
  takeOvergrown(): ExpiredDialog[] {
    return this.overgrown.splice(0);
  }

  async delete(key: string): Promise<void> {
    const live = await this.keys();
    await this.repo.remove(key);
    live.delete(key);
  }

  /** The dialog's message, as last recorded. */
  async place(key: string): Promise<DialogPlace | null> {
    const row = (await this.keys()).has(key) ? await this.repo.get(key) : undefined;
    return row && row.chatId !== null && row.messageId !== null
      ? { chatId: row.chatId, messageId: row.messageId, locale: row.locale ?? "en" }
      : null;
  }

  /** The dialog has just asked its owner something, in this message. */
  async asked(key: string, place: DialogPlace): Promise<void> {
    const live = await this.keys();
    await this.repo.asked(key, place, this.now());
    live.add(key);
  }

  /** Removes the dialogs whose question has waited longer than `ttlMs`; returns them. */
  async expire(ttlMs: number): Promise<ExpiredDialog[]> {
    const out: ExpiredDialog[] = [];
    for (const row of await this.repo.askedBefore(this.now() - ttlMs)) {
      await this.delete(row.key);
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
