import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from "drizzle-orm";
import { first } from "./connection.js";
import type { Db } from "./open.js";
import { type BlockRow, LOBBY_KEY, type ReportRow } from "./schema.js";

/** Ids per IN list: well under SQLite's limit on bound values. */
const CHUNK = 500;

/** A game of the lobby as the stranger rules see it. */
export interface LobbyGameRow {
  readonly id: number;
  readonly whiteId: number;
  readonly blackId: number;
  readonly status: string;
  readonly finishedAt: number | null;
}

export type NewReport = Omit<ReportRow, "id">;

/**
 * What passes between strangers paired in the lobby: whether a person shows their username,
 * the set phrases sent a game, blocks and reports.
 */
export class StrangersRepo {
  constructor(private readonly db: Db) {}

  /** False when the player is not stored. */
  setShowUsername(userId: number, on: boolean, now: number): Promise<boolean> {
    return this.db.run(async (db, { players }) => {
      const changed = await db
        .update(players)
        .set({ showUsername: on, updatedAt: now })
        .where(eq(players.id, userId))
        .returning({ id: players.id });
      return changed.length > 0;
    });
  }

  showsUsername(userId: number): Promise<boolean> {
    return this.db.run(async (db, { players }) => {
      const row = first(
        await db
          .select({ on: players.showUsername })
          .from(players)
          .where(eq(players.id, userId))
          .limit(1),
      );
      return row?.on ?? false;
    });
  }

  /** The game, when it is one of the lobby's (its series is the lobby's). */
  lobbyGame(gameId: number): Promise<LobbyGameRow | undefined> {
    return this.db.run(async (db, { games, series }) =>
      first(
        await db
          .select({
            id: games.id,
            whiteId: games.whiteId,
            blackId: games.blackId,
            status: games.status,
            finishedAt: games.finishedAt,
          })
          .from(games)
          .innerJoin(series, eq(series.id, games.seriesId))
          .where(and(eq(games.id, gameId), eq(series.chatKey, LOBBY_KEY)))
          .limit(1),
      ),
    );
  }

  /**
   * The person's current or last lobby game: the latest game of the series their last paired
   * seek met (a match goes on in games of the same series).
   */
  async lastLobbyGameOf(userId: number): Promise<LobbyGameRow | undefined> {
    const lastId = await this.db.run(async (db, { games, seeks }) => {
      const seek = first(
        await db
          .select({ gameId: seeks.gameId })
          .from(seeks)
          .where(and(eq(seeks.userId, userId), isNotNull(seeks.gameId)))
          .orderBy(desc(seeks.gameId))
          .limit(1),
      );
      if (!seek?.gameId) return undefined;
      const met = first(
        await db
          .select({ seriesId: games.seriesId })
          .from(games)
          .where(eq(games.id, seek.gameId))
          .limit(1),
      );
      if (!met) return undefined;
      const last = first(
        await db
          .select({ id: games.id })
          .from(games)
          .where(eq(games.seriesId, met.seriesId))
          .orderBy(desc(games.id))
          .limit(1),
      );
      return last?.id;
    });
    return lastId === undefined ? undefined : await this.lobbyGame(lastId);
  }

  /**
   * Counts one more phrase of the player in the game, while fewer than `max` were sent;
   * returns how many that makes, or null when `max` were sent already.
   */
  takePhrase(gameId: number, userId: number, max: number, now: number): Promise<number | null> {
    return this.db.run(async (db, { strangerPhrases }) => {
      await db
        .insert(strangerPhrases)
        .values({ gameId, userId, sent: 0, updatedAt: now })
        .onConflictDoNothing();
      // The count only moves while under `max`, so two at once cannot pass it.
      const row = first(
        await db
          .update(strangerPhrases)
          .set({ sent: sql`${strangerPhrases.sent} + 1`, updatedAt: now })
          .where(
            and(
              eq(strangerPhrases.gameId, gameId),
              eq(strangerPhrases.userId, userId),
              lt(strangerPhrases.sent, max),
            ),
          )
          .returning({ sent: strangerPhrases.sent }),
      );
      return row?.sent ?? null;
    });
  }

  /** False when the block was there already. */
  block(
    blockerId: number,
    blockedId: number,
    gameId: number | null,
    now: number,
  ): Promise<boolean> {
    return this.db.run(async (db, { blocks }) => {
      const added = await db
        .insert(blocks)
        .values({ blockerId, blockedId, gameId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: blocks.blockerId });
      return added.length > 0;
    });
  }

  blockOf(blockerId: number, blockedId: number): Promise<BlockRow | undefined> {
    return this.db.run(async (db, { blocks }) =>
      first(
        await db
          .select()
          .from(blocks)
          .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
          .limit(1),
      ),
    );
  }

