import { type Api, InputFile } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Logger } from "../log.js";
import type { BoardView } from "../render/view.js";
import type { MessageRef } from "../services/index.js";
import { isMessageGone, isNotModified } from "./telegram-errors.js";
import { viewKey } from "./ui/board-view.js";

export type RenderBoard = (view: BoardView) => Promise<Buffer>;

/** Turns a picture into a `file_id` an inline message can show (see inline-photos.ts). */
export type PhotoUploader = (png: Buffer) => Promise<string>;

export interface GameMessage {
  readonly view: BoardView;
  readonly caption: string;
  readonly keyboard: InlineKeyboardMarkup;
}

const SHOWN_LIMIT = 10_000;

/**
 * Shows a game as one photo message that is edited in place: one edit call per update, and
 * the picture re-rendered only when it would change.
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

  /** Posts the game as a new photo message; returns where it is. */
  async send(chatId: number, msg: GameMessage, replyTo?: number): Promise<MessageRef> {
    const png = await this.render(msg.view);
    const sent = await this.api.sendPhoto(chatId, new InputFile(png, "board.png"), {
      caption: msg.caption,
      parse_mode: "HTML",
      reply_markup: msg.keyboard,
      ...(replyTo
        ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
        : {}),
    });
    const ref: MessageRef = { kind: "chat", chatId, messageId: sent.message_id };
    this.remember(ref, viewKey(msg.view));
    return ref;
  }

  /**
   * Edits the game message. Returns a new ref when the old message was gone and the board
   * was posted again (chat messages only), else null.
   */
  async update(ref: MessageRef, msg: GameMessage): Promise<MessageRef | null> {
    const key = viewKey(msg.view);
    const same = this.shown.get(refKey(ref)) === key;
    try {
      if (same) await this.editCaption(ref, msg);
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

  /** Forget what a message shows (after a restart nothing is known, which is fine). */
  forget(ref: MessageRef): void {
    this.shown.delete(refKey(ref));
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
    const png = await this.render(msg.view);
    const caption = { caption: msg.caption, parse_mode: "HTML" as const };
    if (ref.kind === "chat") {
      const media = { type: "photo" as const, media: new InputFile(png, "board.png"), ...caption };
      await this.api.editMessageMedia(ref.chatId, ref.messageId, media, {
        reply_markup: msg.keyboard,
      });
      return;
    }
    if (!this.uploadForInline) {
      await this.editCaption(ref, msg);
      return;
    }
    const fileId = await this.uploadForInline(png);
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
