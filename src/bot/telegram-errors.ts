import { GrammyError } from "grammy";

const described = (e: unknown, ...parts: string[]): boolean =>
  e instanceof GrammyError && parts.some((p) => e.description.toLowerCase().includes(p));

/** Editing with the same content: the message already shows what we wanted. */
export const isNotModified = (e: unknown): boolean => described(e, "message is not modified");

/** The message is gone (deleted, or too old to edit): post a new one. */
export const isMessageGone = (e: unknown): boolean =>
  described(
    e,
    "message to edit not found",
    "message_id_invalid",
    "message can't be edited",
    "message to be replied not found",
  );

/** The bot cannot write to the chat any more (removed, blocked, chat deleted). */
export const isChatGone = (e: unknown): boolean =>
  (e instanceof GrammyError && e.error_code === 403) ||
  described(e, "chat not found", "have no rights to send", "group chat was upgraded");

/** A refusal that trying again will not change (as opposed to a network or server hiccup). */
export const isPermanent = (e: unknown): boolean =>
  e instanceof GrammyError && e.error_code >= 400 && e.error_code < 500 && e.error_code !== 429;

/** The wait a 429 asks for, in ms; null for any other outcome. */
export const retryAfterMs = (e: unknown): number | null => {
  const after = e instanceof GrammyError ? e.parameters.retry_after : undefined;
  return e instanceof GrammyError && e.error_code === 429 ? 1000 * (after ?? 1) : null;
};
