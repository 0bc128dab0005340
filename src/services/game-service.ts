import type { Db, FullGame, GameRow } from "../db/index.js";
import { actor, type ClockState, type Variant } from "../engine/index.js";
import { actionsOf, type GameAction, normalizeAction } from "./actions.js";
import {
  acceptChallenge,
  type ChallengeInput,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  expireChallenges,
  type GameStart,
  gameStart,
} from "./challenges.js";
import { claimRefusal, idleBounds, isIdle, playerClaimRefusal } from "./claims.js";
import {
  clockAfterDowntime,
  clockHeldAt,
  clockResumedAt,
  clockSeenAt,
  flagAt,
  LOW_CLOCK_MS,
} from "./clocks.js";
import { ServiceContext } from "./context.js";
import { auditProblem, damageOf } from "./damage.js";
import { type DiceOrigin, newSeed } from "./dice.js";
import { about, fail, isBusy, ok, type ServiceResult } from "./errors.js";
import type { FrontEnd } from "./front-end.js";
import { isDiceOrigin, isId, isOptionalRef, isPlayer } from "./guards.js";
import { isAtHome, type MessageRef } from "./message-ref.js";
import type { Happening, Publish } from "./news.js";
import { beginGame, flagAction, playAction, refusal, StaleWrite, type StartedBy } from "./play.js";
import { chatSeries, leaderboard } from "./queries.js";
import {
  boundedLimit,
  isVariant,
  ratingHistory,
  ratingLeaderboard,
  standing,
  unrated,
} from "./rating.js";
import { rematch } from "./rematch.js";
import { chatKeyOf } from "./series.js";
import type {
  ActOutcome,
  ChallengeView,
  ChatRef,
  GameView,
  LeaderRow,
  PlayerRef,
  RatingLeaderRow,
  RatingPoint,
  RatingView,
  SeriesView,
  ServiceConfig,
} from "./types.js";
import { challengeView, gameViewIn, storedPlayerRef } from "./views.js";

const HOUR = 3_600_000;
/** How long a clock may wait held for its next buttons before it runs regardless. */
const STALLED_CLOCK_MS = 120_000;
/** The clock_marks row the running clocks are marked in. */
const CLOCKS_MARK = "clocks";

const DEFAULT_CONFIG: ServiceConfig = {
  challengeTtlMs: HOUR,
  idleMs: 24 * HOUR,
  ratingK: 32,
  confirmTurns: false,
  now: () => Date.now(),
  newSeed,
  computerId: null,
};

/**
 * Challenges, games, series and ratings over one database connection. Every method is
 * asynchronous and each write is one transaction; refusals come back as `{ok: false, error}`.
 */
export class GameService {
  private readonly ctx: ServiceContext;
  readonly config: ServiceConfig;

  /**
   * `publish`: told of every committed change (see news.ts); the composition root hands it on
   * to whoever shows games, the computer player and the tournaments. `frontEnd`: where games
   * are shown and which chats are paused, kept by whoever shows them (see front-end.ts).
   */
  constructor(
    db: Db,
    readonly frontEnd: FrontEnd,
    config: Partial<ServiceConfig> = {},
    private readonly publish: Publish = () => {},
  ) {
    this.config = { ...DEFAULT_CONFIG, ...config };
    this.ctx = new ServiceContext(db, this.config, frontEnd);
  }

  private async tell(game: GameView, happened: readonly Happening[]): Promise<void> {
    await this.publish({ kind: "game", game, happened });
  }

  async createChallenge(input: ChallengeInput): Promise<ServiceResult<ChallengeView>> {
    const target = input.target;
    if (!isPlayer(input.challenger) || (target && "user" in target && !isPlayer(target.user)))
      return badInput();
    if (target && "username" in target && typeof target.username !== "string") return badInput();
    if (!isOptionalRef(input.message)) return badInput();
    if (input.cardKey != null && typeof input.cardKey !== "string") return badInput();
    if (input.rated != null && typeof input.rated !== "boolean") return badInput();
    return await this.write(async (t) => createChallenge(t, input));
  }

