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
 * synchronous and each write is one transaction; refusals come back as `{ok: false, error}`.
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

  private tell(game: GameView, happened: readonly Happening[]): void {
    this.publish({ kind: "game", game, happened });
  }

  createChallenge(input: ChallengeInput): ServiceResult<ChallengeView> {
    const target = input.target;
    if (!isPlayer(input.challenger) || (target && "user" in target && !isPlayer(target.user)))
      return badInput();
    if (target && "username" in target && typeof target.username !== "string") return badInput();
    if (!isOptionalRef(input.message)) return badInput();
    if (input.cardKey != null && typeof input.cardKey !== "string") return badInput();
    if (input.rated != null && typeof input.rated !== "boolean") return badInput();
    return this.write(() => createChallenge(this.ctx, input));
  }

  /**
   * `message`: where the game will be shown, when not the challenge's own message.
   * `started`: what the accepting act brought (the dice's second part, an unconfirmed card).
   */
  acceptChallenge(
    challengeId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): ServiceResult<GameStart> {
    if (!isId(challengeId) || !isPlayer(by) || !isOptionalRef(message)) return badInput();
    const r = this.write(() => acceptChallenge(this.ctx, challengeId, by, message, started));
    if (r.ok) this.tell(r.value.game, ["started"]);
    return r;
  }

  declineChallenge(challengeId: number, by: PlayerRef): ServiceResult<ChallengeView> {
    if (!isId(challengeId) || !isPlayer(by)) return badInput();
    return this.write(() => declineChallenge(this.ctx, challengeId, by));
  }

  cancelChallenge(challengeId: number, by: PlayerRef): ServiceResult<ChallengeView> {
    if (!isId(challengeId) || !isPlayer(by)) return badInput();
    return this.write(() => cancelChallenge(this.ctx, challengeId, by));
  }

  /** Closes every pending challenge past its time; returns them so their messages can change. */
  expireChallenges(now: number = this.config.now()): ChallengeView[] {
    return this.ctx.tx(() => expireChallenges(this.ctx, now));
  }

  /**
   * One player action on a game, if `expectedVersion` is still current; then the automatic
   * rolls and forced steps that follow. The same press twice: one applies, one is `stale`.
   * `announce: false` leaves telling the listeners to the caller (`announce`), e.g. once for
   * a whole computer turn whose roll and move are decided apart. `from`: the message a
   * button was pressed on, refused unless it is in the game's chat or its inline message
   * (the caller leaves it out for a board of its own it knows to be the game's).
   */
  act(
    gameId: number,
    userId: number,
    action: GameAction,
    expectedVersion: number,
    {
      announce = true,
      from,
    }: { readonly announce?: boolean; readonly from?: MessageRef | null } = {},
  ): ServiceResult<ActOutcome> {
    const a = normalizeAction(action);
    if (!a || !isId(gameId) || !isId(userId) || !isId(expectedVersion)) return badInput();
    // Read once, outside the transaction; the write itself checks the version again.
    const read = this.ctx.games.getFull(gameId);
    if (!read) return fail("not-found", "There is no such game.");
    // Damage met on a write is recorded; a read only shows it.
    const damage = read.game.status === "active" ? damageOf(read.game) : null;
    const view = damage
      ? (this.markBroken(gameId, damage) ?? this.viewOf(read))
      : this.viewOf(read);
    if (from !== undefined && !isAtHome(from, view.chatId, view.message))
      return fail("foreign-button", "This button belongs to another chat's message.");
    if (view.status === "broken") return about(brokenGame(), view);
    if (view.status === "abandoned")
      return about(fail("abandoned", "This game's tournament was cancelled."), view);
    // A press past the deadline comes too late: the flag falls first, whoever was quicker.
    const flagged = isPast(read.game.flagAt, this.config.now()) ? this.flag(gameId) : null;
    if (flagged)
      return about(fail("game-over", "The time ran out: the game is over."), flagged.game);
    const refused = refusal(this.ctx, read.game, userId, a, expectedVersion);
    if (refused) return about(refused, view);
    let r: ServiceResult<ActOutcome>;
    try {
      r = this.write(() => playAction(this.ctx, read, userId, actionsOf(a)));
    } catch (e) {
      // The engine threw on a state that looked whole: a damaged game is contained here.
      if (!this.auditGame(gameId)) throw e;
      const now = this.getGame(gameId);
      return now ? about(brokenGame(), now) : brokenGame();
    }
    if (r.ok) {
      if (announce) this.tell(r.value.game, r.value.happened);
    } else {
      const now = r.error.code === "stale" ? this.getGame(gameId) : gameViewIn(this.ctx, read);
      if (now) return about(r, now);
    }
    return r;
  }

  /**
   * The buttons of version `version` were seen (the message carrying them was delivered) at
   * `at`: the side to act's time runs from then, unless it runs already. Nothing runs for
   * the computer, whose turns are played within their delay. Returns whether it started.
   */
  clockSeen(gameId: number, version: number, at: number = this.config.now()): boolean {
    if (!isId(gameId) || !Number.isInteger(version)) return false;
    const g = this.ctx.games.get(gameId);
    if (!g?.clock || g.status !== "active" || g.pendingStart || g.version !== version) return false;
    if (this.isChatLost(g.chatId)) return false;
    const side = actor(g.state);
    if (side === null || (side === "white" ? g.whiteId : g.blackId) === this.config.computerId)
      return false;
    const clock = clockSeenAt(g.clock, g.state, at);
    if (!clock) return false;
    let started = false;
    try {
      started = this.ctx.tx(() => this.ctx.games.setClock(g.id, version, clock, flagAt(clock)));
    } catch (e) {
      if (!isBusy(e)) throw e;
    }
    if (started) this.announce([gameId], ["clock"]);
    return started;
  }

  /**
   * Ends the game on time if its running clock's deadline has passed (by `now`); the check
   * and the end are one transaction over the version read, so two callers flag it once.
   * Returns the outcome, or null when it is not due (moved meanwhile, no clock, the chat
   * out of reach: its clocks wait with it).
   */
  flag(gameId: number, now: number = this.config.now()): ActOutcome | null {
    if (!isId(gameId)) return null;
    const read = this.ctx.games.getFull(gameId);
    const g = read?.game;
    if (!read || !g || g.status !== "active" || !isPast(g.flagAt, now)) return null;
    if (damageOf(g)) return null;
    if (this.isChatLost(g.chatId)) return null;
    const r = this.write(() => flagAction(this.ctx, read));
    if (!r.ok) return null;
    this.tell(r.value.game, r.value.happened);
    return r.value;
  }

  /**
   * The bot can no longer reach the chat (removed, or blocked in private): the running clock
   * of each of its games stops at `at`, so the time it is out of reach is never charged.
   * Returns the games held.
   */
  holdClocksIn(chatId: number, at: number = this.config.now()): number[] {
    return this.moveClocksIn(chatId, (c) => clockHeldAt(c, at));
  }

  /** The chat is back: each clock held there runs again from `at`, from where it stopped. */
  resumeClocksIn(chatId: number, at: number = this.config.now()): number[] {
    return this.moveClocksIn(chatId, (c) => clockResumedAt(c, at));
  }

  /**
   * A clock held for its next buttons that no delivery resumed within STALLED_CLOCK_MS (a
   * board lost on its way, a crash between its delivery and its note) runs again from `now`
   * when its chat is reachable, so no clock stays held for good. The maintenance tick asks.
   */
  resumeStalledClocks(now: number = this.config.now()): number[] {
    return this.moveClocks(
      () => this.ctx.games.heldClocksSince(now - STALLED_CLOCK_MS),
      (c, g) => (this.isChatLost(g.chatId) ? null : clockResumedAt(c, now)),
    );
  }

  private moveClocksIn(chatId: number, move: (c: ClockState) => ClockState | null): number[] {
    if (!Number.isSafeInteger(chatId)) return [];
    return this.moveClocks(() => this.ctx.games.clockedIn(chatId), move);
  }

  /**
   * Moves the clock of each game `rows` reads, in one transaction, over each game's version;
   * tells the games moved ("clock"). A busy database moves none.
   */
  private moveClocks(
    rows: () => GameRow[],
    move: (c: ClockState, g: GameRow) => ClockState | null,
  ): number[] {
    const moved: number[] = [];
    try {
      this.ctx.tx(() => {
        for (const g of rows()) {
          const clock = g.clock && move(g.clock, g);
          if (clock && this.ctx.games.setClock(g.id, g.version, clock, flagAt(clock)))
            moved.push(g.id);
        }
      });
    } catch (e) {
      if (!isBusy(e)) throw e;
      return [];
    }
    if (moved.length > 0) this.announce(moved, ["clock"]);
    return moved;
  }

  /** Tells (news "clock-low") that the game's running side has LOW_CLOCK_MS or less left. */
  clockLow(gameId: number, now: number = this.config.now()): boolean {
    if (!isId(gameId)) return false;
    const g = this.ctx.games.get(gameId);
    if (g?.status !== "active" || g.flagAt === null) return false;
    if (g.flagAt - now > LOW_CLOCK_MS || now >= g.flagAt) return false;
    this.announce([gameId], ["clock-low"]);
    return true;
  }

  /** Every active game whose clock runs, with its deadline. */
  runningClocks(): { id: number; flagAt: number }[] {
    return this.ctx.games.runningClocks();
  }

  /** Notes that the clocks ran until `at` (the time a restart holds them at). */
  markClocks(at: number = this.config.now()): void {
    try {
      this.ctx.clockMarks.set(CLOCKS_MARK, at);
    } catch (e) {
      if (!isBusy(e)) throw e;
    }
  }

  /**
   * At start-up: every running clock is charged up to the last mark (when the bot was last
   * known to run) and goes on from now; the time the bot was down is never charged.
   * Returns the games whose clocks moved.
   */
  resumeClocks(now: number = this.config.now()): number[] {
    const downSince = this.ctx.clockMarks.get(CLOCKS_MARK);
    if (downSince === null) return [];
    const moved: number[] = [];
    this.ctx.tx(() => {
      for (const { id } of this.ctx.games.runningClocks()) {
        const g = this.ctx.games.get(id);
        if (!g?.clock) continue;
        const clock = clockAfterDowntime(g.clock, downSince, now);
        if (this.ctx.games.setClock(id, g.version, clock, flagAt(clock))) moved.push(id);
      }
      this.ctx.clockMarks.set(CLOCKS_MARK, now);
    });
    return moved;
  }

  /**
   * Whether `userId`'s `action` is what moved the game on from `expectedVersion`: a press
   * carried out already, seen again (after a restart), finds its own event there.
   */
  appliedAlready(
    gameId: number,
    userId: number,
    action: GameAction,
    expectedVersion: number,
  ): boolean {
    const a = normalizeAction(action);
    if (!a || !isId(gameId) || !isId(userId) || !isId(expectedVersion)) return false;
    // A whole play is one event per step.
    return actionsOf(a).every((one, i) => {
      const next = this.ctx.games.event(gameId, expectedVersion + 1 + i);
      if (next?.actorId !== userId) return false;
      const done = normalizeAction((next.payload as { action?: unknown }).action);
      return JSON.stringify(done) === JSON.stringify(one);
    });
  }

  /**
   * Starts a game that waits for its message (`starting`), once the bot has posted it, or at
   * once in an inline message: where Telegram put the message, and when, is the dice's second
   * part, so no die falls before it exists. A game started already is `stale`.
   */
  beginGame(gameId: number, origin: DiceOrigin): ServiceResult<GameStart> {
    if (!isId(gameId) || !isDiceOrigin(origin)) return badInput();
    const r = this.write(() => {
      const begun = beginGame(this.ctx, gameId, origin);
      return begun.ok ? ok(gameStart(this.ctx, gameId)) : begun;
    });
    if (r.ok) this.tell(r.value.game, ["started"]);
    return r;
  }

  rematch(
    gameId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): ServiceResult<GameStart> {
    if (!isId(gameId) || !isPlayer(by) || !isOptionalRef(message)) return badInput();
    const r = this.write(() => rematch(this.ctx, gameId, by, message, started));
    if (r.ok) this.tell(r.value.game, ["started"]);
    return r;
  }

  /**
   * Hands games changed elsewhere (a tournament opening or dropping them), or by acts not
   * announced (a computer turn), to the listeners.
   */
  announce(gameIds: readonly number[], happened: readonly Happening[] = []): void {
    for (const id of gameIds) {
      const game = this.getGame(id);
      if (game) this.tell(game, happened);
    }
  }

  getGame(gameId: number): GameView | null {
    if (!isId(gameId)) return null;
    const full = this.ctx.games.getFull(gameId);
    return full ? this.viewOf(full) : null;
  }

  /**
   * The full check of an active game: its state, and its event log replaying to it. A
   * damaged game is marked broken; returns what is wrong, or null.
   */
  auditGame(gameId: number): string | null {
    const g = isId(gameId) ? this.ctx.games.get(gameId) : undefined;
    if (g?.status !== "active") return null;
    const problem = auditProblem(g, () => this.ctx.games.events(gameId));
    if (problem) this.markBroken(gameId, problem);
    return problem;
  }

  /** Every active game, for the start-up check. */
  activeGameIds(): number[] {
    return this.ctx.games.activeIds();
  }

  getChallenge(challengeId: number): ChallengeView | null {
    if (!isId(challengeId)) return null;
    const row = this.ctx.challenges.get(challengeId);
    return row ? challengeView(this.ctx, row) : null;
  }

  /** The language the user chose in the bot, or null (then follow Telegram's languageCode). */
  playerLocale(userId: number): string | null {
    return (isId(userId) && this.ctx.players.get(userId)?.locale) || null;
  }

  /** Pass the PlayerRef when the user may be new: a bare id only updates a known player. */
  setPlayerLocale(user: number | PlayerRef, locale: string | null): ServiceResult<null> {
    const id = typeof user === "number" ? user : user.id;
    if (!isId(id) || (typeof user !== "number" && !isPlayer(user))) return badInput();
    if (
      locale !== null &&
      (typeof locale !== "string" || !/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/.test(locale))
    )
      return badInput();
    return this.write(() => {
      const now = this.config.now();
      if (typeof user !== "number") this.ctx.players.upsert(user, now);
      return this.ctx.players.setLocale(id, locale, now)
        ? ok(null)
        : fail("not-found", "Unknown player.");
    });
  }

  activeGames(chatId: number, userId: number): GameView[] {
    return this.active(this.ctx.games.activeInChatFor(chatId, userId));
  }

  /** The user's active games in every chat. */
  activeGamesAnywhere(userId: number): GameView[] {
    return isId(userId) ? this.active(this.ctx.games.activeFor(userId)) : [];
  }

  /** Active games in chats the bot can reach that wait for this user to act. */
  gamesWaitingFor(userId: number): GameView[] {
    if (!isId(userId)) return [];
    return this.active(this.reachable(this.ctx.games.activeFor(userId))).filter(
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
  chatSeries(chatId: number | null): SeriesView[] {
    return chatSeries(this.ctx, chatKeyOf(chatId));
  }

  leaderboard(chatId: number | null, variant?: Variant): LeaderRow[] {
    return leaderboard(this.ctx, chatKeyOf(chatId), variant);
  }

  // The rating across chats (rating.ts): rated games move it, friends' games in a chat do not.

  /** The player's rating in the game; 1500, no matches, for someone never rated. */
  ratingOf(userId: number, variant: Variant): RatingView {
    if (!isId(userId) || !isVariant(variant)) return unrated(userId, variant);
    return standing(this.ctx, userId, variant);
  }

  /** The player's last `limit` rated matches in the game, oldest first. */
  ratingHistory(userId: number, variant: Variant, limit = 100): RatingPoint[] {
    if (!isId(userId) || !isVariant(variant)) return [];
    return ratingHistory(this.ctx, userId, variant, boundedLimit(limit));
  }

  /**
   * The game's rating leaderboard. All time (no `since`): by rating, among players with a
   * rated match. Since a moment (e.g. monthStart(now), this month): by the rating gained
   * since then, the sum of the changes, ties by the rating now.
   */
  ratingLeaderboard(
    variant: Variant,
    { since, limit }: { readonly since?: number; readonly limit: number },
  ): RatingLeaderRow[] {
    if (!isVariant(variant)) return [];
    const from = since === undefined || !Number.isFinite(since) ? null : since;
    return ratingLeaderboard(this.ctx, variant, from, boundedLimit(limit));
  }

  /**
   * Marks broken the games silent for their idle time whose stored state is damaged: the
   * minute's work (reminders, claims) would meet them, and reads do not write. Returns them.
   */
  recordIdleDamage(now: number = this.config.now()): number[] {
    const damaged: number[] = [];
    for (const full of this.reachable(this.idle(now, 1, false))) {
      const damage = damageOf(full.game);
      if (damage && this.markBroken(full.game.id, damage)) damaged.push(full.game.id);
    }
    return damaged;
  }

  /**
   * Active games silent for their idle time (see claims.ts idleMsOf) and not reminded yet;
   * mark each after sending.
   */
  gamesToRemind(now: number = this.config.now()): GameView[] {
    return this.active(this.reachable(this.idle(now, 1, true)));
  }

  markReminded(gameId: number): void {
    if (isId(gameId)) this.ctx.games.markReminded(gameId);
  }

  /**
   * Games whose unconfirmed player (see GameView.unconfirmedId) never acted in them since
   * before `before` (the challenge time ago): dropped unplayed, unrated, and announced.
   */
  lapseUnconfirmed(before: number): number[] {
    const now = this.config.now();
    const r = this.write(() =>
      ok(
        this.ctx.games
          .unconfirmedSince(before)
          .filter((g) => this.ctx.games.markAbandoned(g.id, now))
          .map((g) => g.id),
      ),
    );
    const lapsed = r.ok ? r.value : [];
    this.announce(lapsed);
    return lapsed;
  }

  /** Active games silent for twice their idle time: the waiting player may claim the win. */
  claimableGames(now: number = this.config.now()): GameView[] {
    return this.active(this.reachable(this.idle(now, 2, false))).filter((g) =>
      this.claimable(g, now),
    );
  }

  /** Whether games started in this chat wait for a Done press after each turn. */
  chatConfirmTurns(chatId: number): boolean {
    return (
      (isId(chatId) ? this.ctx.chats.get(chatId)?.confirmTurns : null) ?? this.config.confirmTurns
    );
  }

  setChatConfirmTurns(chat: ChatRef, confirmTurns: boolean): ServiceResult<null> {
    if (!isId(chat.id) || typeof confirmTurns !== "boolean") return badInput();
    return this.write(() => {
      const now = this.config.now();
      this.ctx.chats.upsert(chat, now);
      this.ctx.chats.setConfirmTurns(chat.id, confirmTurns, now);
      return ok(null);
    });
  }

  /** Records a user met outside any game (e.g. in an inline query) so their name is known. */
  touchPlayer(player: PlayerRef): void {
    if (!isPlayer(player)) return;
    this.write(() => {
      this.ctx.players.upsert(player, this.config.now());
      return ok(null);
    });
  }

  /** A known player as a PlayerRef, or null. */
  playerRefOf(userId: number): PlayerRef | null {
    const row = isId(userId) ? this.ctx.players.get(userId) : undefined;
    return row ? storedPlayerRef(row) : null;
  }

  /**
   * A game as read. An active one whose stored state is damaged reads as broken; it is
   * marked so when someone acts on it, or by the start-up audit: a read writes nothing.
   */
  private viewOf(full: FullGame): GameView {
    if (full.game.status !== "active" || !damageOf(full.game)) return gameViewIn(this.ctx, full);
    return gameViewIn(this.ctx, { ...full, game: { ...full.game, status: "broken" } });
  }

  /** Active games silent for `times` their own idle time by `now` (see claims.ts). */
  private idle(now: number, times: number, unremindedOnly: boolean): FullGame[] {
    return this.ctx.games
      .idleSince(idleBounds(this.config, now, times), unremindedOnly)
      .filter((full) => isIdle(this.config, full.game, now, times));
  }

  /** Games whose chat the front end can reach: in the others, nothing moves until it is back. */
  private reachable(rows: readonly FullGame[]): FullGame[] {
    return rows.filter((g) => !this.isChatLost(g.game.chatId));
  }

  /** Views of games read as active, without those found damaged. */
  private active(rows: readonly FullGame[]): GameView[] {
    return rows.map((g) => this.viewOf(g)).filter((g) => g.status === "active");
  }

  /** Marks an active game broken, once (one report), and tells of it. */
  private markBroken(gameId: number, reason: string): GameView | null {
    const row = this.ctx.games.markBroken(gameId, this.config.now());
    const full = this.ctx.games.getFull(gameId);
    const view = full ? gameViewIn(this.ctx, full) : null;
    if (!row) return view;
    this.publish({ kind: "game-broken", gameId, reason });
    if (view) this.tell(view, ["broken"]);
    return view;
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

const isPast = (deadline: number | null | undefined, now: number): boolean =>
  deadline !== null && deadline !== undefined && deadline <= now;

const badInput = <T>(): ServiceResult<T> => fail("bad-input", "That request makes no sense.");

const brokenGame = <T>(): ServiceResult<T> =>
  fail("broken", "This game's record is damaged; it cannot go on.");
