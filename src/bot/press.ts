import type { Action } from "../engine/index.js";
import type { ActOutcome, MessageRef, ServiceResult } from "../services/index.js";
import type { BotContext } from "./context.js";
import type { FeatureDeps } from "./features/deps.js";
import { errorText } from "./features/errors-text.js";

/** The message a press came from. */
export function pressedMessage(ctx: BotContext): MessageRef | null {
  const q = ctx.callbackQuery;
  if (!q) return null;
  if (q.inline_message_id) return { kind: "inline", inlineMessageId: q.inline_message_id };
  return q.message
    ? { kind: "chat", chatId: q.message.chat.id, messageId: q.message.message_id }
    : null;
}

/**
 * One game action from a press: act once (the service reads the game once), answer (a refusal
 * as an alert in the presser's language, an out-of-date board as a note) and ask for the
 * board. The board follows whether or not the answer got through. `onBoard`: the press came
 * from the game's own board, which the board update may adopt or retire.
 */
export async function playPress(
  deps: FeatureDeps,
  ctx: BotContext,
  gameId: number,
  version: number,
  action: Action,
  onBoard: boolean,
): Promise<ServiceResult<ActOutcome>> {
  const r = deps.service.act(gameId, ctx.from!.id, action, version);
  const pressed = onBoard ? pressedMessage(ctx) : null;
  const hint = pressed ? { pressedOn: pressed } : {};
  if (r.ok) {
    deps.boards.request(gameId, { ...hint, game: r.value.game });
    await deps.answers.answer(ctx);
    return r;
  }
  const game = r.error.game;
  deps.boards.request(gameId, game ? { ...hint, game } : hint);
  if (r.error.code === "stale") await deps.answers.answer(ctx, ctx.t("err-stale"));
  else await deps.answers.answer(ctx, errorText(ctx.t, r.error), true);
  return r;
}
