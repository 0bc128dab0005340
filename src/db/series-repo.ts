import { and, eq, isNull } from "drizzle-orm";
import type { SeriesState } from "../engine/index.js";
import type { Db } from "./open.js";
import { type NewSeriesRow, type SeriesRow, type SeriesStatus, series } from "./schema.js";

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

  findActive(key: SeriesKey): SeriesRow | undefined {
    return this.db
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
      .get();
  }

  insert(values: NewSeriesRow): SeriesRow {
    return this.db.insert(series).values(values).returning().get();
  }

  get(id: number): SeriesRow | undefined {
    return this.db.select().from(series).where(eq(series.id, id)).get();
  }

  /** Ends a series early (its tournament match was decided by a forfeit, or abandoned). */
  close(id: number, now: number): void {
    this.db
      .update(series)
      .set({ status: "finished", updatedAt: now })
      .where(eq(series.id, id))
      .run();
  }

  /** Stores the new state with its copied columns. */
  save(id: number, state: SeriesState, status: SeriesStatus, now: number): void {
    this.db
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
      .where(eq(series.id, id))
      .run();
  }

  byChat(chatKey: string): SeriesRow[] {
    return this.db
      .select()
      .from(series)
      .where(eq(series.chatKey, chatKey))
      .orderBy(series.id)
      .all();
  }
}
