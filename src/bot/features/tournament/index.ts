import { type CommandContext, Composer } from "grammy";
import {
  presetRules,
  type Rules,
  type TimeControlName,
  type TournamentFormat,
  timeControlNameOf,
} from "../../../engine/index.js";
import type { ServiceResult, TournamentView } from "../../../services/index.js";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import type { TournamentCommand } from "../../callback-data.js";
import { isChatAdmin } from "../../chat-admins.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { actMark } from "../../press-origin.js";
import { errorText } from "../../ui/errors-text.js";
import { quotedWord } from "../../ui/fit.js";
import { playerRef } from "../player-ref.js";
import { tournamentIn } from "../written-in.js";
import { parseTournamentArgs } from "./args.js";
import type { TournamentDeps } from "./deps.js";
import { SIGNUP_MINUTES } from "./text.js";

/** Match lengths the organiser cycles through on the card. */
const MATCH_LENGTHS: readonly Rules["match"][] = [
  { kind: "games", count: 1 },
  { kind: "points", to: 3 },
  { kind: "points", to: 5 },
  { kind: "games", count: 3 },
];
/** The clocks the organiser cycles through on the card, from none. */
const CLOCKS: readonly TimeControlName[] = ["none", "blitz", "normal", "casual", "correspondence"];
const MINUTE = 60_000;

