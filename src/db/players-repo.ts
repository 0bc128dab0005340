import { eq, inArray, sql } from "drizzle-orm";
import type { Variant } from "../engine/index.js";
import type { Db } from "./open.js";
import { type PlayerRow, players } from "./schema.js";

export interface PlayerFields {
  readonly id: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly languageCode?: string | null;
}

export class PlayersRepo {
  private readonly byId;

  constructor(private readonly db: Db) {
    this.byId = db
      .select()
      .from(players)
      .where(eq(players.id, sql.placeholder("id")))
      .prepare();
  }

  /** Inserts the player or refreshes the names Telegram sent; ratings are kept. */
  upsert(p: PlayerFields, now: number): PlayerRow {
    const names = {
      firstName: p.firstName,
      lastName: p.lastName ?? null,
      username: p.username ?? null,
      languageCode: p.languageCode ?? null,
    };
    return this.db
      .insert(players)
      .values({ id: p.id, ...names, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: players.id, set: { ...names, updatedAt: now } })
      .returning()
      .get();
  }

  get(id: number): PlayerRow | undefined {
    return this.byId.get({ id });
  }

  getMany(ids: readonly number[]): Map<number, PlayerRow> {
    if (ids.length === 0) return new Map();
    const rows = this.db
      .select()
      .from(players)
      .where(inArray(players.id, [...ids]))
      .all();
    return new Map(rows.map((r) => [r.id, r]));
  }

  setRating(id: number, variant: Variant, rating: number, now: number): void {
    const set =
      variant === "long"
        ? { ratingLong: rating, updatedAt: now }
        : { ratingShort: rating, updatedAt: now };
    this.db.update(players).set(set).where(eq(players.id, id)).run();
  }

  setLocale(id: number, locale: string | null, now: number): boolean {
    const r = this.db
      .update(players)
      .set({ locale, updatedAt: now })
      .where(eq(players.id, id))
      .run();
    return r.changes > 0;
  }
}

export const ratingOf = (p: PlayerRow, variant: Variant): number =>
  variant === "long" ? p.ratingLong : p.ratingShort;
