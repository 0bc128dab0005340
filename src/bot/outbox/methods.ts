/**
 * Which Bot API calls spend a chat's budget, and which chat. Sends and edits do; answers to
 * presses, inline answers, deletions and reads do not.
 */
const SENDS = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendAnimation",
  "sendVideo",
  "sendAudio",
  "sendVoice",
  "sendSticker",
  "sendDice",
  "sendPoll",
  "sendLocation",
  "sendContact",
  "copyMessage",
  "forwardMessage",
]);
const EDITS = new Set([
  "editMessageText",
  "editMessageCaption",
  "editMessageMedia",
  "editMessageReplyMarkup",
]);

/** How many calls of the budget this one spends (a media group: one per item); 0: none. */
export function costOf(method: string, payload: unknown): number {
  if (SENDS.has(method) || EDITS.has(method)) return 1;
  if (method === "sendMediaGroup") {
    const media = (payload as { media?: unknown } | undefined)?.media;
    return Array.isArray(media) ? Math.max(1, media.length) : 1;
  }
  return 0;
}

/**
 * The budget a call spends: its chat's, or for an inline message (Telegram does not say which
 * chat it is in) the message's own, at a group's rate.
 */
export function laneOf(payload: unknown): string | null {
  const p = (payload ?? {}) as { chat_id?: unknown; inline_message_id?: unknown };
  if (typeof p.inline_message_id === "string") return `i:${p.inline_message_id}`;
  if (typeof p.chat_id === "number" || typeof p.chat_id === "string") return `c:${p.chat_id}`;
  return null;
}

/** Private chats (a user's id) are positive; groups, channels and inline messages are not. */
export const isPrivateLane = (lane: string): boolean =>
  lane.startsWith("c:") && !lane.startsWith("c:-") && !lane.startsWith("c:@");

export const chatLane = (chatId: number): string => `c:${chatId}`;
export const inlineLane = (inlineMessageId: string): string => `i:${inlineMessageId}`;