  /**
   * `message`: where the game will be shown, when not the challenge's own message.
   * `started`: what the accepting act brought (the dice's second part, an unconfirmed card).
   */
  async acceptChallenge(
    challengeId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): Promise<ServiceResult<GameStart>> {
    if (!isId(challengeId) || !isPlayer(by) || !isOptionalRef(message)) return badInput();
    const r = await this.write(async (t) => acceptChallenge(t, challengeId, by, message, started));
    if (r.ok) await this.tell(r.value.game, ["started"]);
    return r;
  }

  async declineChallenge(
    challengeId: number,
    by: PlayerRef,
  ): Promise<ServiceResult<ChallengeView>> {
    if (!isId(challengeId) || !isPlayer(by)) return badInput();
    return await this.write(async (t) => declineChallenge(t, challengeId, by));
  }

  async cancelChallenge(challengeId: number, by: PlayerRef): Promise<ServiceResult<ChallengeView>> {
    if (!isId(challengeId) || !isPlayer(by)) return badInput();
    return await this.write(async (t) => cancelChallenge(t, challengeId, by));
  }

  /** Closes every pending challenge past its time; returns them so their messages can change. */
  async expireChallenges(now: number = this.config.now()): Promise<ChallengeView[]> {
    return await this.ctx.tx(async (t) => expireChallenges(t, now));
  }

  /**
   * One player action on a game, if `expectedVersion` is still current; then the automatic
   * rolls and forced steps that follow. The same press twice: one applies, one is `stale`.
   * `announce: false` leaves telling the listeners to the caller (`announce`), e.g. once for
   * a whole computer turn whose roll and move are decided apart. `from`: the message a
   * button was pressed on, refused unless it is in the game's chat or its inline message
   * (the caller leaves it out for a board of its own it knows to be the game's).
   */
  async act(
    gameId: number,
    userId: number,
    action: GameAction,
    expectedVersion: number,
    {
      announce = true,
      from,
    }: { readonly announce?: boolean; readonly from?: MessageRef | null } = {},
  ): Promise<ServiceResult<ActOutcome>> {
    const a = normalizeAction(action);
    if (!a || !isId(gameId) || !isId(userId) || !isId(expectedVersion)) return badInput();
    // Read once, outside the transaction; the write itself checks the version again.
    const read = await this.ctx.games.getFull(gameId);
    if (!read) return fail("not-found", "There is no such game.");
    // Damage met on a write is recorded; a read only shows it.
    const damage = read.game.status === "active" ? damageOf(read.game) : null;
    const view = damage
      ? ((await this.markBroken(gameId, damage)) ?? (await this.viewOf(read)))
      : await this.viewOf(read);
    if (from !== undefined && !isAtHome(from, view.chatId, view.message))
      return fail("foreign-button", "This button belongs to another chat's message.");
    if (view.status === "broken") return about(brokenGame(), view);
    if (view.status === "abandoned")
      return about(fail("abandoned", "This game's tournament was cancelled."), view);
    // A press past the deadline comes too late: the flag falls first, whoever was quicker.
    const flagged = isPast(read.game.flagAt, this.config.now()) ? await this.flag(gameId) : null;
    if (flagged)
      return about(fail("game-over", "The time ran out: the game is over."), flagged.game);
    const refused = refusal(this.ctx, read.game, userId, a, expectedVersion);
    if (refused) return about(refused, view);
    let r: ServiceResult<ActOutcome>;
    try {
      r = await this.write(async (t) => playAction(t, read, userId, actionsOf(a)));
    } catch (e) {
      // The engine threw on a state that looked whole: a damaged game is contained here.
      if (!(await this.auditGame(gameId))) throw e;
      const now = await this.getGame(gameId);
      return now ? about(brokenGame(), now) : brokenGame();
    }
    if (r.ok) {
      if (announce) await this.tell(r.value.game, r.value.happened);
    } else {
      const now =
        r.error.code === "stale" ? await this.getGame(gameId) : await gameViewIn(this.ctx, read);
      if (now) return about(r, now);
    }
    return r;
  }

