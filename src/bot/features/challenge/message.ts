import type { Api } from "grammy";
import type { MessageStore } from "../../../db/telegram/message-store.js";
import type { ChallengeView } from "../../../services/index.js";
import { isMessageGone, isNotModified } from "../../telegram-errors.js";

/**
 * Replaces a challenge's message with `html` and takes its buttons off: its text, or the
 * caption of an inline card sent as a picture. A message that is gone, or already shows it,
 * is fine; anything else is the caller's to handle.
 */
export async function closeChallengeMessage(
  api: Api,
  c: ChallengeView,
  html: string,
): Promise<void> {
  const other = { parse_mode: "HTML" as const, reply_markup: { inline_keyboard: [] } };
  const m = c.message;
  try {
    if (m?.kind === "chat") await api.editMessageText(m.chatId, m.messageId, html, other);
    else if (m?.kind === "inline" && c.cardPhoto)
      await api.editMessageCaptionInline(m.inlineMessageId, { caption: html, ...other });
    else if (m?.kind === "inline") await api.editMessageTextInline(m.inlineMessageId, html, other);
  } catch (e) {
    if (!isNotModified(e) && !isMessageGone(e)) throw e;
  }
}

/**
 * Closes the challenge's own message (as closeChallengeMessage) and records it closed, so
 * the start-up sweep leaves it alone.
 */
export async function closeChallengeCard(
  api: Api,
  messages: MessageStore,
  c: ChallengeView,
  html: string,
): Promise<void> {
  await closeChallengeMessage(api, c, html);
  if (c.message) await messages.markCardClosed(c.id);
}
