import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import type { Db } from "../../src/db/index.js";
import {
  type DiceOrigin,
  type FrontEnd,
  GameService,
  type GameStart,
  type GameView,
  type Happening,
  type MessageRef,
  type PlayerRef,
  type Publish,
  type ServiceConfig,
  type ServiceResult,
  type StartedBy,
} from "../../src/services/index.js";

/** 2026-01-01 00:00 UTC, in Unix seconds: the date of every message made up here. */
const DATE = 1_767_225_600;

/**
 * The service with the bot's part in starting games played here: a game that waits for its
 * first message starts as soon as it is announced, in a message numbered per chat (or its
 * own inline message), as the bot's board loop starts it once it has posted that message.
 */
export class StartingService extends GameService {
  private readonly lastMessage = new Map<number, number>();
  /** Each game this started, as its start returned it. */
  private readonly begun = new Map<number, GameStart>();
  private readonly followers: ((
    game: GameView,
    happened: readonly Happening[],
  ) => void | Promise<void>)[] = [];

  constructor(db: Db, config: Partial<ServiceConfig> = {}, frontEnd: FrontEnd = memoryFrontEnd()) {
    const hear: Publish[] = [];
    super(db, frontEnd, config, async (news) => {
      for (const h of hear) await h(news);
    });
    hear.push(async (news) => {
      if (news.kind !== "game") return;
      // Every new game is told of, a tournament's too: start it, as the board loop would.
      if (news.game.starting) this.begun.set(news.game.id, await this.beginIn(news.game));
      for (const f of this.followers) await f(news.game, news.happened);
    });
  }

  /** Follows every game that changes, as the app's subscribers do (the computer player...). */
  follow(fn: (game: GameView, happened: readonly Happening[]) => void | Promise<void>): void {
    this.followers.push(fn);
  }

  override async acceptChallenge(
    challengeId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): Promise<ServiceResult<GameStart>> {
    return this.started(await super.acceptChallenge(challengeId, by, message, started));
  }

  override async rematch(
    gameId: number,
    by: PlayerRef,
    message?: MessageRef | null,
    started: StartedBy = {},
  ): Promise<ServiceResult<GameStart>> {
    return this.started(await super.rematch(gameId, by, message, started));
  }

  /** Starts the game in its next message, as the bot's board loop does. */
  async beginIn(game: GameView): Promise<GameStart> {
    const r = await this.beginGame(game.id, this.originFor(game));
    if (!r.ok) throw new Error(`game ${game.id} did not start: ${r.error.message}`);
    return r.value;
  }

  /**
   * Where the game's first message goes: its inline message, or the chat's next one (a lobby
   * game's: its first player's private chat).
   */
  originFor(game: GameView): DiceOrigin {
    if (game.message?.kind === "inline")
      return { kind: "inline", inlineMessageId: game.message.inlineMessageId };
    const chatId = game.chatId ?? (game.lobby ? game.white.id : 0);
    const messageId = (this.lastMessage.get(chatId) ?? 0) + 1;
    this.lastMessage.set(chatId, messageId);
    return { kind: "chat", chatId, messageId, date: DATE };
  }

  /** The start as the game began, not as it waited. */
  private started(r: ServiceResult<GameStart>): ServiceResult<GameStart> {
    const begun = r.ok ? this.begun.get(r.value.game.id) : undefined;
    return begun ? { ok: true, value: begun } : r;
  }
}
