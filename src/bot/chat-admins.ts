import type { Api } from "grammy";

const ADMINS = new Set(["creator", "administrator"]);
const GONE = new Set(["left", "kicked"]);

/**
 * Whether the user runs `chatId` (one getChatMember call). Always the chat the thing acted on
 * belongs to, never simply the chat a press came from: a press can be forged in any chat.
 */
export async function isChatAdmin(api: Api, chatId: number, userId: number): Promise<boolean> {
  const member = await api.getChatMember(chatId, userId);
  return ADMINS.has(member.status);
}

/**
 * Whether the user is in group `chatId` now (one getChatMember call); a failed question is a
 * no. A private chat has no members to ask about.
 */
export async function isChatMember(api: Api, chatId: number, userId: number): Promise<boolean> {
  if (chatId > 0) return false;
  const member = await api.getChatMember(chatId, userId).catch(() => null);
  if (!member) return false;
  return member.status === "restricted" ? member.is_member : !GONE.has(member.status);
}
