import { Composer, type Filter, type MiddlewareFn } from "grammy";
import { setChatReach } from "../../chat-reach.js";
import type { BotContext } from "../../context.js";
import type { MembershipDeps } from "./deps.js";

const GONE = new Set(["left", "kicked"]);

/** The chat is reachable again: its boards catch up at once, the rest at the next tick. */
async function back(deps: MembershipDeps, chatId: number): Promise<void> {
  const { boards, logger } = deps;
  await setChatReach(deps, chatId, true);
  logger.info({ chatId, lost: false }, "bot is in a chat");
  await boards.catchUp();
}

/**
 * The bot removed from a chat (or blocked in a private one) stops everything it would send
 * there: reminders, claim offers, board retries, the computer's turns, and holds its games'
 * clocks. Added back, its clocks run again and its boards catch up at once, and the rest at
 * the next maintenance tick.
 */
export function membershipFeature(deps: MembershipDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("my_chat_member", (ctx) => memberStatus(deps, ctx));
  return composer;
}

/** The bot's own membership changed: the chat is lost, or back. */
async function memberStatus(
  deps: MembershipDeps,
  ctx: Filter<BotContext, "my_chat_member">,
): Promise<void> {
  if (!GONE.has(ctx.myChatMember.new_chat_member.status)) {
    await back(deps, ctx.chat.id);
    return;
  }
  await setChatReach(deps, ctx.chat.id, false);
  deps.logger.info({ chatId: ctx.chat.id, lost: true }, "bot left a chat");
}

/**
 * Telegram delivering a message from a chat, or a press on one there, shows the bot is in it,
 * even when the news of its return was missed: the chat is back before anything (a set-up
 * dialog too) answers there.
 */
export function chatsBack(deps: MembershipDeps): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const chatId = ctx.message?.chat.id ?? ctx.callbackQuery?.message?.chat.id;
    if (chatId !== undefined && deps.messages.isChatLost(chatId)) await back(deps, chatId);
    return next();
  };
}
