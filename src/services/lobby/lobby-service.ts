import type { Db, SeekRow } from "../../db/index.js";
import { ServiceContext } from "../context.js";
import { fail, isBusy, type ServiceResult } from "../errors.js";
import type { GameService } from "../game-service.js";
import { isId, isPlayer } from "../guards.js";
import type { Publish } from "../news.js";
import {
  cancelSeek,
  type LobbyTick,
  lobbyTick,
  type SeekInput,
  type SeekOutcome,
  seek,
} from "./lobby.js";

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

  seek(input: SeekInput): ServiceResult<SeekOutcome> {
    if (!isPlayer(input.seeker)) return fail("bad-input", "That request makes no sense.");
    const r = this.guarded(() => seek(this.ctx, input, this.games.config.now()));
    if (r.ok && r.value.kind === "paired") {
      const game = r.value.game.game;
      this.games.announce([game.id], ["started"]);
      const other = this.ctx.seeks.ofGame(game.id).find((s) => s.id !== r.value.seek.id);
      for (const s of [r.value.seek, ...(other ? [other] : [])]) this.tell("paired", s, game.id);
    }
    return r;
  }

  cancel(userId: number): ServiceResult<SeekRow> {
    if (!isId(userId)) return fail("bad-input", "That request makes no sense.");
    return this.guarded(() => cancelSeek(this.ctx, userId, this.games.config.now()));
  }

  /** The person's waiting seek, if any. */
  waitingOf(userId: number): SeekRow | null {
    return isId(userId) ? (this.ctx.seeks.waitingOf(userId) ?? null) : null;
  }

  /** Pairs, lapses and offers what is due now (the lobby keeper calls it each second). */
  tick(now: number = this.games.config.now()): LobbyTick {
    let done: LobbyTick;
    try {
      done = lobbyTick(this.ctx, now);
    } catch (e) {
      if (isBusy(e)) return { paired: [], lapsed: [], offered: [] };
      throw e;
    }
    for (const { seeks, game } of done.paired) {
      this.games.announce([game.game.id], ["started"]);
      for (const s of seeks) this.tell("paired", s, game.game.id);
    }
    for (const s of done.lapsed) this.tell("lapsed", s, null);
    for (const s of done.offered) this.tell("offered", s, null);
    return done;
  }

  private tell(what: "paired" | "lapsed" | "offered", s: SeekRow, gameId: number | null): void {
    this.publish({ kind: "lobby", what, seek: s, gameId });
  }

  private guarded<T>(fn: () => ServiceResult<T>): ServiceResult<T> {
    try {
      return fn();
    } catch (e) {
      if (isBusy(e)) return fail("busy", "The lobby is busy; try again.");
      throw e;
    }
  }
}
