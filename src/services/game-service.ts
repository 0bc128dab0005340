import type { Db, MessageRef } from "../db/index.js";
import type { Action, Variant } from "../engine/index.js";
import { normalizeAction } from "./actions.js";
import {
  acceptChallenge,
  type ChallengeInput,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  expireChallenges,
  type GameStart,
} from "./challenges.js";
import { ServiceContext } from "./context.js";
import { newSeed } from "./dice.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import { playAction, StaleWrite } from "./play.js";
import { chatSeries, leaderboard } from "./queries.js";
import { rematch } from "./rematch.js";
import { chatKeyOf } from "./series.js";
import type {
  ActOutcome,
  ChallengeView,
  GameEventView,
  GameView,
  LeaderRow,
  PlayerRef,
  SeriesView,
  ServiceConfig,
} from "./types.js";
import { challengeView, eventView, gameView } from "./views.js";

const HOUR = 3_600_000;

export const DEFAULT_CONFIG: ServiceConfig = {
  challengeTtlMs: HOUR,
  idleMs: 24 * HOUR,
  ratingK: 32,
  confirmTurns: false,
  now: () => Date.now(),
  newSeed,
};

/**
 * Challenges, games, series and ratings over one database connection. Every method is
 * synchronous and each write is one transaction; refusals come back as `{ok: false, error}`.
 */
export class GameService {
  private readonly ctx: ServiceContext;
  readonly config: ServiceConfig;

  constructor(db: Db, config: Partial<ServiceConfig> = {}) {
    this.config = { ...DEFAULT_CONFIG, ...config };
    this.ctx = new ServiceContext(db, this.config);
  }

  createChallenge(input: ChallengeInput): ServiceResult<ChallengeView> {
    return this.write(() => createChallenge(this.ctx, input));
  }

  /** Where the bot posted the challenge (call after sending it). */
  setChallengeMessage(challengeId: number, ref: MessageRef): ServiceResult<ChallengeView> {
    return this.write(() => {
      const row = this.ctx.challenges.setMessage(challengeId, ref, this.config.now());
      return row ? ok(challengeView(this.ctx, row)) : fail("not-found", "No such challenge.");
    });
  }

  /** `message`: where the game will be shown, when not the challenge's own message. */
  acceptChallenge(
    challengeId: number,
    by: PlayerRef,
    message?: MessageRef | null,
  ): ServiceResult<GameStart> {
    return this.write(() => acceptChallenge(this.ctx, challengeId, by, message));
  }

  declineChallenge(challengeId: number, by: PlayerRef): ServiceResult<ChallengeView> {
    return this.write(() => declineChallenge(this.ctx, challengeId, by));
  }

  cancelChallenge(challengeId: number, by: PlayerRef): ServiceResult<ChallengeView> {
    return this.write(() => cancelChallenge(this.ctx, challengeId, by));
  }

  /** Closes every pending challenge past its time; returns them so their messages can change. */
  expireChallenges(now: number = this.config.now()): ChallengeView[] {
    return this.ctx.tx(() => expireChallenges(this.ctx, now));
  }

  /**
   * One player action on a game, if `expectedVersion` is still current; then the automatic
   * rolls and forced steps that follow. The same press twice: one applies, one is `stale`.
   */
  act(
    gameId: number,
    userId: number,
    action: Action,
    expectedVersion: number,
  ): ServiceResult<ActOutcome> {
    const a = normalizeAction(action);
    if (!a) return fail("bad-input", "Unknown action.");
    return this.write(() => playAction(this.ctx, gameId, userId, a, expectedVersion));
  }

  rematch(gameId: number, by: PlayerRef, message?: MessageRef | null): ServiceResult<GameStart> {
    return this.write(() => rematch(this.ctx, gameId, by, message));
  }

  /** Where the bot shows the game now (a new message, or the inline message). */
  setGameMessage(gameId: number, ref: MessageRef): ServiceResult<GameView> {
    return this.write(() => {
      const row = this.ctx.games.setMessage(gameId, ref, this.config.now());
      return row ? ok(gameView(this.ctx, row)) : fail("not-found", "There is no such game.");
    });
  }

  getGame(gameId: number): GameView | null {
    const row = this.ctx.games.get(gameId);
    return row ? gameView(this.ctx, row) : null;
  }

  getChallenge(challengeId: number): ChallengeView | null {
    const row = this.ctx.challenges.get(challengeId);
    return row ? challengeView(this.ctx, row) : null;
  }

  /** The game's events after seq `after` (all by default). */
  gameEvents(gameId: number, after = 0): GameEventView[] {
    return this.ctx.games.events(gameId, after).map(eventView);
  }

  activeGames(chatId: number, userId: number): GameView[] {
    return this.ctx.games.activeInChatFor(chatId, userId).map((g) => gameView(this.ctx, g));
  }

  /** Every series of the chat (null: inline games), one per pair, variant and rules. */
  chatSeries(chatId: number | null): SeriesView[] {
    return chatSeries(this.ctx, chatKeyOf(chatId));
  }

  leaderboard(chatId: number | null, variant?: Variant): LeaderRow[] {
    return leaderboard(this.ctx, chatKeyOf(chatId), variant);
  }

  /** Active games silent for the idle time and not reminded yet; mark each after sending. */
  gamesToRemind(now: number = this.config.now()): GameView[] {
    return this.ctx.games
      .idleSince(now - this.config.idleMs, true)
      .map((g) => gameView(this.ctx, g));
  }

  markReminded(gameId: number): void {
    this.ctx.games.markReminded(gameId);
  }

  /** Active games silent for twice the idle time: the waiting player may claim the win. */
  claimableGames(now: number = this.config.now()): GameView[] {
    return this.ctx.games
      .idleSince(now - 2 * this.config.idleMs, false)
      .map((g) => gameView(this.ctx, g));
  }

  /** A transaction whose lost optimistic write or busy database is an error, not a throw. */
  private write<T>(fn: () => ServiceResult<T>): ServiceResult<T> {
    try {
      return this.ctx.tx(fn);
    } catch (e) {
      if (e instanceof StaleWrite) return fail("stale", "This board is out of date.");
      if (isBusy(e)) return fail("busy", "The game is busy; try again.");
      throw e;
    }
  }
}

const isBusy = (e: unknown): boolean =>
  typeof (e as { code?: unknown })?.code === "string" &&
  (e as { code: string }).code.startsWith("SQLITE_BUSY");