  /**
   * The buttons of version `version` were seen (the message carrying them was delivered) at
   * `at`: the side to act's time runs from then, unless it runs already. Nothing runs for
   * the computer, whose turns are played within their delay. Returns whether it started.
   */
  async clockSeen(
    gameId: number,
    version: number,
    at: number = this.config.now(),
  ): Promise<boolean> {
    if (!isId(gameId) || !Number.isInteger(version)) return false;
    const g = await this.ctx.games.get(gameId);
    if (!g?.clock || g.status !== "active" || g.pendingStart || g.version !== version) return false;
    if (this.isChatLost(g.chatId)) return false;
    const side = actor(g.state);
    if (side === null || (side === "white" ? g.whiteId : g.blackId) === this.config.computerId)
      return false;
    const clock = clockSeenAt(g.clock, g.state, at);
    if (!clock) return false;
    let started = false;
    try {
      started = await this.ctx.tx((t) => t.games.setClock(g.id, version, clock, flagAt(clock)));
    } catch (e) {
      if (!isBusy(e)) throw e;
    }
    if (started) await this.announce([gameId], ["clock"]);
    return started;
  }

  /**
   * Ends the game on time if its running clock's deadline has passed (by `now`); the check
   * and the end are one transaction over the version read, so two callers flag it once.
   * Returns the outcome, or null when it is not due (moved meanwhile, no clock, the chat
   * out of reach: its clocks wait with it).
   */
  async flag(gameId: number, now: number = this.config.now()): Promise<ActOutcome | null> {
    if (!isId(gameId)) return null;
    const read = await this.ctx.games.getFull(gameId);
    const g = read?.game;
    if (!read || !g || g.status !== "active" || !isPast(g.flagAt, now)) return null;
    if (damageOf(g)) return null;
    if (this.isChatLost(g.chatId)) return null;
    const r = await this.write(async (t) => flagAction(t, read));
    if (!r.ok) return null;
    await this.tell(r.value.game, r.value.happened);
    return r.value;
  }

  /**
   * The bot can no longer reach the chat (removed, or blocked in private): the running clock
   * of each of its games stops at `at`, so the time it is out of reach is never charged.
   * Returns the games held.
   */
  async holdClocksIn(chatId: number, at: number = this.config.now()): Promise<number[]> {
    return await this.moveClocksIn(chatId, (c) => clockHeldAt(c, at));
  }

  /** The chat is back: each clock held there runs again from `at`, from where it stopped. */
  async resumeClocksIn(chatId: number, at: number = this.config.now()): Promise<number[]> {
    return await this.moveClocksIn(chatId, (c) => clockResumedAt(c, at));
  }

  /**
   * A clock held for its next buttons that no delivery resumed within STALLED_CLOCK_MS (a
   * board lost on its way, a crash between its delivery and its note) runs again from `now`
   * when its chat is reachable, so no clock stays held for good. The maintenance tick asks.
   */
  async resumeStalledClocks(now: number = this.config.now()): Promise<number[]> {
    return await this.moveClocks(
      (t) => t.games.heldClocksSince(now - STALLED_CLOCK_MS),
      (c, g) => (this.isChatLost(g.chatId) ? null : clockResumedAt(c, now)),
    );
  }

  private async moveClocksIn(
    chatId: number,
    move: (c: ClockState) => ClockState | null,
  ): Promise<number[]> {
    if (!Number.isSafeInteger(chatId)) return [];
    return await this.moveClocks((t) => t.games.clockedIn(chatId), move);
  }

  /**
   * Moves the clock of each game `rows` reads, in one transaction, over each game's version;
   * tells the games moved ("clock"). A busy database moves none.
   */
  private async moveClocks(
    rows: (t: ServiceContext) => Promise<GameRow[]>,
    move: (c: ClockState, g: GameRow) => ClockState | null,
  ): Promise<number[]> {
    const moved: number[] = [];
    try {
      await this.ctx.tx(async (t) => {
        for (const g of await rows(t)) {
          const clock = g.clock && move(g.clock, g);
          if (clock && (await t.games.setClock(g.id, g.version, clock, flagAt(clock))))
            moved.push(g.id);
        }
      });
    } catch (e) {
      if (!isBusy(e)) throw e;
      return [];
    }
    if (moved.length > 0) await this.announce(moved, ["clock"]);
    return moved;
  }

