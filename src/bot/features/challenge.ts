import { Composer } from "grammy";
import { presetRules } from "../../engine/index.js";
import type { ChallengeView } from "../../services/index.js";
import type { BotContext } from "../context.js";
import { translator } from "../i18n.js";
import { isNotModified } from "../telegram-errors.js";
import { decodePayload } from "../ui/callback-data.js";
import { challengeClosedText, challengeKeyboard, challengeText } from "../ui/challenge-text.js";
import { htmlName } from "../ui/names.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { parsePlayArgs } from "./play-args.js";
import { playerRef } from "./player-ref.js";
import type { PlayVsBot } from "./vs-bot.js";

const CLOSED_KEY = {
  declined: "challenge-declined",
  cancelled: "challenge-cancelled",
  expired: "challenge-expired",
} as const;

/** `/play` and the Accept / Decline / Cancel buttons of a challenge. */
export function challengeFeature(deps: FeatureDeps, vsBot: PlayVsBot | null): Composer<BotContext> {
  const { service, presenter, config } = deps;
  const composer = new Composer<BotContext>();
  const ttlMinutes = Math.round(config.challengeTtlMs / 60_000);

  composer.command("play", async (ctx) => {
    if (!ctx.from || !ctx.message) return;
    const args = parsePlayArgs(ctx.match, ctx.me.username);
    if ("error" in args) {
      await ctx.reply(ctx.t("play-usage", { word: args.error }), { parse_mode: "HTML" });
      return;
    }
    const rules = presetRules(args.variant, args.preset)!;
    if (args.vsBot) {
      if (vsBot) await vsBot(ctx, args.variant, rules);
      else await ctx.reply(ctx.t("err-generic"));
      return;
    }
    if (ctx.chat.type === "private") {
      // Nobody else is here to accept: send a card to a friend's chat instead, or play the bot.
      await ctx.reply(ctx.t("play-private", { bot: ctx.me.username }), {
        parse_mode: "HTML",
        reply_markup: {
          inline_keyboard: [[{ text: ctx.t("btn-send-challenge"), switch_inline_query: "" }]],
        },
      });
      return;
    }
    const reply = ctx.message.reply_to_message;
    const replied = reply && !reply.forum_topic_created ? reply.from : undefined;
    if (replied?.is_bot || (args.username?.endsWith("bot") ?? false)) {
      await ctx.reply(ctx.t("err-challenge-bot"));
      return;
    }
    const locale = await ctx.i18n.getLocale();
    const r = service.createChallenge({
      challenger: playerRef(ctx.from),
      chat: {
        id: ctx.chat.id,
        type: ctx.chat.type,
        title: "title" in ctx.chat ? ctx.chat.title : null,
      },
      target: replied
        ? { user: playerRef(replied) }
        : args.username
          ? { username: args.username }
          : null,
      variant: args.variant,
      rules,
      locale,
    });
    if (!r.ok) {
      await ctx.reply(errorText(ctx.t, r.error));
      return;
    }
    const t = translator(deps.i18n, r.value.locale);
    const sent = await ctx.reply(challengeText(t, r.value, ttlMinutes), {
      parse_mode: "HTML",
      reply_markup: challengeKeyboard(t, r.value),
    });
    service.setChallengeMessage(r.value.id, {
      kind: "chat",
      chatId: ctx.chat.id,
      messageId: sent.message_id,
    });
  });

  composer.callbackQuery(/^c:/, async (ctx) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload?.type !== "challenge") {
      await ctx.answerCallbackQuery({ text: ctx.t("err-bad-button"), show_alert: true });
      return;
    }
    const challenge = service.getChallenge(payload.challengeId);
    if (!challenge) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-not-found"), show_alert: true });
      return;
    }
    const t = translator(deps.i18n, challenge.locale);
    const by = playerRef(ctx.from);
    if (payload.command === "accept") {
      const inline = challenge.message?.kind === "inline" ? challenge.message : null;
      const r = service.acceptChallenge(challenge.id, by, inline);
      if (!r.ok) {
        await ctx.answerCallbackQuery({ text: errorText(t, r.error), show_alert: true });
        if (r.error.code === "expired") await closeMessage(ctx, challenge, "challenge-expired");
        return;
      }
      await ctx.answerCallbackQuery();
      const game = r.value.game;
      if (inline) {
        await presenter.show(game);
        return;
      }
      await editChallenge(
        ctx,
        t("challenge-accepted", { from: htmlName(game.white), name: htmlName(game.black) }),
      );
      if (game.chatId !== null)
        await presenter.post(game, game.chatId, ctx.callbackQuery.message?.message_id);
      return;
    }
    const r =
      payload.command === "decline"
        ? service.declineChallenge(challenge.id, by)
        : service.cancelChallenge(challenge.id, by);
    if (!r.ok) {
      await ctx.answerCallbackQuery({ text: errorText(t, r.error), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const key = payload.command === "decline" ? CLOSED_KEY.declined : CLOSED_KEY.cancelled;
    await editChallenge(ctx, challengeClosedText(t, r.value, key, htmlName(by)));
  });

  async function closeMessage(ctx: BotContext, c: ChallengeView, key: string): Promise<void> {
    await editChallenge(ctx, challengeClosedText(translator(deps.i18n, c.locale), c, key));
  }

  return composer;
}

/** Replaces the challenge's text (or, on an inline picture card, its caption) and buttons. */
async function editChallenge(ctx: BotContext, html: string): Promise<void> {
  const other = { parse_mode: "HTML" as const, reply_markup: { inline_keyboard: [] } };
  try {
    await ctx.editMessageText(html, other);
  } catch (e) {
    if (isNotModified(e)) return;
    await ctx.editMessageCaption({ caption: html, ...other }).catch(() => {});
  }
}
