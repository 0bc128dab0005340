import type { Api } from "grammy";

const ADMINS = new Set(["creator", "administrator"]);

/**
 * Whether the user runs `chatId` (one getChatMember call). Always the chat the thing acted on
 * belongs to, never simply the chat a press came from: a press can be forged in any chat.
 */
export async function isChatAdmin(api: Api, chatId: number, userId: number): Promise<boolean> {
  const member = await api.getChatMember(chatId, userId);
  return ADMINS.has(member.status);
}