  /** Tells (news "clock-low") that the game's running side has LOW_CLOCK_MS or less left. */
  async clockLow(gameId: number, now: number = this.config.now()): Promise<boolean> {
    if (!isId(gameId)) return false;
    const g = await this.ctx.games.get(gameId);
    if (g?.status !== "active" || g.flagAt === null) return false;
    if (g.flagAt - now > LOW_CLOCK_MS || now >= g.flagAt) return false;
    await this.announce([gameId], ["clock-low"]);
    return true;
  }

  /** Every active game whose clock runs, with its deadline. */
  async runningClocks(): Promise<{ id: number; flagAt: number }[]> {
    return await this.ctx.games.runningClocks();
  }

  /** Notes that the clocks ran until `at` (the time a restart holds them at). */
  async markClocks(at: number = this.config.now()): Promise<void> {
    try {
      await this.ctx.clockMarks.set(CLOCKS_MARK, at);
    } catch (e) {
      if (!isBusy(e)) throw e;
    }
  }

  /**
   * At start-up: every running clock is charged up to the last mark (when the bot was last
   * known to run) and goes on from now; the time the bot was down is never charged.
   * Returns the games whose clocks moved.
   */
  async resumeClocks(now: number = this.config.now()): Promise<number[]> {
    const downSince = await this.ctx.clockMarks.get(CLOCKS_MARK);
    if (downSince === null) return [];
    const moved: number[] = [];
    await this.ctx.tx(async (t) => {
      for (const { id } of await t.games.runningClocks()) {
        const g = await t.games.get(id);
        if (!g?.clock) continue;
        const clock = clockAfterDowntime(g.clock, downSince, now);
        if (await t.games.setClock(id, g.version, clock, flagAt(clock))) moved.push(id);
      }
      await t.clockMarks.set(CLOCKS_MARK, now);
    });
    return moved;
  }

  /**
   * Whether `userId`'s `action` is what moved the game on from `expectedVersion`: a press
   * carried out already, seen again (after a restart), finds its own event there.
   */
  async appliedAlready(
    gameId: number,
    userId: number,
    action: GameAction,
    expectedVersion: number,
  ): Promise<boolean> {
    const a = normalizeAction(action);
    if (!a || !isId(gameId) || !isId(userId) || !isId(expectedVersion)) return false;
    // A whole play is one event per step.
    const steps = actionsOf(a);
    for (const [i, one] of steps.entries()) {
      const next = await this.ctx.games.event(gameId, expectedVersion + 1 + i);
      if (next?.actorId !== userId) return false;
      const done = normalizeAction((next.payload as { action?: unknown }).action);
      if (JSON.stringify(done) !== JSON.stringify(one)) return false;
    }
    return true;
  }

  /**
   * Starts a game that waits for its message (`starting`), once the bot has posted it, or at
   * once in an inline message: where Telegram put the message, and when, is the dice's second
   * part, so no die falls before it exists. A game started already is `stale`.
   */
  async beginGame(gameId: number, origin: DiceOrigin): Promise<ServiceResult<GameStart>> {
    if (!isId(gameId) || !isDiceOrigin(origin)) return badInput();
    const r = await this.write(async (t) => {
      const begun = await beginGame(t, gameId, origin);
      return begun.ok ? ok(await gameStart(t, gameId)) : begun;
    });
    if (r.ok) await this.tell(r.value.game, ["started"]);
    return r;
  }

  async rematch(
    gameId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): Promise<ServiceResult<GameStart>> {
    if (!isId(gameId) || !isPlayer(by) || !isOptionalRef(message)) return badInput();
    const r = await this.write(async (t) => rematch(t, gameId, by, message, started));
    if (r.ok) await this.tell(r.value.game, ["started"]);
    return r;
  }

