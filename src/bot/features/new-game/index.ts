import { createConversation } from "@grammyjs/conversations";
import { type CommandContext, Composer, type Filter, type MiddlewareFn } from "grammy";
import type { DialogStore } from "../../../db/telegram/dialog-store.js";
import { onButton } from "../../buttons.js";
import type { Payload } from "../../callback-data.js";
import type { BotContext, InnerContext } from "../../context.js";
import { pressed } from "../../press.js";
import { withinLimit } from "../limited.js";
import type { NewGameDeps } from "./deps.js";
import { dialogKey, newGameDialog } from "./dialog.js";
import { NO_BUTTONS } from "./keyboard.js";

export { closeOvergrownDialogs, expireDialogs } from "./closing.js";
export { dialogKey, MAX_DIALOG_STEPS } from "./dialog.js";

/**
 * `/new`: variant → preset → (custom: every option) → match → opponent, on one message edited
 * at each step (new-game/steps.ts lists them). The dialog takes only its owner's presses on its
 * own message, and the one reply it asks for; every other update goes on to the rest of the
 * bot as if no dialog were open. A new /new replaces it; unanswered, it expires with the
 * challenge time. In a group the opponent may be named by replying to the bot's question (a
 * bot in privacy mode sees replies to its own messages); in a private chat the challenge is
 * sent to a friend as a card, or played against the bot.
 */
export function newGameFeature(
  deps: NewGameDeps,
  inside: MiddlewareFn<InnerContext>,
  dialogs: DialogStore,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(createConversation(newGameDialog(deps, dialogs), { id: "new", plugins: [inside] }));
  composer.command("new", (ctx) => openDialog(deps, dialogs, ctx));
  onButton(composer, "dialog", (ctx, p) => answerUnheldPress(deps, ctx, p));
  return composer;
}

/** /new: a new dialog, in place of the person's open one in this chat. */
async function openDialog(
  deps: NewGameDeps,
  dialogs: DialogStore,
  ctx: CommandContext<BotContext>,
): Promise<void> {
  if (!ctx.from) return;
  // A dialog ends in a challenge (or a game against the bot): it counts as one.
  if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
  const key = dialogKey(ctx.chat.id, ctx.from.id);
  const old = await dialogs.place(key);
  await ctx.conversation.exitAll();
  await dialogs.delete(key);
  if (old)
    await ctx.api
      .editMessageText(
        old.chatId,
        old.messageId,
        deps.textsFor(old.locale)("new-replaced"),
        NO_BUTTONS,
      )
      .catch(() => {});
  await ctx.conversation.enter("new");
}

/** A press on a dialog that no open dialog took: someone else's, or one that has ended. */
async function answerUnheldPress(
  deps: NewGameDeps,
  ctx: Filter<BotContext, "callback_query:data">,
  p: Extract<Payload, { type: "dialog" }>,
): Promise<void> {
  if (p.ownerId !== ctx.from.id) {
    await deps.answers.answer(ctx, ctx.t("new-not-yours"), true);
    return;
  }
  await deps.answers.answer(ctx, ctx.t("new-closed"), true);
  // Only a dialog's own message still showing its buttons loses them: the button may be
  // forged onto another message (a board), or the message may already be closed.
  if (pressed.shows(deps, ctx, (b) => b.type === "dialog" && b.ownerId === p.ownerId))
    await ctx.editMessageReplyMarkup(NO_BUTTONS).catch(() => {});
}
