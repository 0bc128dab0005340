import type { BotContext } from "./context.js";

const ADMINS = new Set(["creator", "administrator"]);

/** Whether the user runs the chat the update came from (one getChatMember call). */
export async function isChatAdmin(ctx: BotContext, userId: number): Promise<boolean> {
  const member = await ctx.getChatMember(userId);
  return ADMINS.has(member.status);
}
