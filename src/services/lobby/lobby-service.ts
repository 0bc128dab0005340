import type { Db, OpenSeek, SeekRow } from "../../db/index.js";
import { ServiceContext } from "../context.js";
import { fail, isBusy, ok, type ServiceResult } from "../errors.js";
import type { GameService } from "../game-service.js";
import { isId, isPlayer } from "../guards.js";
import type { Happening, Publish } from "../news.js";
import type { GameView, PlayerRef } from "../types.js";
import { HOLDOUT_MS, heldOutUntil } from "./holdout.js";
import {
  cancelSeek,
  isLobbyGame,
  type Joined,
  joinSeek,
  type LobbyTick,
  lobbyTick,
  SEEK_LAPSE_MS,
  type SeekInput,
  type SeekOutcome,
  seek,
} from "./lobby.js";
import { OPEN_SEEKS_LIMIT, openSeeks } from "./open-seeks.js";
import {
  type BlockOutcome,
  block,
  type PhraseOutcome,
  type ReportOutcome,
  report,
  sayPhrase,
  setShowUsername,
  type UnblockOutcome,
  unblock,
} from "./strangers.js";

/**
 * The lobby across chats: people seeking a game against anyone, paired by rating into rated,
 * clocked games played through the game service. Its news (paired, lapsed, offered the
 * computer) tells the seekers; a game made is told as any new game, so its boards follow.
 */
export class LobbyService {
  private readonly ctx: ServiceContext;

  constructor(
    db: Db,
    private readonly games: GameService,
    private readonly publish: Publish = () => {},
  ) {
    this.ctx = new ServiceContext(db, games.config, games.frontEnd);
  }

  async seek(input: SeekInput): Promise<ServiceResult<SeekOutcome>> {
    if (!isPlayer(input.seeker)) return fail("bad-input", "That request makes no sense.");
    const r = await this.guarded(async () => seek(this.ctx, input, this.games.config.now()));
    if (r.ok && r.value.kind === "paired") {
      const game = r.value.game.game;
      await this.games.announce([game.id], ["started"]);
      const other = (await this.ctx.seeks.ofGame(game.id)).find((s) => s.id !== r.value.seek.id);
      for (const s of [r.value.seek, ...(other ? [other] : [])])
        await this.tell("paired", s, game.id);
    }
    return r;
  }

  async cancel(userId: number): Promise<ServiceResult<SeekRow>> {
    if (!isId(userId)) return fail("bad-input", "That request makes no sense.");
    const r = await this.guarded(async () => cancelSeek(this.ctx, userId, this.games.config.now()));
    if (r.ok) await this.tell("stopped", r.value, null);
    return r;
  }

  /** The person's waiting seek, if any. */
  async waitingOf(userId: number): Promise<SeekRow | null> {
    return isId(userId) ? ((await this.ctx.seeks.waitingOf(userId)) ?? null) : null;
  }

  /**
   * Joins seek `seekId` (the board page's one-tap Join): paired at once if it still waits,
   * is not the joiner's own and neither blocked the other; told and shown as any pairing.
   */
  async join(
    joiner: PlayerRef,
    seekId: number,
    mark: string | null = null,
  ): Promise<ServiceResult<Joined>> {
    if (!isPlayer(joiner) || !isId(seekId))
      return fail("bad-input", "That request makes no sense.");
    const r = await this.guarded(async () =>
      joinSeek(this.ctx, joiner, seekId, this.games.config.now(), mark),
    );
    if (r.ok) {
      const gameId = r.value.game.game.id;
      await this.games.announce([gameId], ["started"]);
      for (const s of [r.value.joined, r.value.seek]) await this.tell("paired", s, gameId);
    }
    return r;
  }

  /** Others' waiting seeks, at most `limit` (50), nearest the viewer's rating first. */
  async openSeeks(viewerId: number, limit: number = OPEN_SEEKS_LIMIT): Promise<OpenSeek[]> {
    if (!isId(viewerId)) return [];
    const n = Number.isSafeInteger(limit) ? Math.min(OPEN_SEEKS_LIMIT, Math.max(1, limit)) : 1;
    return await openSeeks(this.ctx, viewerId, this.games.config.now(), n);
  }

  /** The person's latest seek, whatever became of it (the page opens the game it met). */
  async latestSeekOf(userId: number): Promise<SeekRow | null> {
    return isId(userId) ? ((await this.ctx.seeks.latestOf(userId)) ?? null) : null;
  }

  /** How long the person is still held out of the lobby for walking away (ms); null: not. */
  async heldOutFor(userId: number): Promise<number | null> {
    const now = this.games.config.now();
    const until = isId(userId) ? await heldOutUntil(this.ctx, userId, now) : null;
    return until === null ? null : until - now;
  }

