import { eq, inArray } from "drizzle-orm";
import type { Variant } from "../engine/index.js";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type { PlayerRow } from "./schema.js";

export interface PlayerFields {
  readonly id: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly languageCode?: string | null;
}

export class PlayersRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the player or refreshes the names Telegram sent; ratings are kept. */
  upsert(p: PlayerFields, now: number): Promise<PlayerRow> {
    const names = {
      firstName: p.firstName,
      lastName: p.lastName ?? null,
      username: p.username ?? null,
      languageCode: p.languageCode ?? null,
    };
    return this.db.run(async (db, { players }) =>
      only(
        await db
          .insert(players)
          .values({ id: p.id, ...names, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: players.id, set: { ...names, updatedAt: now } })
          .returning(),
      ),
    );
  }

  get(id: number): Promise<PlayerRow | undefined> {
    return this.db.run(async (db, { players }) =>
      first(await db.select().from(players).where(eq(players.id, id)).limit(1)),
    );
  }

  async getMany(ids: readonly number[]): Promise<Map<number, PlayerRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.run((db, { players }) =>
      db
        .select()
        .from(players)
        .where(inArray(players.id, [...ids])),
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async setRating(id: number, variant: Variant, rating: number, now: number): Promise<void> {
    const set =
      variant === "long"
        ? { ratingLong: rating, updatedAt: now }
        : { ratingShort: rating, updatedAt: now };
    await this.db.run((db, { players }) => db.update(players).set(set).where(eq(players.id, id)));
  }

  setLocale(id: number, locale: string | null, now: number): Promise<boolean> {
    return this.db.run(async (db, { players }) => {
      const changed = await db
        .update(players)
        .set({ locale, updatedAt: now })
        .where(eq(players.id, id))
        .returning({ id: players.id });
      return changed.length > 0;
    });
  }
}

export const ratingOf = (p: PlayerRow, variant: Variant): number =>
  variant === "long" ? p.ratingLong : p.ratingShort;