const sameMatch = (a: Rules["match"], b: Rules["match"]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `/tournament` and the buttons of its messages: sign-up (join, leave, the organiser's
 * settings, start, cancel), and cancelling one in play. Its messages follow the database
 * through TournamentBoards.
 */
export function tournamentFeature(deps: TournamentDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("tournament", (ctx) => tournamentCommand(deps, ctx));
  onButton(composer, "tournament", (ctx, p) => tournamentPress(deps, ctx, p));
  return composer;
}

/** `/tournament` in a group: its open tournament shown again, or a new one. */
async function tournamentCommand(deps: TournamentDeps, ctx: CommandContext<BotContext>) {
  const { tournaments, tournamentBoards: boards } = deps;
  if (ctx.chat.type !== "group" && ctx.chat.type !== "supergroup") {
    await ctx.reply(ctx.t("tournament-group-only"));
    return;
  }
  const open = await tournaments.openInChat(ctx.chat.id);
  if (open) {
    // Shown again below, as the newest message: the old one stops following.
    await boards.repost(open);
    return;
  }
  const args = parseTournamentArgs(ctx.match, deps.config.challengeTtlMs);
  if ("error" in args) {
    await ctx.reply(ctx.t("tournament-bad-args", { word: quotedWord(args.error) }));
    return;
  }
  const locale = await ctx.i18n.getLocale();
  const r = await tournamentIn(
    deps,
    {
      organiser: playerRef(ctx.from!),
      chat: { id: ctx.chat.id, type: ctx.chat.type, title: ctx.chat.title ?? null },
      variant: args.variant,
      rules: {
        ...presetRules(args.variant, args.preset)!,
        ...(args.match ? { match: args.match } : {}),
      },
      format: args.format,
      signupMs: args.signupMs,
      timeControl: args.clock,
      mark: actMark(ctx),
    },
    locale,
  );
  if (!r.ok) await ctx.reply(errorText(ctx.t, r.error));
}

/** A button of a tournament's card or standings: sign-up, settings, start, calling it off. */
async function tournamentPress(
  deps: TournamentDeps,
  ctx: PressContext<BotContext>,
  { tournamentId, command }: PayloadOf<"tournament">,
) {
  const { tournaments, tournamentBoards: boards, answers } = deps;
  const by = playerRef(ctx.from);
  const t = await tournaments.get(tournamentId);
  if (!t) {
    await answers.answer(ctx, ctx.t("err-not-found"), true);
    return;
  }
  // Only the tournament's own card and standings take its presses: data forged on any
  // other message (in another group, say) changes nothing.
  const at = pressed.message(ctx);
  if (at?.kind !== "chat" || at.chatId !== t.chatId) {
    await answers.answer(ctx, ctx.t("err-foreign-button"), true);
    return;
  }
  const { messageId, standingsMessageId } = await deps.tournamentMessages.of(t.id);
  if (at.messageId !== messageId && at.messageId !== standingsMessageId) {
    await answers.answer(ctx, ctx.t("err-inactive-button"), true);
    return;
  }
  // Calling it off is the organiser's or a chat admin's; Telegram is asked only then.
  const cancelling = CANCELS.has(command);
  const organiser = by.id === t.organiser.id;
  // Asked about the tournament's own chat: a press can be forged from any chat.
  const chatAdmin =
    cancelling && !organiser && (await isChatAdmin(ctx.api, t.chatId, by.id).catch(() => false));
  if (cancelling && !organiser && !chatAdmin) {
    if (command === "cancel-back") await answers.answer(ctx);
    else await answers.answer(ctx, ctx.t("err-not-organiser-or-admin"), true);
    return;
  }
  if (command === "cancel" && t.status === "running") {
    await answers.answer(ctx);
    await boards.askCancel(t, true);
    return;
  }
  if (command === "cancel-back") {
    await answers.answer(ctx);
    await boards.askCancel(t, false);
    return;
  }
  const r = await act(deps, t, command, by, chatAdmin, actMark(ctx));
  if (!r.ok) {
    await answers.answer(ctx, errorText(ctx.t, r.error), true);
    await boards.request(tournamentId);
    return;
  }
  await answers.answer(ctx, toast(ctx, command));
}

const CANCELS: ReadonlySet<TournamentCommand> = new Set([
  "cancel",
  "cancel-finish",
  "cancel-abandon",
  "cancel-back",
]);

/** What a sign-up or settings button does to the tournament. */
async function act(
  deps: TournamentDeps,
  t: TournamentView,
  command: Exclude<TournamentCommand, "cancel-back">,
  by: ReturnType<typeof playerRef>,
  chatAdmin: boolean,
  /** What the press fixed: a join's part of its matches' dice. */
  mark: string | null,
): Promise<ServiceResult<TournamentView>> {
  const { tournaments } = deps;
  switch (command) {
    case "join":
      return await tournaments.join(t.id, by, mark);
    case "leave":
      return await tournaments.leave(t.id, by);
    case "start":
      return await tournaments.start(t.id, by);
    case "cancel":
    case "cancel-finish":
      return await tournaments.cancel(t.id, by, "finish", chatAdmin);
    case "cancel-abandon":
      return await tournaments.cancel(t.id, by, "abandon", chatAdmin);
    case "format": {
      const format: TournamentFormat = t.format === "round-robin" ? "knockout" : "round-robin";
      return await tournaments.configure(t.id, by, { format });
    }
    case "match": {
      const at = MATCH_LENGTHS.findIndex((m) => sameMatch(m, t.rules.match));
      return await tournaments.configure(t.id, by, {
        match: MATCH_LENGTHS[(at + 1) % MATCH_LENGTHS.length]!,
      });
    }
    case "clock": {
      const at = CLOCKS.indexOf(timeControlNameOf(t.timeControl));
      return await tournaments.configure(t.id, by, {
        timeControl: CLOCKS[(at + 1) % CLOCKS.length]!,
      });
    }
    case "window": {
      const left = (t.signupEndsAt - deps.service.config.now()) / MINUTE;
      const next = SIGNUP_MINUTES.find((m) => m > left + 0.5) ?? SIGNUP_MINUTES[0];
      return await tournaments.configure(t.id, by, { signupMs: next * MINUTE });
    }
  }
}

/** The short answer to a press that changed the sign-up. */
function toast(ctx: BotContext, command: TournamentCommand): string | undefined {
  if (command === "join") return ctx.t("tournament-joined");
  if (command === "leave") return ctx.t("tournament-left");
  return undefined;
}