  /**
   * Hands games changed elsewhere (a tournament opening or dropping them), or by acts not
   * announced (a computer turn), to the listeners.
   */
  async announce(gameIds: readonly number[], happened: readonly Happening[] = []): Promise<void> {
    for (const id of gameIds) {
      const game = await this.getGame(id);
      if (game) await this.tell(game, happened);
    }
  }

  async getGame(gameId: number): Promise<GameView | null> {
    if (!isId(gameId)) return null;
    const full = await this.ctx.games.getFull(gameId);
    return full ? await this.viewOf(full) : null;
  }

  /**
   * The full check of an active game: its state, and its event log replaying to it. A
   * damaged game is marked broken; returns what is wrong, or null.
   */
  async auditGame(gameId: number): Promise<string | null> {
    const g = isId(gameId) ? await this.ctx.games.get(gameId) : undefined;
    if (g?.status !== "active") return null;
    if (!(await auditProblem(g, () => this.ctx.games.events(gameId)))) return null;
    // A press may land between reading the game and reading its log (the check runs while
    // updates go on): damage counts only if it is there again where no press can land.
    const problem = await this.ctx.tx(async (t) => {
      const again = await t.games.get(gameId);
      return again?.status === "active" ? auditProblem(again, () => t.games.events(gameId)) : null;
    });
    if (problem) await this.markBroken(gameId, problem);
    return problem;
  }

  /** Every active game, for the start-up check. */
  async activeGameIds(): Promise<number[]> {
    return await this.ctx.games.activeIds();
  }

  async getChallenge(challengeId: number): Promise<ChallengeView | null> {
    if (!isId(challengeId)) return null;
    const row = await this.ctx.challenges.get(challengeId);
    return row ? await challengeView(this.ctx, row) : null;
  }

  /** The language the user chose in the bot, or null (then follow Telegram's languageCode). */
  async playerLocale(userId: number): Promise<string | null> {
    return (isId(userId) && (await this.ctx.players.get(userId))?.locale) || null;
  }

  /** Pass the PlayerRef when the user may be new: a bare id only updates a known player. */
  async setPlayerLocale(
    user: number | PlayerRef,
    locale: string | null,
  ): Promise<ServiceResult<null>> {
    const id = typeof user === "number" ? user : user.id;
    if (!isId(id) || (typeof user !== "number" && !isPlayer(user))) return badInput();
    if (
      locale !== null &&
      (typeof locale !== "string" || !/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/.test(locale))
    )
      return badInput();
    return await this.write(async (t) => {
      const now = this.config.now();
      if (typeof user !== "number") await t.players.upsert(user, now);
      return (await t.players.setLocale(id, locale, now))
        ? ok(null)
        : fail("not-found", "Unknown player.");
    });
  }

  async activeGames(chatId: number, userId: number): Promise<GameView[]> {
    return this.active(await this.ctx.games.activeInChatFor(chatId, userId));
  }

  /** The user's active games in every chat. */
  async activeGamesAnywhere(userId: number): Promise<GameView[]> {
    return isId(userId) ? await this.active(await this.ctx.games.activeFor(userId)) : [];
  }

  /** Active games in chats the bot can reach that wait for this user to act. */
  async gamesWaitingFor(userId: number): Promise<GameView[]> {
    if (!isId(userId)) return [];
    return (await this.active(this.reachable(await this.ctx.games.activeFor(userId)))).filter(
      (g) => g.waitingFor === userId,
    );
  }

  /** Whether the waiting player's opponent may claim the game now (see claims.ts). */
  claimable(game: GameView, now: number = this.config.now()): boolean {
    return (
      game.status === "active" &&
      game.waitingFor !== null &&
      game.waitingFor !== game.unconfirmedId &&
      claimRefusal(this.config, game, now) === null
    );
  }

