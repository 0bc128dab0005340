import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "./deps.js";

const GONE = new Set(["left", "kicked"]);

/**
 * The bot removed from a chat (or blocked in a private one) stops everything it would send
 * there: reminders, claim offers, board retries, the computer's turns. Added back, it catches
 * up at the next maintenance tick.
 */
export function membershipFeature(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("my_chat_member", (ctx) => {
    const lost = GONE.has(ctx.myChatMember.new_chat_member.status);
    deps.service.setChatLost(ctx.chat.id, lost);
    deps.logger.info({ chatId: ctx.chat.id, lost }, lost ? "bot left a chat" : "bot is in a chat");
    if (!lost) deps.boards.catchUp();
  });
  return composer;
}
