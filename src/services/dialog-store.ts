import { type Db, DialogsRepo } from "../db/index.js";

/** Dialogs left untouched this long are dropped (their buttons then say so). */
export const DIALOG_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the set-up dialogs' state in the database, so a restart in the middle of one
 * carries on where it was. The values are the dialog plugin's own and stay opaque here.
 */
export class DialogStore<S = unknown> {
  private readonly repo: DialogsRepo;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new DialogsRepo(db);
    this.repo.removeUntouchedSince(this.now() - DIALOG_TTL_MS);
  }

  read(key: string): S | undefined {
    return this.repo.get(key) as S | undefined;
  }

  write(key: string, value: S): void {
    const now = this.now();
    this.repo.put(key, value, now);
    this.repo.removeUntouchedSince(now - DIALOG_TTL_MS);
  }

  delete(key: string): void {
    this.repo.remove(key);
  }
}
