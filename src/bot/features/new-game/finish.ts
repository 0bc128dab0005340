import type { Conversation } from "@grammyjs/conversations";
import type { Chat } from "grammy/types";
import type { TournamentFormat } from "../../../engine/index.js";
import type { Translate } from "../../../texts/translate.js";
import { encode } from "../../callback-data.js";
import type { BotContext, InnerContext } from "../../context.js";
import { actMark } from "../../press-origin.js";
import { errorText } from "../../ui/errors-text.js";
import { challengeKeyboard, challengeText } from "../challenge/text.js";
import { startVsComputer } from "../challenge/vs-computer.js";
import { playerRef } from "../player-ref.js";
import { challengeIn, tournamentIn } from "../written-in.js";
import type { NewGameDeps } from "./deps.js";
import { NO_BUTTONS } from "./keyboard.js";
import type { NamedOpponent, Setup } from "./steps.js";

/** What a dialog's ending works with: its conversation, its chat and its message. */
export interface OpenDialog {
  readonly deps: NewGameDeps;
  readonly conversation: Conversation<BotContext, InnerContext>;
  /** The update that opened the dialog (/new). */
  readonly ctx: InnerContext;
  readonly chat: Chat;
  readonly t: Translate;
  readonly locale: string;
  /** The dialog's message, which becomes the ending's message. */
  readonly messageId: number;
}

/**
 * Ends a dialog with what it set up. Database writes and API calls happen only inside
 * `external`, so a replay of the dialog does neither again.
 */
export async function finish(dialog: OpenDialog, setup: Setup): Promise<void> {
  const { against } = setup;
  if (against.kind === "tournament") return startTournament(dialog, setup, against.format);
  if (against.kind === "computer") return startAgainstComputer(dialog, setup);
  return postChallenge(dialog, setup, against.target);
}

const chatRef = (chat: Chat) => ({
  id: chat.id,
  type: chat.type,
  title: "title" in chat ? (chat.title ?? null) : null,
});

/** Opens a tournament's sign-up in the group; the dialog's message says whether it did. */
async function startTournament(
  { deps, conversation, ctx, chat, t, locale, messageId }: OpenDialog,
  { variant, rules, clock }: Setup,
  format: TournamentFormat,
): Promise<void> {
  const from = ctx.from!;
  const made = await conversation.external(() =>
    tournamentIn(
      deps,
      {
        organiser: playerRef(from),
        chat: chatRef(chat),
        variant,
        rules,
        format,
        signupMs: Math.min(deps.config.challengeTtlMs, 30 * 60_000),
        timeControl: clock,
        mark: actMark(ctx),
      },
      locale,
    ),
  );
  const done = made.ok ? t("new-done-tournament") : errorText(t, made.error);
  await edit(conversation, chat.id, messageId, done, NO_BUTTONS);
}

/** A game against the computer, whose card answers the dialog's message. */
async function startAgainstComputer(
  { deps, conversation, chat, t, messageId }: OpenDialog,
  { variant, rules, clock }: Setup,
): Promise<void> {
  await edit(conversation, chat.id, messageId, t("new-done-bot"), NO_BUTTONS);
  await conversation.external((outer) =>
    startVsComputer(deps, outer, variant, rules, clock, messageId),
  );
}

/** A challenge, open or to the named opponent: the dialog's message becomes its card. */
async function postChallenge(
  { deps, conversation, ctx, chat, t, locale, messageId }: OpenDialog,
  { variant, rules, clock }: Setup,
  target: NamedOpponent | null,
): Promise<void> {
  const from = ctx.from!;
  const result = await conversation.external(() =>
    challengeIn(
      deps,
      {
        challenger: playerRef(from),
        chat: chatRef(chat),
        target: target && "user" in target ? { user: playerRef(target.user) } : target,
        variant,
        rules,
        timeControl: clock,
      },
      locale,
    ),
  );
  if (!result.ok) {
    await edit(conversation, chat.id, messageId, errorText(t, result.error), NO_BUTTONS);
    return;
  }
  const c = result.value;
  const ct = deps.textsFor(locale);
  const cancel = encode({ type: "challenge", challengeId: c.id, command: "cancel" });
  // Nobody else is here: the card goes to a friend's chat through inline mode.
  const buttons =
    chat.type === "private"
      ? {
          inline_keyboard: [
            [{ text: ct("btn-send-challenge"), switch_inline_query: `c${c.id}` }],
            [{ text: ct("btn-cancel-challenge"), callback_data: cancel }],
          ],
        }
      : challengeKeyboard(ct, c);
  const ttlMinutes = Math.round(deps.config.challengeTtlMs / 60_000);
  await edit(conversation, chat.id, messageId, challengeText(ct, c, ttlMinutes), {
    parse_mode: "HTML",
    reply_markup: buttons,
  });
  await conversation.external(() =>
    deps.messages.setChallengeMessage(c.id, { kind: "chat", chatId: chat.id, messageId }),
  );
}

/** Edits the dialog's message once, on the API of the update it belongs to (see `finish`). */
function edit(
  conversation: Conversation<BotContext, InnerContext>,
  ...[chatId, messageId, text, other]: Parameters<BotContext["api"]["editMessageText"]>
): Promise<unknown> {
  return conversation.external((outer) =>
    outer.api.editMessageText(chatId, messageId, text, other),
  );
}
