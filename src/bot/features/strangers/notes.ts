import type { Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { TelegramStore } from "../../../db/telegram/store.js";
import type { Logger } from "../../../log.js";
import {
  type GameService,
  type GameView,
  type Happening,
  isLobbyGame,
  type Phrase,
} from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { localeOf } from "../../i18n.js";
import { chatLane } from "../../outbox/methods.js";
import { type Outbox, PRIORITY } from "../../outbox/outbox.js";
import { strangerName } from "../../ui/caption.js";
import type { LocalePrefs } from "../deps.js";
import { CLOSING_PHRASES, phraseButtons, phraseText } from "./phrases.js";

/** Games whose closing note was sent, remembered so a later change does not send it again. */
const CLOSED_LIMIT = 10_000;

/** What {@link StrangerNotes} is built from. */
export interface StrangerNotesDeps {
  readonly api: Api;
  readonly outbox: Outbox;
  readonly service: GameService;
  readonly store: TelegramStore;
  readonly prefs: LocalePrefs;
  readonly textsFor: (locale: string | null) => Translate;
  readonly logger: Logger;
}

/**
 * What goes between strangers of a lobby game, into each one's private chat on its own budget:
 * a set phrase from the other player, in the reader's language, a reply to their own board;
 * and once the match is over, a note offering 👍 and 🙏 under the finished board.
 */
export class StrangerNotes {
  private readonly closed = new Set<string>();

  constructor(private readonly deps: StrangerNotesDeps) {}

  /** The `n`th phrase of the sender in the game, to the other player. */
  deliver(gameId: number, fromId: number, toId: number, phrase: Phrase, n: number): void {
    this.deps.outbox.schedule({
      key: `phrase:${gameId}:${fromId}:${n}`,
      lane: chatLane(toId),
      priority: PRIORITY.normal,
      run: async () => {
        const game = await this.deps.service.getGame(gameId);
        const sender = game && (game.white.id === fromId ? game.white : game.black);
        if (!sender || sender.id !== fromId) return;
        const t = await this.textsOf(toId);
        const text = t("phrase-from", {
          name: strangerName(sender),
          phrase: phraseText(t, phrase),
        });
        await this.send(gameId, toId, text, null, "phrase not delivered");
      },
    });
  }

  /** A lobby match just ended: each player is offered a closing word, under their board. */
  gameChanged(game: GameView, happened: readonly Happening[]): void {
    if (!happened.includes("game-over") || game.status !== "finished") return;
    if (!isLobbyGame(game) || !game.final?.over) return;
    for (const userId of [game.white.id, game.black.id]) {
      const key = `${game.id}:${userId}`;
      if (this.closed.has(key)) continue;
      this.closed.add(key);
      if (this.closed.size > CLOSED_LIMIT) this.closed.delete(this.closed.values().next().value!);
      this.deps.outbox.schedule({
        key: `phrase-after:${key}`,
        lane: chatLane(userId),
        priority: PRIORITY.normal,
        run: async () => {
          const t = await this.textsOf(userId);
          const markup = phraseButtons(t, game.id, CLOSING_PHRASES);
          const text = t("phrase-after", { game: game.id });
          await this.send(game.id, userId, text, markup, "closing note not sent");
        },
      });
    }
  }

  private async send(
    gameId: number,
    userId: number,
    text: string,
    markup: InlineKeyboardMarkup | null,
    failure: string,
  ): Promise<void> {
    const board = await this.deps.store.privateBoard(gameId, userId);
    await this.deps.api
      .sendMessage(userId, text, {
        parse_mode: "HTML",
        ...(markup ? { reply_markup: markup } : {}),
        ...(board
          ? { reply_parameters: { message_id: board.messageId, allow_sending_without_reply: true } }
          : {}),
      })
      .catch((err: unknown) => this.deps.logger.warn({ err, gameId, userId }, failure));
  }

  private async textsOf(userId: number): Promise<Translate> {
    const player = await this.deps.service.playerRefOf(userId);
    return this.deps.textsFor(
      (await this.deps.prefs.get(userId)) ?? localeOf(player?.languageCode ?? null),
    );
  }
}
