import type { Rules, Variant } from "../../engine/index.js";
import type { ChallengeView } from "../../services/index.js";
import type { BotContext } from "../context.js";
import { challengeText, computerChallengeKeyboard } from "../ui/challenge-text.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { playerRef } from "./player-ref.js";

/**
 * `/play bot` and the set-up dialog's "the bot": a challenge to the computer player in this
 * chat, shown with its dice commitment; the challenger's 🎲 press starts the game (see
 * `isVsComputer`), so the game's first message, whose place and date join the seed for the
 * dice, comes after a moment the bot could not know. `replyTo`: the message the card answers.
 */
export async function startVsComputer(
  deps: FeatureDeps,
  ctx: BotContext,
  variant: Variant,
  rules: Rules,
  replyTo: number | null = ctx.message?.message_id ?? null,
): Promise<void> {
  if (!ctx.from || !ctx.chat) return;
  if (!deps.computer) {
    await ctx.reply(ctx.t("err-no-computer"));
    return;
  }
  const chat = ctx.chat;
  const r = deps.service.createChallenge({
    challenger: playerRef(ctx.from),
    chat: { id: chat.id, type: chat.type, title: "title" in chat ? (chat.title ?? null) : null },
    target: { user: deps.computer },
    variant,
    rules,
    locale: await ctx.i18n.getLocale(),
  });
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  const t = deps.textsFor(r.value.locale);
  const ttlMinutes = Math.round(deps.config.challengeTtlMs / 60_000);
  const sent = await ctx.reply(challengeText(t, r.value, ttlMinutes, true), {
    parse_mode: "HTML",
    reply_markup: computerChallengeKeyboard(t, r.value),
    ...(replyTo === null
      ? {}
      : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
  });
  deps.service.setChallengeMessage(r.value.id, {
    kind: "chat",
    chatId: chat.id,
    messageId: sent.message_id,
  });
}

/** Whether the challenge is to the computer player (its challenger starts it). */
export const isVsComputer = (deps: FeatureDeps, c: ChallengeView): boolean =>
  deps.computer !== null && c.targetPlayer?.id === deps.computer.id;
