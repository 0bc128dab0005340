import { type Api, InputFile } from "grammy";
import type { Logger } from "../log.js";
import type { BoardView } from "../render/view.js";
import type { DiceOrigin, MessageRef } from "../services/index.js";
import type { GameMessage } from "./game-message.js";
import { isMessageGone, isNotModified } from "./telegram-errors.js";
import { viewKey } from "./ui/board-view.js";

export type RenderBoard = (view: BoardView) => Promise<Buffer>;

/** A message the bot posted in a chat, with the date Telegram gave it. */
export type SentMessage = Extract<DiceOrigin, { kind: "chat" }>;

/** Turns a picture into a `file_id` an inline message can show (see inline-photos.ts). */
export type PhotoUploader = (png: Buffer) => Promise<string>;

const SHOWN_LIMIT = 10_000;

/**
 * Shows a game as one photo message edited in place: one call per change, and the picture
 * drawn and sent again only when it differs from the one shown.
 */
export class GameMessenger {
  /** What picture each game message shows now, so an unchanged board edits only the caption. */
  private readonly shown = new Map<string, string>();

  constructor(
    private readonly api: Api,
    private readonly render: RenderBoard,
    private readonly logger: Logger,
    private readonly uploadForInline: PhotoUploader | null,
  ) {}

  /** Posts the game as a new photo message; returns where it is, and its date. */
  async send(chatId: number, msg: GameMessage, replyTo?: number | null): Promise<SentMessage> {
    const png = await this.render(msg.view);
    const sent = await this.api.sendPhoto(chatId, new InputFile(png, "board.png"), {
      caption: msg.caption,
      parse_mode: "HTML",
      reply_markup: msg.keyboard,
      ...(replyTo
        ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
        : {}),
    });
    const ref: SentMessage = { kind: "chat", chatId, messageId: sent.message_id, date: sent.date };
    this.remember(ref, viewKey(msg.view));
    return ref;
  }

  /**
   * Edits the game message. Returns a new ref when the old chat message was gone and the board
   * was posted again, else null.
   */
  async update(ref: MessageRef, msg: GameMessage): Promise<MessageRef | null> {
    const key = viewKey(msg.view);
    try {
      if (this.shown.get(refKey(ref)) === key) await this.editCaption(ref, msg);
      else await this.editPhoto(ref, msg);
      this.remember(ref, key);
      return null;
    } catch (e) {
      if (isNotModified(e)) {
        this.remember(ref, key);
        return null;
      }
      if (isMessageGone(e) && ref.kind === "chat") {
        this.logger.info({ ref }, "game message gone; posting it again");
        this.shown.delete(refKey(ref));
        return await this.send(ref.chatId, msg);
      }
      throw e;
    }
  }

  /** Replaces the board's caption (or an inline text game's text) and takes its buttons off. */
  async notice(ref: MessageRef, caption: string): Promise<void> {
    const other = { caption, parse_mode: "HTML" as const, reply_markup: { inline_keyboard: [] } };
    this.shown.delete(refKey(ref));
    try {
      if (ref.kind === "chat") await this.api.editMessageCaption(ref.chatId, ref.messageId, other);
      else if (this.uploadForInline)
        await this.api.editMessageCaptionInline(ref.inlineMessageId, other);
      else
        await this.api.editMessageTextInline(ref.inlineMessageId, caption, {
          parse_mode: "HTML",
          reply_markup: other.reply_markup,
        });
    } catch (e) {
      if (!isNotModified(e) && !isMessageGone(e)) throw e;
    }
  }

  /** Takes the buttons off a board that no longer shows its game (a second copy of it). */
  async retire(ref: MessageRef): Promise<void> {
    const none = { reply_markup: { inline_keyboard: [] } };
    try {
      if (ref.kind === "chat")
        await this.api.editMessageReplyMarkup(ref.chatId, ref.messageId, none);
      else await this.api.editMessageReplyMarkupInline(ref.inlineMessageId, none);
    } catch (e) {
      if (!isNotModified(e) && !isMessageGone(e)) throw e;
    }
  }

  private async editCaption(ref: MessageRef, msg: GameMessage): Promise<void> {
    const other = { caption: msg.caption, parse_mode: "HTML" as const, reply_markup: msg.keyboard };
    if (ref.kind === "chat") await this.api.editMessageCaption(ref.chatId, ref.messageId, other);
    else if (this.uploadForInline)
      await this.api.editMessageCaptionInline(ref.inlineMessageId, other);
    // Without pictures an inline game is a text message: the caption is its text.
    else
      await this.api.editMessageTextInline(ref.inlineMessageId, msg.caption, {
        parse_mode: "HTML",
        reply_markup: msg.keyboard,
      });
  }

  private async editPhoto(ref: MessageRef, msg: GameMessage): Promise<void> {
    if (ref.kind === "inline" && !this.uploadForInline) {
      await this.editCaption(ref, msg);
      return;
    }
    const png = await this.render(msg.view);
    const caption = { caption: msg.caption, parse_mode: "HTML" as const };
    if (ref.kind === "chat") {
      const media = { type: "photo" as const, media: new InputFile(png, "board.png"), ...caption };
      await this.api.editMessageMedia(ref.chatId, ref.messageId, media, {
        reply_markup: msg.keyboard,
      });
      return;
    }
    const fileId = await this.uploadForInline!(png);
    await this.api.editMessageMediaInline(
      ref.inlineMessageId,
      { type: "photo", media: fileId, ...caption },
      { reply_markup: msg.keyboard },
    );
  }

  private remember(ref: MessageRef, key: string): void {
    const k = refKey(ref);
    this.shown.delete(k);
    this.shown.set(k, key);
    if (this.shown.size > SHOWN_LIMIT) this.shown.delete(this.shown.keys().next().value!);
  }
}

const refKey = (ref: MessageRef): string =>
  ref.kind === "chat" ? `${ref.chatId}:${ref.messageId}` : `i:${ref.inlineMessageId}`;

export const sameRef = (a: MessageRef | null, b: MessageRef | null): boolean =>
  a !== null && b !== null && refKey(a) === refKey(b);
