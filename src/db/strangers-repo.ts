import { and, count, desc, eq, gt, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "./open.js";
import {
  type BlockRow,
  blocks,
  games,
  players,
  type ReportRow,
  reports,
  seeks,
  series,
  strangerPhrases,
} from "./schema.js";

/** The series key of the lobby's games (see services/challenges.ts). */
const LOBBY_KEY = "lobby";
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
  setShowUsername(userId: number, on: boolean, now: number): boolean {
    const r = this.db
      .update(players)
      .set({ showUsername: on, updatedAt: now })
      .where(eq(players.id, userId))
      .run();
    return r.changes > 0;
  }

  showsUsername(userId: number): boolean {
    const row = this.db
      .select({ on: players.showUsername })
      .from(players)
      .where(eq(players.id, userId))
      .get();
    return row?.on ?? false;
  }

  /** The game, when it is one of the lobby's (its series is the lobby's). */
  lobbyGame(gameId: number): LobbyGameRow | undefined {
    return this.db
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
      .get();
  }

  /**
   * The person's current or last lobby game: the latest game of the series their last paired
   * seek met (a match goes on in games of the same series).
   */
  lastLobbyGameOf(userId: number): LobbyGameRow | undefined {
    const seek = this.db
      .select({ gameId: seeks.gameId })
      .from(seeks)
      .where(and(eq(seeks.userId, userId), isNotNull(seeks.gameId)))
      .orderBy(desc(seeks.gameId))
      .limit(1)
      .get();
    if (!seek?.gameId) return undefined;
    const first = this.db
      .select({ seriesId: games.seriesId })
      .from(games)
      .where(eq(games.id, seek.gameId))
      .get();
    if (!first) return undefined;
    const last = this.db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.seriesId, first.seriesId))
      .orderBy(desc(games.id))
      .limit(1)
      .get();
    return last ? this.lobbyGame(last.id) : undefined;
  }

  /**
   * Counts one more phrase of the player in the game, while fewer than `max` were sent;
   * returns how many that makes, or null when `max` were sent already.
   */
  takePhrase(gameId: number, userId: number, max: number, now: number): number | null {
    this.db
      .insert(strangerPhrases)
      .values({ gameId, userId, sent: 0, updatedAt: now })
      .onConflictDoNothing()
      .run();
    const row = this.db
      .update(strangerPhrases)
      .set({ sent: sql`${strangerPhrases.sent} + 1`, updatedAt: now })
      .where(
        and(
          eq(strangerPhrases.gameId, gameId),
          eq(strangerPhrases.userId, userId),
          lt(strangerPhrases.sent, max),
        ),
      )
      .returning({ sent: strangerPhrases.sent })
      .get();
    return row?.sent ?? null;
  }

  /** False when the block was there already. */
  block(blockerId: number, blockedId: number, gameId: number | null, now: number): boolean {
    const r = this.db
      .insert(blocks)
      .values({ blockerId, blockedId, gameId, createdAt: now })
      .onConflictDoNothing()
      .run();
    return r.changes > 0;
  }

  blockOf(blockerId: number, blockedId: number): BlockRow | undefined {
    return this.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
      .get();
  }

  blocksBy(blockerId: number): number {
    return (
      this.db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, blockerId)).get()?.n ??
      0
    );
  }

  /** The person's latest block, removed; undefined when they block nobody. */
  unblockLatest(blockerId: number): BlockRow | undefined {
    const row = this.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerId, blockerId))
      .orderBy(desc(blocks.createdAt))
      .limit(1)
      .get();
    if (!row) return undefined;
    this.db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, row.blockedId)))
      .run();
    return row;
  }

  /** Whether either of the two blocked the other. */
  blockedEither(a: number, b: number): boolean {
    const row = this.db
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
          and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
        ),
      )
      .get();
    return row !== undefined;
  }

  /** Every block among these people, as [blocker, blocked]. */
  blocksAmong(userIds: readonly number[]): [number, number][] {
    const ids = new Set(userIds);
    const out: [number, number][] = [];
    const all = [...ids];
    for (let i = 0; i < all.length; i += CHUNK) {
      const rows = this.db
        .select({ a: blocks.blockerId, b: blocks.blockedId })
        .from(blocks)
        .where(inArray(blocks.blockerId, all.slice(i, i + CHUNK)))
        .all();
      for (const r of rows) if (ids.has(r.b)) out.push([r.a, r.b]);
    }
    return out;
  }

  /** Null when the reporter reported this game already. */
  insertReport(report: NewReport): ReportRow | null {
    return this.db.insert(reports).values(report).onConflictDoNothing().returning().get() ?? null;
  }

  reportOf(reporterId: number, gameId: number): ReportRow | undefined {
    return this.db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, reporterId), eq(reports.gameId, gameId)))
      .get();
  }

  /** Reports the person made after `since`. */
  reportsSince(reporterId: number, since: number): number {
    return (
      this.db
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)))
        .get()?.n ?? 0
    );
  }
}
