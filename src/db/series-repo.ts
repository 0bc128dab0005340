import { and, asc, eq, isNull } from "drizzle-orm";
import type { SeriesState } from "../engine/index.js";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type { NewSeriesRow, SeriesRow, SeriesStatus } from "./schema.js";

export interface SeriesKey {
  readonly chatKey: string;
  /** Smaller user id first. */
  readonly playerA: number;
  readonly playerB: number;
  readonly variant: NewSeriesRow["variant"];
  readonly rulesKey: string;
}

export class SeriesRepo {
  constructor(private readonly db: Db) {}

  findActive(key: SeriesKey): Promise<SeriesRow | undefined> {
    return this.db.run(async (db, { series }) =>
      first(
        await db
          .select()
          .from(series)
          .where(
            and(
              eq(series.chatKey, key.chatKey),
              eq(series.playerA, key.playerA),
              eq(series.playerB, key.playerB),
              eq(series.variant, key.variant),
              eq(series.rulesKey, key.rulesKey),
              eq(series.status, "active"),
              isNull(series.tournamentId),
            ),
          )
          .limit(1),
      ),
    );
  }

  insert(values: NewSeriesRow): Promise<SeriesRow> {
    return this.db.run(async (db, { series }) =>
      only(await db.insert(series).values(values).returning()),
    );
  }

  get(id: number): Promise<SeriesRow | undefined> {
    return this.db.run(async (db, { series }) =>
      first(await db.select().from(series).where(eq(series.id, id)).limit(1)),
    );
  }

  /** Ends a series early (its tournament match was decided by a forfeit, or abandoned). */
  async close(id: number, now: number): Promise<void> {
    await this.db.run((db, { series }) =>
      db.update(series).set({ status: "finished", updatedAt: now }).where(eq(series.id, id)),
    );
  }

  /** Stores the new state with its copied columns. */
  async save(id: number, state: SeriesState, status: SeriesStatus, now: number): Promise<void> {
    await this.db.run((db, { series }) =>
      db
        .update(series)
        .set({
          state,
          scoreA: state.scores[0],
          scoreB: state.scores[1],
          winsA: state.wins[0],
          winsB: state.wins[1],
          games: state.games,
          draws: state.draws,
          status,
          updatedAt: now,
        })
        .where(eq(series.id, id)),
    );
  }

  byChat(chatKey: string): Promise<SeriesRow[]> {
    return this.db.run((db, { series }) =>
      db.select().from(series).where(eq(series.chatKey, chatKey)).orderBy(asc(series.id)),
    );
  }
}
