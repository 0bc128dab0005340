import type { CommandContext } from "grammy";
import { presetRules } from "../../../engine/index.js";
import type { BotContext } from "../../context.js";
import { withFollowUp } from "../../outbox/kept.js";
import { errorText } from "../../ui/errors-text.js";
import { quotedWord } from "../../ui/fit.js";
import { escapeHtml } from "../../ui/names.js";
import { withinLimit } from "../limited.js";
import { seekCommand } from "../lobby/index.js";
import { playerRef } from "../player-ref.js";
import { challengeIn } from "../written-in.js";
import { parsePlayArgs } from "./play-args.js";
import type { ChallengeScope } from "./scope.js";
import { challengeKeyboard, challengeText } from "./text.js";
import { startVsComputer } from "./vs-computer.js";

/** `/play`: a challenge in a group (to anyone, a reply's author or a @name), or the bot. */
export async function playCommand(
  scope: ChallengeScope,
  ctx: CommandContext<BotContext>,
): Promise<void> {
  const { deps, ttlMinutes } = scope;
  const { textsFor } = deps;
  if (!ctx.from || !ctx.message) return;
  const args = parsePlayArgs(ctx.match, ctx.me.username);
  if ("error" in args) {
    // The word is the user's own text: escaped, or `/play <b>` would break the reply.
    const word = escapeHtml(quotedWord(args.error));
    await ctx.reply(ctx.t("play-usage", { word }), { parse_mode: "HTML" });
    return;
  }
  if (args.anyone) {
    await seekCommand(deps, ctx, args);
    return;
  }
  const preset = presetRules(args.variant, args.preset)!;
  const rules = args.match ? { ...preset, match: args.match } : preset;
  const clock = args.clock ?? "none";
  if (args.vsBot) {
    if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
    await startVsComputer(deps, ctx, args.variant, rules, clock);
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
  if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
  const locale = await ctx.i18n.getLocale();
  const r = await challengeIn(
    deps,
    {
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
      timeControl: clock,
    },
    locale,
  );
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  const t = textsFor(locale);
  const card = { kind: "challenge-card", challengeId: r.value.id } as const;
  const sent = await withFollowUp(card, () =>
    ctx.reply(challengeText(t, r.value, ttlMinutes), {
      parse_mode: "HTML",
      reply_markup: challengeKeyboard(t, r.value),
    }),
  );
  await deps.messages.setChallengeMessage(r.value.id, {
    kind: "chat",
    chatId: ctx.chat.id,
    messageId: sent.message_id,
  });
}
