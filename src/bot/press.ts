import type { Context } from "grammy";
import type { MessageStore } from "../db/telegram/message-store.js";
import {
  type ActOutcome,
  type GameAction,
  type GameService,
  isAtHome,
  type MessageRef,
  type ServiceResult,
} from "../services/index.js";
import type { PressAnswers } from "./answers.js";
import type { BoardSync } from "./boards.js";
import { decode, type Payload } from "./callback-data.js";
import type { BotContext } from "./context.js";
import type { MessageMemo } from "./message-memo.js";
import type { PrivateBoards } from "./private-boards.js";
import { errorText } from "./ui/errors-text.js";

/** What a press needs of the bot (the features' deps hold it all). */
export interface PressDeps {
  readonly service: GameService;
  readonly messages: MessageStore;
  readonly boards: BoardSync;
  readonly privateBoards: PrivateBoards;
  readonly answers: PressAnswers;
  /** Whether an update is one a previous process took and did not finish. */
  readonly isReplay: (updateId: number) => boolean;
  readonly memo: MessageMemo;
}

/** The message a press came from. */
function message(ctx: Context): MessageRef | null {
  const q = ctx.callbackQuery;
  if (!q) return null;
  if (q.inline_message_id) return { kind: "inline", inlineMessageId: q.inline_message_id };
  return q.message
    ? { kind: "chat", chatId: q.message.chat.id, messageId: q.message.message_id }
    : null;
}

/** Whether a press came from where a game lives: a message in `chatId`, or `home` (inline). */
const atGameHome = (ctx: Context, chatId: number | null, home: MessageRef | null) =>
  isAtHome(message(ctx), chatId, home);

/**
 * Whether the pressed message shows a button whose payload passes `test`. A press may carry
 * any data from any message of the bot's (a client can forge it), and a double tap brings a
 * copy of the message as it was before the first tap's edit; so a message is edited only
 * when it shows the buttons the press is about: as the bot last wrote it, or else as
 * Telegram sent it with the press (an inline message comes without its buttons).
 */
function shows(
  deps: Pick<PressDeps, "memo">,
  ctx: Context,
  test: (p: Payload) => boolean,
): boolean {
  const ref = message(ctx);
  const sent = ctx.callbackQuery?.message;
  const brought = sent && "reply_markup" in sent ? sent.reply_markup?.inline_keyboard : [];
  const rows = (ref && deps.memo.keyboardOf(ref)) ?? brought ?? [];
  return rows.some((row) =>
    row.some((b) => {
      const p = "callback_data" in b ? decode(b.callback_data) : null;
      return p !== null && test(p);
    }),
  );
}

/**
 * The board a press on game `gameId` came from, for the board update to adopt or retire: a
 * chat message showing that game's buttons, or the inline message the game lives in. Null
 * when the press was made (or forged) on any other message, which is then left alone.
 */
async function gameBoard(
  deps: Pick<PressDeps, "memo" | "service" | "messages">,
  ctx: Context,
  gameId: number,
): Promise<MessageRef | null> {
  const ref = message(ctx);
  if (ref?.kind === "inline")
    return (await deps.messages.gameInInlineMessage(ref.inlineMessageId)) === gameId ? ref : null;
  return ref && shows(deps, ctx, (p) => p.type === "game" && p.gameId === gameId) ? ref : null;
}

/**
 * Whether the press came from the presser's own board of the game, in their private chat: the
 * one stored, or a message there that shows the game's buttons (a board just posted, pressed
 * before the post's answer came back and was stored).
 */
async function ownBoard(
  deps: Pick<PressDeps, "memo" | "privateBoards">,
  ctx: Context,
  gameId: number,
): Promise<boolean> {
  const ref = message(ctx);
  if (ref?.kind !== "chat") return false;
  if (await deps.privateBoards.isBoard(gameId, ref)) return true;
  return (
    ref.chatId === ctx.from?.id && shows(deps, ctx, (p) => p.type === "game" && p.gameId === gameId)
  );
}

/** Where a press was made: every question a handler asks about the pressed message. */
export const pressed = { message, atGameHome, shows, gameBoard, ownBoard } as const;

/**
 * One game action from a press: act once (the service reads the game once), answer (a refusal
 * as an alert in the presser's language, an out-of-date board as a note) and ask for the
 * board. The board follows whether or not the answer got through. `onBoard`: the press is a
 * board button's, so the service refuses it from any other chat than the game's, and the
 * board update may adopt or retire the message it came from. A press replayed after a restart
 * that finds its own action applied (the process died before answering) is answered as done.
 */
export async function playPress(
  deps: PressDeps,
  ctx: BotContext,
  gameId: number,
  version: number,
  action: GameAction,
  onBoard: boolean,
): Promise<ServiceResult<ActOutcome>> {
  // A player's own board in private is the game's too; anything else must be in its chat.
  const at = message(ctx);
  const own = await ownBoard(deps, ctx, gameId);
  const from = onBoard && !own ? { from: at } : {};
  const r = await deps.service.act(gameId, ctx.from!.id, action, version, from);
  const pressedOn = onBoard ? await gameBoard(deps, ctx, gameId) : null;
  const hint = pressedOn ? { pressedOn, pressedBy: ctx.from!.id } : {};
  if (r.ok) {
    await deps.boards.show(r.value.game, hint);
    await deps.answers.answer(ctx);
    return r;
  }
  await deps.boards.request(gameId, hint);
  if (r.error.code === "stale" && (await doneBefore(deps, ctx, gameId, version, action)))
    await deps.answers.answer(ctx);
  else if (r.error.code === "stale") await deps.answers.answer(ctx, ctx.t("err-stale"));
  else await deps.answers.answer(ctx, errorText(ctx.t, r.error), true);
  return r;
}

const doneBefore = async (
  deps: PressDeps,
  ctx: BotContext,
  gameId: number,
  version: number,
  action: GameAction,
): Promise<boolean> =>
  deps.isReplay(ctx.update.update_id) &&
  (await deps.service.appliedAlready(gameId, ctx.from!.id, action, version));
