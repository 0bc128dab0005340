import type { Rules, TimeControlName, Variant } from "../../../engine/index.js";
import type { ChallengeView } from "../../../services/index.js";
import type { BotContext } from "../../context.js";
import { withFollowUp } from "../../outbox/kept.js";
import { MAX_COMPUTER_GAMES } from "../../person-limits.js";
import { errorText } from "../../ui/errors-text.js";
import { playerRef } from "../player-ref.js";
import { challengeIn } from "../written-in.js";
import type { ChallengeDeps } from "./deps.js";
import { challengeText, computerChallengeKeyboard } from "./text.js";

/**
 * `/play bot` and the set-up dialog's "the bot": a challenge to the computer player in this
 * chat (unless the person has MAX_COMPUTER_GAMES going already), shown with its dice
 * commitment; the challenger's 🎲 press starts the game (see `isVsComputer`), so the game's
 * first message, whose place and date join the seed for the dice, comes after a moment the
 * bot could not know. `replyTo`: the message the card answers.
 */
export async function startVsComputer(
  deps: ChallengeDeps,
  ctx: BotContext,
  variant: Variant,
  rules: Rules,
  clock: TimeControlName = "none",
  replyTo: number | null = ctx.message?.message_id ?? null,
): Promise<void> {
  if (!ctx.from || !ctx.chat) return;
  if (!deps.computer) {
    await ctx.reply(ctx.t("err-no-computer"));
    return;
  }
  const full = await computerGamesFull(deps, ctx.from.id, ctx.chat.id);
  if (full !== null) {
    await ctx.reply(ctx.t("limit-computer-games", { count: full }));
    return;
  }
  const chat = ctx.chat;
  const locale = await ctx.i18n.getLocale();
  const r = await challengeIn(
    deps,
    {
      challenger: playerRef(ctx.from),
      chat: { id: chat.id, type: chat.type, title: "title" in chat ? (chat.title ?? null) : null },
      target: { user: deps.computer },
      variant,
      rules,
      timeControl: clock,
    },
    locale,
  );
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  const t = deps.textsFor(locale);
  const ttlMinutes = Math.round(deps.config.challengeTtlMs / 60_000);
  const card = { kind: "challenge-card", challengeId: r.value.id } as const;
  const sent = await withFollowUp(card, () =>
    ctx.reply(challengeText(t, r.value, ttlMinutes, true), {
      parse_mode: "HTML",
      reply_markup: computerChallengeKeyboard(t, r.value),
      ...(replyTo === null
        ? {}
        : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
    }),
  );
  await deps.messages.setChallengeMessage(r.value.id, {
    kind: "chat",
    chatId: chat.id,
    messageId: sent.message_id,
  });
}

/** Whether the challenge is to the computer player (its challenger starts it). */
export const isVsComputer = (deps: ChallengeDeps, c: ChallengeView): boolean =>
  deps.computer !== null && c.targetPlayer?.id === deps.computer.id;

/**
 * How many games against the computer the person has going, when that many stops another
 * here (its card, or its 🎲 press); null when one more may start. One going in this chat
 * already is no new game: the service answers with it.
 */
export async function computerGamesFull(
  deps: ChallengeDeps,
  userId: number,
  chatId: number,
): Promise<number | null> {
  const computer = deps.computer;
  if (!computer) return null;
  const playing = (await deps.service.activeGamesAnywhere(userId)).filter(
    (g) => g.white.id === computer.id || g.black.id === computer.id,
  );
  const here = playing.some((g) => g.chatId === chatId);
  return playing.length >= MAX_COMPUTER_GAMES && !here ? playing.length : null;
}
