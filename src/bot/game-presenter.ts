import type { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Logger } from "../log.js";
import type { FinishInfo, GameService, GameView, MessageRef } from "../services/index.js";
import type { GameMessage, GameMessenger } from "./game-messenger.js";
import { translator } from "./i18n.js";
import { boardViewOf } from "./ui/board-view.js";
import { gameCaption } from "./ui/caption.js";
import { gameKeyboard } from "./ui/keyboard.js";

export interface ShowOptions {
  readonly finished?: FinishInfo | null;
  readonly note?: string | null;
  readonly claimable?: boolean;
}

/** Builds a game's message in the game's own language and keeps the shown message current. */
export class GamePresenter {
  private readonly listeners: ((game: GameView) => void)[] = [];

  constructor(
    private readonly service: GameService,
    private readonly messenger: GameMessenger,
    private readonly i18n: I18n<Context>,
    private readonly logger: Logger,
  ) {}

  /** Called with each game after its message was brought up to date (the bot player listens). */
  onShown(listener: (game: GameView) => void): void {
    this.listeners.push(listener);
  }

  private shown(game: GameView): void {
    for (const listener of this.listeners) listener(game);
  }

  /** Series points of [white, black] in this game's series. */
  score(game: GameView): [number, number] | null {
    const series = this.service.getSeries(game.seriesId);
    if (!series) return null;
    const [a, b] = series.state.scores;
    return series.players[0].id === game.white.id ? [a, b] : [b, a];
  }

  message(game: GameView, opts: ShowOptions = {}): GameMessage {
    const t = translator(this.i18n, game.locale);
    const score = this.score(game);
    const series = this.service.getSeries(game.seriesId);
    return {
      view: boardViewOf(game.state, score),
      caption: gameCaption(t, {
        game,
        score,
        finished: opts.finished ?? null,
        note: opts.note ?? null,
      }),
      keyboard: gameKeyboard(t, game, {
        claimable: opts.claimable ?? false,
        seriesOver: series?.over ?? false,
      }),
    };
  }

  /** Posts a game that has no message yet into a chat, and records where. */
  async post(game: GameView, chatId: number, replyTo?: number): Promise<MessageRef> {
    const ref = await this.messenger.send(chatId, this.message(game), replyTo);
    this.service.setGameMessage(game.id, ref);
    this.shown(game);
    return ref;
  }

  /** Brings the game's message up to date (posting it again if it was deleted). */
  async show(game: GameView, opts: ShowOptions = {}): Promise<void> {
    const msg = this.message(game, opts);
    if (!game.message) {
      if (game.chatId !== null) {
        const ref = await this.messenger.send(game.chatId, msg);
        this.service.setGameMessage(game.id, ref);
      } else this.logger.warn({ gameId: game.id }, "game has no message to show");
    } else {
      const moved = await this.messenger.update(game.message, msg);
      if (moved) this.service.setGameMessage(game.id, moved);
    }
    this.shown(game);
  }
}