  /** Whether `userId` may claim the game now: a player, not the one waited for, not offering. */
  mayClaim(game: GameView, userId: number, now: number = this.config.now()): boolean {
    if (game.status !== "active" || game.waitingFor === null) return false;
    if (game.white.id !== userId && game.black.id !== userId) return false;
    return (
      playerClaimRefusal(this.config, { ...game, whiteId: game.white.id }, userId, now) === null
    );
  }

  /**
   * Whether the front end cannot reach the chat now (the bot was removed or blocked there):
   * the timers of its games, and the computer's turns there, wait until it is back.
   */
  isChatLost(chatId: number | null): boolean {
    return chatId !== null && this.ctx.frontEnd.isChatLost(chatId);
  }

  /** Every series of the chat (null: inline games), one per pair, variant and rules. */
  async chatSeries(chatId: number | null): Promise<SeriesView[]> {
    return await chatSeries(this.ctx, chatKeyOf(chatId));
  }

  async leaderboard(chatId: number | null, variant?: Variant): Promise<LeaderRow[]> {
    return await leaderboard(this.ctx, chatKeyOf(chatId), variant);
  }

  // The rating across chats (rating.ts): rated games move it, friends' games in a chat do not.

  /** The player's rating in the game; 1500, no matches, for someone never rated. */
  async ratingOf(userId: number, variant: Variant): Promise<RatingView> {
    if (!isId(userId) || !isVariant(variant)) return unrated(userId, variant);
    return await standing(this.ctx, userId, variant);
  }

  /** The player's last `limit` rated matches in the game, oldest first. */
  async ratingHistory(userId: number, variant: Variant, limit = 100): Promise<RatingPoint[]> {
    if (!isId(userId) || !isVariant(variant)) return [];
    return await ratingHistory(this.ctx, userId, variant, boundedLimit(limit));
  }

  /**
   * The game's rating leaderboard. All time (no `since`): by rating, among players with a
   * rated match. For a month (any moment in it, e.g. now): by the rating gained in that
   * calendar month (UTC), the sum of its changes, ties by the rating now.
   */
  async ratingLeaderboard(
    variant: Variant,
    { month, limit }: { readonly month?: number; readonly limit: number },
  ): Promise<RatingLeaderRow[]> {
    if (!isVariant(variant)) return [];
    const of = month === undefined || !Number.isFinite(month) ? null : month;
    return await ratingLeaderboard(this.ctx, variant, of, boundedLimit(limit));
  }

  /**
   * Marks broken the games silent for their idle time whose stored state is damaged: the
   * minute's work (reminders, claims) would meet them, and reads do not write. Returns them.
   */
  async recordIdleDamage(now: number = this.config.now()): Promise<number[]> {
    const damaged: number[] = [];
    for (const full of this.reachable(await this.idle(now, 1, false))) {
      const damage = damageOf(full.game);
      if (damage && (await this.markBroken(full.game.id, damage))) damaged.push(full.game.id);
    }
    return damaged;
  }

  /**
   * Active games silent for their idle time (see claims.ts idleMsOf) and not reminded yet;
   * mark each after sending.
   */
  async gamesToRemind(now: number = this.config.now()): Promise<GameView[]> {
    return this.active(this.reachable(await this.idle(now, 1, true)));
  }

  async markReminded(gameId: number): Promise<void> {
    if (isId(gameId)) await this.ctx.games.markReminded(gameId);
  }

  /**
   * Games whose unconfirmed player (see GameView.unconfirmedId) never acted in them since
   * before `before` (the challenge time ago): dropped unplayed, unrated, and announced.
   */
  async lapseUnconfirmed(before: number): Promise<number[]> {
    const now = this.config.now();
    const r = await this.write(async (t) => {
      const lapsed: number[] = [];
      for (const g of await t.games.unconfirmedSince(before))
        if (await t.games.markAbandoned(g.id, now)) lapsed.push(g.id);
      return ok(lapsed);
    });
    const lapsed = r.ok ? r.value : [];
    await this.announce(lapsed);
    return lapsed;
  }

  /** Active games silent for twice their idle time: the waiting player may claim the win. */
  async claimableGames(now: number = this.config.now()): Promise<GameView[]> {
    const games = await this.active(this.reachable(await this.idle(now, 2, false)));
    return games.filter((g) => this.claimable(g, now));
  }

