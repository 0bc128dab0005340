import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "./deps.js";

const GONE = new Set(["left", "kicked"]);

/**
 * The bot removed from a chat (or blocked in a private one) stops everything it would send
 * there: reminders, claim offers, board retries, the computer's turns. Added back, its boards
 * catch up at once, and the rest at the next maintenance tick. Telegram delivering a message
 * from a chat, or a press on one there, shows the bot is in it, even if the news of its
 * return was missed.
 */
export function membershipFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service, boards, logger } = deps;
  const composer = new Composer<BotContext>();

  const back = (chatId: number) => {
    service.setChatLost(chatId, false);
    logger.info({ chatId, lost: false }, "bot is in a chat");
    boards.catchUp();
  };

  composer.on("my_chat_member", (ctx) => {
    const lost = GONE.has(ctx.myChatMember.new_chat_member.status);
    if (!lost) {
      back(ctx.chat.id);
      return;
    }
    service.setChatLost(ctx.chat.id, true);
    logger.info({ chatId: ctx.chat.id, lost }, "bot left a chat");
  });

  composer.use((ctx, next) => {
    const chatId = ctx.message?.chat.id ?? ctx.callbackQuery?.message?.chat.id;
    if (chatId !== undefined && service.chatLost(chatId)) back(chatId);
    return next();
  });
  return composer;
}
