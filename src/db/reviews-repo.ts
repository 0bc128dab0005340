import { and, desc, eq } from "drizzle-orm";
import { first } from "./connection.js";
import { type FullGame, selectFullGames } from "./games-repo.js";
import type { Db } from "./open.js";
import type { GameReviewRow } from "./schema.js";

/** Finished games as a chat looks back on them, and what was made of each (game_reviews). */
export class ReviewsRepo {
  constructor(private readonly db: Db) {}

  /** The chat's finished games, newest first, with their players and series. */
  finishedInChat(chatId: number, limit: number): Promise<FullGame[]> {
    return this.db.run((db, t) => {
      const { games } = t;
      return selectFullGames(db, t)
        .where(and(eq(games.chatId, chatId), eq(games.status, "finished")))
        .orderBy(desc(games.finishedAt), desc(games.id))
        .limit(limit);
    });
  }

  get(gameId: number): Promise<GameReviewRow | undefined> {
    return this.db.run(async (db, { gameReviews }) =>
      first(await db.select().from(gameReviews).where(eq(gameReviews.gameId, gameId)).limit(1)),
    );
  }

  /** Sets the given columns, creating the game's row when it has none. */
  async save(
    gameId: number,
    set: Partial<Pick<GameReviewRow, "analysis" | "replayFileId">>,
    now: number,
  ): Promise<void> {
    await this.db.run((db, { gameReviews }) =>
      db
        .insert(gameReviews)
        .values({ gameId, ...set, updatedAt: now })
        .onConflictDoUpdate({ target: gameReviews.gameId, set: { ...set, updatedAt: now } }),
    );
  }
}