  blocksBy(blockerId: number): Promise<number> {
    return this.db.run(async (db, { blocks }) => {
      const row = first(
        await db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, blockerId)),
      );
      return row?.n ?? 0;
    });
  }

  /** The person's latest block, removed; undefined when they block nobody. */
  unblockLatest(blockerId: number): Promise<BlockRow | undefined> {
    // One transaction: the block read is the one removed, whoever else unblocks meanwhile.
    return this.db.transaction((tx) =>
      tx.run(async (db, { blocks }) => {
        const row = first(
          await db
            .select()
            .from(blocks)
            .where(eq(blocks.blockerId, blockerId))
            .orderBy(desc(blocks.createdAt))
            .limit(1),
        );
        if (!row) return undefined;
        return first(
          await db
            .delete(blocks)
            .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, row.blockedId)))
            .returning(),
        );
      }),
    );
  }

  /** Whether either of the two blocked the other. */
  blockedEither(a: number, b: number): Promise<boolean> {
    return this.db.run(async (db, { blocks }) => {
      const rows = await db
        .select({ x: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    });
  }

  /** Every block among these people, as [blocker, blocked]. */
  blocksAmong(userIds: readonly number[]): Promise<[number, number][]> {
    const ids = new Set(userIds);
    const all = [...ids];
    if (all.length === 0) return Promise.resolve([]);
    return this.db.run(async (db, { blocks }) => {
      const out: [number, number][] = [];
      for (let i = 0; i < all.length; i += CHUNK) {
        const rows = await db
          .select({ a: blocks.blockerId, b: blocks.blockedId })
          .from(blocks)
          .where(inArray(blocks.blockerId, all.slice(i, i + CHUNK)));
        for (const r of rows) if (ids.has(r.b)) out.push([r.a, r.b]);
      }
      return out;
    });
  }

  /** The pairs among `userIds` who are in a lobby game together now, either seat first. */
  lobbyPairsPlaying(userIds: readonly number[]): Promise<[number, number][]> {
    const ids = new Set(userIds);
    const all = [...ids];
    if (all.length === 0) return Promise.resolve([]);
    return this.db.run(async (db, { games, series }) => {
      const out: [number, number][] = [];
      for (let i = 0; i < all.length; i += CHUNK) {
        const rows = await db
          .select({ a: games.whiteId, b: games.blackId })
          .from(games)
          .innerJoin(series, eq(series.id, games.seriesId))
          .where(
            and(
              eq(games.status, "active"),
              eq(series.chatKey, LOBBY_KEY),
              inArray(games.whiteId, all.slice(i, i + CHUNK)),
            ),
          );
        for (const r of rows) if (ids.has(r.b)) out.push([r.a, r.b]);
      }
      return out;
    });
  }

  /** Rated lobby matches the two began since `since` (a match counts by its first game). */
  ratedLobbyMatchesBetween(a: number, b: number, since: number): Promise<number> {
    return this.db.run(async (db, { games, series }) => {
      const [row] = await db
        .select({ n: count() })
        .from(games)
        .innerJoin(series, eq(series.id, games.seriesId))
        .where(
          and(
            eq(series.chatKey, LOBBY_KEY),
            isNull(games.previousGameId),
            eq(games.rated, true),
            gte(games.createdAt, since),
            or(
              and(eq(games.whiteId, a), eq(games.blackId, b)),
              and(eq(games.whiteId, b), eq(games.blackId, a)),
            ),
          ),
        );
      return row?.n ?? 0;
    });
  }

  /**
   * Lobby games finished in [from, to] whose match goes on and has no next game yet: the
   * lobby starts each one's next game itself.
   */
  lobbyGamesAwaitingNext(from: number, to: number): Promise<number[]> {
    return this.db.run(async (db, { games, series }) => {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .innerJoin(series, eq(series.id, games.seriesId))
        .where(
          and(
            eq(games.status, "finished"),
            eq(series.chatKey, LOBBY_KEY),
            eq(series.status, "active"),
            gte(games.finishedAt, from),
            lte(games.finishedAt, to),
            sql`not exists (select 1 from ${games} as later where later.previous_game_id = ${games.id})`,
          ),
        )
        .orderBy(games.finishedAt, games.id);
      return rows.map((r) => r.id);
    });
  }

  /** Null when the reporter reported this game already. */
  insertReport(report: NewReport): Promise<ReportRow | null> {
    return this.db.run(
      async (db, { reports }) =>
        first(await db.insert(reports).values(report).onConflictDoNothing().returning()) ?? null,
    );
  }

  reportOf(reporterId: number, gameId: number): Promise<ReportRow | undefined> {
    return this.db.run(async (db, { reports }) =>
      first(
        await db
          .select()
          .from(reports)
          .where(and(eq(reports.reporterId, reporterId), eq(reports.gameId, gameId)))
          .limit(1),
      ),
    );
  }

  /** Reports the person made after `since`. */
  reportsSince(reporterId: number, since: number): Promise<number> {
    return this.db.run(async (db, { reports }) => {
      const row = first(
        await db
          .select({ n: count() })
          .from(reports)
          .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since))),
      );
      return row?.n ?? 0;
    });
  }
}
