import type { Rules, Variant } from "../../engine/index.js";
import type { BotContext } from "../context.js";
import { MAX_COMPUTER_GAMES } from "../person-limits.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { playerRef } from "./player-ref.js";

/**
 * `/play bot` and the set-up dialog's "the bot": a game against the computer player in this
 * chat, unless the person has MAX_COMPUTER_GAMES going already. `replyTo`: the message the
 * board answers (the command, or the dialog).
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
  const computer = deps.computer;
  const playing = deps.service
    .activeGamesAnywhere(ctx.from.id)
    .filter((g) => g.white.id === computer.id || g.black.id === computer.id);
  // One going here already: the service answers with it, and its board is shown again.
  const here = playing.some((g) => g.chatId === ctx.chat?.id);
  if (playing.length >= MAX_COMPUTER_GAMES && !here) {
    await ctx.reply(ctx.t("limit-computer-games", { count: playing.length }));
    return;
  }
  const chat = ctx.chat;
  const r = deps.service.playComputer(
    {
      challenger: playerRef(ctx.from),
      chat: { id: chat.id, type: chat.type, title: "title" in chat ? (chat.title ?? null) : null },
      variant,
      rules,
      locale: await ctx.i18n.getLocale(),
      message: replyTo === null ? null : { kind: "chat", chatId: chat.id, messageId: replyTo },
    },
    computer,
  );
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    if (r.error.gameId !== undefined) deps.boards.request(r.error.gameId);
    return;
  }
  deps.boards.request(r.value.game.id);
}
