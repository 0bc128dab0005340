import { type Db, type FullGame, GamesRepo, ReviewsRepo } from "../db/index.js";
import type { GameAnalysis } from "./analysis.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import type { FrontEnd } from "./front-end.js";
import { isId } from "./guards.js";
import { gameRecord, type RecordFile } from "./records/game-record.js";
import { type Timeline, timelineOf } from "./timeline.js";
import type { GameView } from "./types.js";
import { eventView, gameView } from "./views.js";

/** How many finished games `/history` lists. */
export const HISTORY_LIMIT = 10;

/**
 * Finished games looked back on: the chat's history, each game's record and timeline, and
 * what is made of a game once (the replay's file id, the analysis). Reads the games the
 * GameService wrote; writes only its own table.
 */
export class GameReviews {
  private readonly games: GamesRepo;
  private readonly reviews: ReviewsRepo;

  /** `frontEnd`: where games are shown, for their views (see front-end.ts). */
  constructor(
    db: Db,
    private readonly frontEnd: Pick<FrontEnd, "gameMessage">,
    private readonly now: () => number = Date.now,
  ) {
    this.games = new GamesRepo(db);
    this.reviews = new ReviewsRepo(db);
  }

  /** The chat's last finished games, newest first. */
  async history(chatId: number, limit = HISTORY_LIMIT): Promise<GameView[]> {
    return isId(chatId)
      ? await Promise.all(
          (await this.reviews.finishedInChat(chatId, limit)).map((g) => this.view(g)),
        )
      : [];
  }

  /** A finished game with everything that happened in it. */
  async finished(gameId: number): Promise<ServiceResult<{ game: GameView; timeline: Timeline }>> {
    const full = isId(gameId) ? await this.games.getFull(gameId) : undefined;
    if (!full) return fail("not-found", "This game is no longer stored.");
    const game = await this.view(full);
    if (game.status !== "finished") return fail("game-active", "The game is not over yet.");
    return ok({ game, timeline: timelineOf((await this.games.events(gameId)).map(eventView)) });
  }

  /** The game as a file (short nardy `.mat`, long nardy text), seed and commitment last. */
  async record(gameId: number): Promise<ServiceResult<{ game: GameView; file: RecordFile }>> {
    const full = isId(gameId) ? await this.games.getFull(gameId) : undefined;
    if (!full) return fail("not-found", "This game is no longer stored.");
    const game = await this.view(full);
    const file = gameRecord(game, (await this.games.events(gameId)).map(eventView));
    return file ? ok({ game, file }) : fail("game-active", "The game is not over yet.");
  }

  /** The stored analysis of a game, once made. */
  async analysis(gameId: number): Promise<GameAnalysis | null> {
    return (
      ((isId(gameId) && (await this.reviews.get(gameId))?.analysis) as GameAnalysis | null) || null
    );
  }

  async setAnalysis(gameId: number, analysis: GameAnalysis): Promise<void> {
    if (isId(gameId)) await this.reviews.save(gameId, { analysis }, this.now());
  }

  async replayFileId(gameId: number): Promise<string | null> {
    return (isId(gameId) && (await this.reviews.get(gameId))?.replayFileId) || null;
  }

  async setReplayFileId(gameId: number, fileId: string): Promise<void> {
    if (isId(gameId)) await this.reviews.save(gameId, { replayFileId: fileId }, this.now());
  }

  private async view(full: FullGame): Promise<GameView> {
    return gameView(full, await this.frontEnd.gameMessage(full.game.id));
  }
}