  /** Whether games started in this chat wait for a Done press after each turn. */
  async chatConfirmTurns(chatId: number): Promise<boolean> {
    return (
      (isId(chatId) ? (await this.ctx.chats.get(chatId))?.confirmTurns : null) ??
      this.config.confirmTurns
    );
  }

  async setChatConfirmTurns(chat: ChatRef, confirmTurns: boolean): Promise<ServiceResult<null>> {
    if (!isId(chat.id) || typeof confirmTurns !== "boolean") return badInput();
    return await this.write(async (t) => {
      const now = this.config.now();
      await t.chats.upsert(chat, now);
      await t.chats.setConfirmTurns(chat.id, confirmTurns, now);
      return ok(null);
    });
  }

  /** Records a user met outside any game (e.g. in an inline query) so their name is known. */
  async touchPlayer(player: PlayerRef): Promise<void> {
    if (!isPlayer(player)) return;
    await this.write(async (t) => {
      await t.players.upsert(player, this.config.now());
      return ok(null);
    });
  }

  /** A known player as a PlayerRef, or null. */
  async playerRefOf(userId: number): Promise<PlayerRef | null> {
    const row = isId(userId) ? await this.ctx.players.get(userId) : undefined;
    return row ? storedPlayerRef(row) : null;
  }

  /**
   * A game as read. An active one whose stored state is damaged reads as broken; it is
   * marked so when someone acts on it, or by the start-up audit: a read writes nothing.
   */
  private async viewOf(full: FullGame): Promise<GameView> {
    if (full.game.status !== "active" || !damageOf(full.game))
      return await gameViewIn(this.ctx, full);
    return await gameViewIn(this.ctx, { ...full, game: { ...full.game, status: "broken" } });
  }

  /** Active games silent for `times` their own idle time by `now` (see claims.ts). */
  private async idle(now: number, times: number, unremindedOnly: boolean): Promise<FullGame[]> {
    return (
      await this.ctx.games.idleSince(idleBounds(this.config, now, times), unremindedOnly)
    ).filter((full) => isIdle(this.config, full.game, now, times));
  }

  /** Games whose chat the front end can reach: in the others, nothing moves until it is back. */
  private reachable(rows: readonly FullGame[]): FullGame[] {
    return rows.filter((g) => !this.isChatLost(g.game.chatId));
  }

  /** Views of games read as active, without those found damaged. */
  private async active(rows: readonly FullGame[]): Promise<GameView[]> {
    const views = await Promise.all(rows.map((g) => this.viewOf(g)));
    return views.filter((g) => g.status === "active");
  }

  /** Marks an active game broken, once (one report), and tells of it. */
  private async markBroken(gameId: number, reason: string): Promise<GameView | null> {
    const row = await this.ctx.games.markBroken(gameId, this.config.now());
    const full = await this.ctx.games.getFull(gameId);
    const view = full ? await gameViewIn(this.ctx, full) : null;
    if (!row) return view;
    await this.publish({ kind: "game-broken", gameId, reason });
    if (view) await this.tell(view, ["broken"]);
    return view;
  }

  /** A transaction whose lost optimistic write or busy database is an error, not a throw. */
  private async write<T>(
    fn: (t: ServiceContext) => Promise<ServiceResult<T>>,
  ): Promise<ServiceResult<T>> {
    try {
      return await this.ctx.tx(fn);
    } catch (e) {
      if (e instanceof StaleWrite) return fail("stale", "This board is out of date.");
      if (isBusy(e)) return fail("busy", "The game is busy; try again.");
      throw e;
    }
  }
}

const isPast = (deadline: number | null | undefined, now: number): boolean =>
  deadline !== null && deadline !== undefined && deadline <= now;

const badInput = <T>(): ServiceResult<T> => fail("bad-input", "That request makes no sense.");

const brokenGame = <T>(): ServiceResult<T> =>
  fail("broken", "This game's record is damaged; it cannot go on.");
