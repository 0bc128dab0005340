import { and, desc, eq } from "drizzle-orm";
import { type FullGame, selectFullGames } from "./games-repo.js";
import type { Db } from "./open.js";
import { type GameReviewRow, gameReviews, games } from "./schema.js";

/** Finished games as a chat looks back on them, and what was made of each (game_reviews). */
export class ReviewsRepo {
  constructor(private readonly db: Db) {}

  /** The chat's finished games, newest first, with their players and series. */
  finishedInChat(chatId: number, limit: number): FullGame[] {
    return selectFullGames(this.db)
      .where(and(eq(games.chatId, chatId), eq(games.status, "finished")))
      .orderBy(desc(games.finishedAt), desc(games.id))
      .limit(limit)
      .all();
  }

  get(gameId: number): GameReviewRow | undefined {
    return this.db.select().from(gameReviews).where(eq(gameReviews.gameId, gameId)).get();
  }

  /** Sets the given columns, creating the game's row when it has none. */
  save(
    gameId: number,
    set: Partial<Pick<GameReviewRow, "analysis" | "replayFileId">>,
    now: number,
  ): void {
    this.db
      .insert(gameReviews)
      .values({ gameId, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: gameReviews.gameId, set: { ...set, updatedAt: now } })
      .run();
  }
}
