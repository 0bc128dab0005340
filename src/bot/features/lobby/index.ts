import { type CommandContext, Composer } from "grammy";
import { type TimeControlName, timeControl, type Variant } from "../../../engine/index.js";
import { lobbyRules } from "../../../services/index.js";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import { encode } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { withFollowUp } from "../../outbox/kept.js";
import { actMark } from "../../press-origin.js";
import { wholeMinutes } from "../../seekers.js";
import { clockName } from "../../ui/clock-text.js";
import { escapeHtml } from "../../ui/names.js";
import { gameTitle } from "../../ui/rules-text.js";
import type { PlayArgs } from "../challenge/play-args.js";
import type { FeatureDeps } from "../deps.js";
import { withinLimit } from "../limited.js";
import { playerRef } from "../player-ref.js";

export type LobbyDeps = Pick<
  FeatureDeps,
  "lobby" | "answers" | "limits" | "isReplay" | "seekMessages"
>;

/** What a seek asks for. */
interface SeekTerms {
  readonly variant: Variant;
  readonly matchLength: number;
  readonly clock: TimeControlName;
}

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

/** /start's 🎲 Find an opponent, in a private chat. */
export const findButton = (ctx: BotContext) => ({
  inline_keyboard: [
    [{ text: ctx.t("btn-seek-find"), callback_data: encode({ type: "seek", command: "pick" }) }],
  ],
});

const pickButtons = (ctx: BotContext) => ({
  inline_keyboard: [
    (["long", "short"] as const).map((variant) => ({
      text: ctx.t(variant === "long" ? "btn-seek-long" : "btn-seek-short"),
      callback_data: encode({ type: "seek", command: "find", variant }),
    })),
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
  await seekFor(deps, ctx, { variant: args.variant, matchLength, clock: args.clock ?? "normal" });
}

/** The seek itself, from the command or a 🎲 button: waiting (with Stop looking) or paired. */
async function seekFor(deps: LobbyDeps, ctx: BotContext, terms: SeekTerms): Promise<void> {
  if (!ctx.from) return;
  // Replayed after a crash: a seek ended since its message was sent was this update's own (a
  // second would pair the person again).
  if (deps.isReplay(ctx.update.update_id)) {
    const last = await deps.lobby.latestSeekOf(ctx.from.id);
    if (last && last.status !== "waiting" && last.createdAt >= (ctx.msg?.date ?? 0) * 1000) return;
  }
  const waiting = await deps.lobby.waitingOf(ctx.from.id);
  if (waiting) {
    await stopMessage(deps, ctx, waiting.id, escapeHtml(ctx.t("seek-already")));
    return;
  }
  if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
  const mark = actMark(ctx);
  const r = await deps.lobby.seek({ seeker: playerRef(ctx.from), ...terms, mark });
  if (!r.ok) {
    const left = r.error.code === "held-out" ? await deps.lobby.heldOutFor(ctx.from.id) : null;
    await ctx.reply(
      left === null
        ? ctx.t(r.error.code === "busy" ? "err-busy" : "seek-bad")
        : ctx.t("seek-held-out", { minutes: wholeMinutes(left) }),
    );
    return;
  }
  if (r.value.kind === "paired") return;
  const { variant, matchLength, clock } = terms;
  const game = gameTitle(ctx.t, variant, lobbyRules(variant, matchLength));
  const control = timeControl(clock, variant, matchLength);
  const { seek } = r.value;
  const text = ctx.t("seek-waiting", { game, clock: clockName(ctx.t, control) });
  // The seed the game takes if this seek is the older of its pair, committed to here.
  const commitment = seek.diceCommitment
    ? `\n${ctx.t("caption-commitment", { hash: seek.diceCommitment })}`
    : "";
  await stopMessage(deps, ctx, seek.id, `${escapeHtml(text)}${commitment}`);
}

/** A reply with ✖️ Stop looking, kept so the button comes off when the seek ends. */
async function stopMessage(
  deps: LobbyDeps,
  ctx: BotContext,
  seekId: number,
  text: string,
): Promise<void> {
  const sent = await withFollowUp({ kind: "seek-stop", seekId }, () =>
    ctx.reply(text, { parse_mode: "HTML", reply_markup: stopButton(ctx) }),
  );
  await deps.seekMessages.add(seekId, { userId: sent.chat.id, messageId: sent.message_id });
}

/**
 * The lobby's buttons, each the presser's own and in a private chat only: ✖️ Stop looking
 * (their waiting seek, wherever it began), 🎲 Find an opponent (which game?) and the game.
 */
export function lobbyFeature(deps: LobbyDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  onButton(composer, "seek", (ctx, p) => seekPress(deps, ctx, p));
  return composer;
}

async function seekPress(
  deps: LobbyDeps,
  ctx: PressContext<BotContext>,
  p: PayloadOf<"seek">,
): Promise<void> {
  if (p.command === "cancel") {
    // This message's button comes off here, at once; the seek's other messages when it ends.
    const pressed = ctx.callbackQuery.message;
    const shown = pressed && "reply_markup" in pressed && pressed.reply_markup;
    const own =
      pressed && shown && ctx.chat?.id === ctx.from.id && shown.inline_keyboard.length > 0
        ? pressed.message_id
        : null;
    if (own !== null) await deps.seekMessages.forget(ctx.from.id, own);
    const r = await deps.lobby.cancel(ctx.from.id);
    await deps.answers.answer(ctx, ctx.t(r.ok ? "seek-cancelled" : "seek-none"));
    if (own !== null)
      await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
    return;
  }
  // Forged onto a group's message, a seek's button starts nothing there.
  if (ctx.chat?.type !== "private") {
    await deps.answers.answer(ctx, ctx.t("seek-private-only"), true);
    return;
  }
  await deps.answers.answer(ctx);
  if (p.command === "find")
    await seekFor(deps, ctx, { variant: p.variant, matchLength: 1, clock: "normal" });
  else await ctx.reply(ctx.t("seek-pick"), { parse_mode: "HTML", reply_markup: pickButtons(ctx) });
}
