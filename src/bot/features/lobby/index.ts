import { type CommandContext, Composer } from "grammy";
import { timeControl } from "../../../engine/index.js";
import { lobbyRules } from "../../../services/index.js";
import { onButton } from "../../buttons.js";
import { encode } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { clockName } from "../../ui/clock-text.js";
import { gameTitle } from "../../ui/rules-text.js";
import type { PlayArgs } from "../challenge/play-args.js";
import type { FeatureDeps } from "../deps.js";
import { withinLimit } from "../limited.js";
import { playerRef } from "../player-ref.js";

export type LobbyDeps = Pick<FeatureDeps, "lobby" | "answers" | "limits">;

const stopButton = (ctx: BotContext) => ({
  inline_keyboard: [
    [
      {
        text: ctx.t("btn-seek-cancel"),
        callback_data: encode({ type: "seek", command: "cancel" }),
      },
    ],
  ],
});

/**
 * `/play anyone [long|short] [5p] [blitz|normal|casual]`, in a private chat: a seek in the
 * lobby, paired by rating with someone seeking the same game, length and clock (normal when
 * none is named). What becomes of it is told here (see Seekers).
 */
export async function seekCommand(
  deps: LobbyDeps,
  ctx: CommandContext<BotContext>,
  args: PlayArgs,
): Promise<void> {
  if (!ctx.from) return;
  if (ctx.chat.type !== "private") {
    await ctx.reply(ctx.t("seek-private-only"));
    return;
  }
  const matchLength = args.match === null ? 1 : args.match.kind === "points" ? args.match.to : null;
  if (
    matchLength === null ||
    args.username ||
    args.vsBot ||
    args.clock === "none" ||
    args.clock === "correspondence"
  ) {
    await ctx.reply(ctx.t("seek-bad"));
    return;
  }
  if (deps.lobby.waitingOf(ctx.from.id)) {
    await ctx.reply(ctx.t("seek-already"), { reply_markup: stopButton(ctx) });
    return;
  }
  if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
  const clock = args.clock ?? "normal";
  const r = deps.lobby.seek({
    seeker: playerRef(ctx.from),
    variant: args.variant,
    matchLength,
    clock,
  });
  if (!r.ok) {
    await ctx.reply(ctx.t("seek-bad"));
    return;
  }
  if (r.value.kind === "paired") return;
  const game = gameTitle(ctx.t, args.variant, lobbyRules(args.variant, matchLength));
  const control = timeControl(clock, args.variant, matchLength);
  await ctx.reply(ctx.t("seek-waiting", { game, clock: clockName(ctx.t, control) }), {
    reply_markup: stopButton(ctx),
  });
}

/** ✖️ Stop looking: acts on the presser's own seek, wherever the button was pressed. */
export function lobbyFeature(deps: LobbyDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  onButton(composer, "seek", async (ctx) => {
    const r = deps.lobby.cancel(ctx.from.id);
    await deps.answers.answer(ctx, ctx.t(r.ok ? "seek-cancelled" : "seek-none"));
    if (r.ok)
      await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
  });
  return composer;
}