  /**
   * A game's news: a lobby game lost on time by a player who never moved may be the walkaway
   * that holds them out; they are told once, by the game that began the hold.
   */
  async noticeGame(game: GameView, happened: readonly Happening[]): Promise<void> {
    if (!happened.includes("game-over") || !isLobbyGame(game)) return;
    if (game.finishedAt === null || game.winnerId === null) return;
    const loser = game.winnerId === game.white.id ? game.black.id : game.white.id;
    const until = await heldOutUntil(this.ctx, loser, game.finishedAt);
    if (until === game.finishedAt + HOLDOUT_MS)
      await this.publish({ kind: "lobby-hold", userId: loser, until });
  }

  /** The seeker was told what became of the seek (or can never be). */
  async markTold(seekId: number): Promise<void> {
    if (isId(seekId)) await this.ctx.seeks.markTold(seekId, this.games.config.now());
  }

  /**
   * At start-up: the seeks paired or lapsed within the last ten minutes whose seekers a
   * stopped process never told are told now.
   */
  async retell(now: number = this.games.config.now()): Promise<number> {
    const untold = await this.ctx.seeks.untoldSince(now - SEEK_LAPSE_MS);
    for (const s of untold)
      if (s.status === "paired" || s.status === "lapsed") await this.tell(s.status, s, s.gameId);
    return untold.length;
  }

  /** Pairs, lapses and offers what is due now (the lobby keeper calls it each second). */
  async tick(now: number = this.games.config.now()): Promise<LobbyTick> {
    let done: LobbyTick;
    try {
      done = await lobbyTick(this.ctx, now);
    } catch (e) {
      if (isBusy(e)) return { paired: [], next: [], lapsed: [], offered: [] };
      throw e;
    }
    for (const { game } of done.next) await this.games.announce([game.id], ["started"]);
    for (const { seeks, game } of done.paired) {
      await this.games.announce([game.game.id], ["started"]);
      for (const s of seeks) await this.tell("paired", s, game.game.id);
    }
    for (const s of done.lapsed) await this.tell("lapsed", s, null);
    for (const s of done.offered) await this.tell("offered", s, null);
    return done;
  }

  /** A set phrase from a player of a lobby game to its other player (strangers.ts). */
  async sayPhrase(gameId: number, senderId: number): Promise<ServiceResult<PhraseOutcome>> {
    if (!isId(gameId) || !isId(senderId)) return fail("bad-input", "That request makes no sense.");
    return await this.guarded(async () =>
      ok(await this.ctx.tx(async (t) => sayPhrase(t, gameId, senderId, this.games.config.now()))),
    );
  }

  /** Blocks the opponent of the person's lobby game `gameId`, or of their current or last one. */
  async block(userId: number, gameId?: number): Promise<ServiceResult<BlockOutcome>> {
    if (!isId(userId) || (gameId !== undefined && !isId(gameId)))
      return fail("bad-input", "That request makes no sense.");
    return await this.guarded(async () =>
      ok(await this.ctx.tx(async (t) => block(t, userId, gameId, this.games.config.now()))),
    );
  }

  /** Lifts the person's latest block. */
  async unblock(userId: number): Promise<ServiceResult<UnblockOutcome>> {
    if (!isId(userId)) return fail("bad-input", "That request makes no sense.");
    return await this.guarded(async () => ok(await this.ctx.tx(async (t) => unblock(t, userId))));
  }

  /** Reports the opponent of the person's lobby game `gameId`, or of their current or last one. */
  async report(
    userId: number,
    gameId: number | undefined,
    reason: string,
  ): Promise<ServiceResult<ReportOutcome>> {
    if (!isId(userId) || (gameId !== undefined && !isId(gameId)) || typeof reason !== "string")
      return fail("bad-input", "That request makes no sense.");
    const now = this.games.config.now();
    return await this.guarded(async () =>
      ok(await this.ctx.tx(async (t) => report(t, userId, gameId, reason, now))),
    );
  }

  /** Whether strangers see the person's username (off unless they chose it). */
  async showsUsername(userId: number): Promise<boolean> {
    return isId(userId) && (await this.ctx.strangers.showsUsername(userId));
  }

  async setShowUsername(player: PlayerRef, on: boolean): Promise<ServiceResult<boolean>> {
    if (!isPlayer(player) || typeof on !== "boolean")
      return fail("bad-input", "That request makes no sense.");
    return await this.guarded(async () => {
      await setShowUsername(this.ctx, player, on, this.games.config.now());
      return ok(on);
    });
  }

  private async tell(
    what: "paired" | "lapsed" | "offered" | "stopped",
    s: SeekRow,
    gameId: number | null,
  ): Promise<void> {
    await this.publish({ kind: "lobby", what, seek: s, gameId });
  }

  private async guarded<T>(fn: () => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
    try {
      return await fn();
    } catch (e) {
      if (isBusy(e)) return fail("busy", "The lobby is busy; try again.");
      throw e;
    }
  }
}
