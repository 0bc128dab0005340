import { autoRetry } from "@grammyjs/auto-retry";
import type { Transformer } from "grammy";
import type { MessageStore } from "../db/telegram/message-store.js";
import type { PressAnswers } from "./answers.js";
import { exceptAnswers } from "./answers.js";
import { callDeadline } from "./call-deadline.js";
import type { MessageMemo } from "./message-memo.js";
import { costOf } from "./outbox/methods.js";
import type { Outbox } from "./outbox/outbox.js";

/** An API's config, as grammY's `Api` and a context's `api` both have it. */
interface ApiConfig {
  readonly config: { use(...transformers: Transformer[]): void };
}

/**
 * The way every API call goes out, innermost (nearest Telegram) first as grammY installs
 * them, so the call meets them in reverse: the lost chat's guard, then the memo (an edit that
 * changes nothing is not sent, so it spends nothing), then the chats' budgets, the memo again
 * (an update let go while its edit waited may be followed by one making the same edit), then
 * each attempt's deadline and auto-retry.
 */
export interface CallChain {
  /** For replies to updates, in and out of dialogs: 429s wait in the outbox and retry. */
  readonly calls: readonly Transformer[];
  /**
   * For boards: they retry in BoardSync, each time with the newest state, so a failed edit is
   * not sent again as it was: no auto-retry, no 429 retry.
   */
  readonly boards: readonly Transformer[];
}

export function callChain(parts: {
  readonly outbox: Outbox;
  readonly memo: MessageMemo;
  readonly answers: PressAnswers;
  readonly messages: MessageStore;
  /** Tells a press's answer that its update was let go while a reply waits. */
  readonly whenWaiting: () => void;
  /** Whether a waiting reply is lost if the process stops (see Handoffs). */
  readonly keepWaiting: () => boolean;
}): CallChain {
  const { outbox, memo, answers } = parts;
  // A press's answer has its own quicker retries, inside the press's time (PressAnswers).
  const retry = exceptAnswers(retrying());
  const deadline = callDeadline();
  const guard = lostChatGuard(parts.messages);
  const gated = outbox.gate({
    retryAfter429: true,
    whenWaiting: parts.whenWaiting,
    keepWaiting: parts.keepWaiting,
  });
  return {
    calls: [retry, deadline, memo.transformer, gated, answers.transformer, memo.transformer, guard],
    boards: [
      deadline,
      memo.transformer,
      outbox.gate({ retryAfter429: false }),
      memo.transformer,
      guard,
    ],
  };
}

export function useChain(api: ApiConfig, chain: readonly Transformer[]): void {
  for (const t of chain) api.config.use(t);
}

/**
 * auto-retry for every call, but a send or edit that draws a 429 returns it at once: the
 * outbox then holds that chat (and only that chat) for the wait and sends it again.
 */
function retrying(): Transformer {
  const calls = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 });
  const budgeted = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: -1 });
  return (prev, method, payload, signal) =>
    (costOf(method, payload) > 0 ? budgeted : calls)(prev, method, payload, signal);
}

/**
 * Nothing goes into a chat the bot has lost (removed from a group, blocked in a private
 * chat): whatever would be sent there (a board, a reminder, a closed challenge or dialog)
 * fails at once as Telegram would fail it, with a 403, and is handled as such. The chat is
 * back when Telegram says so (my_chat_member) or delivers anything from it.
 */
export function lostChatGuard(messages: MessageStore): Transformer {
  return (prev, method, payload, signal) => {
    const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
    if (typeof chatId === "number" && messages.isChatLost(chatId))
      return Promise.resolve({
        ok: false as const,
        error_code: 403,
        description: "Forbidden: the bot has lost this chat (not sent)",
      });
    return prev(method, payload, signal);
  };
}
