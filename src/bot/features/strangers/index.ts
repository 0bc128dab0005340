import { type CommandContext, Composer } from "grammy";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { strangerName } from "../../ui/caption.js";
import { errorText } from "../../ui/errors-text.js";
import type { FeatureDeps } from "../deps.js";
import type { StrangerNotes } from "./notes.js";
import { OPENING_PHRASES, phraseButtons } from "./phrases.js";

export type StrangersDeps = Pick<
  FeatureDeps,
  "lobby" | "service" | "answers" | "memo" | "logger"
> & {
  readonly notes: StrangerNotes;
};

/** Characters of a report's reason read from the command (the service keeps fewer). */
const REASON_READ = 1_000;

/**
 * What passes between strangers paired in the lobby, in private chats only: set phrases (the
 * buttons on the paired note and on the closing note), `/block`, `/unblock` and `/report`.
 */
export function strangersFeature(deps: StrangersDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("block", (ctx) => blockCommand(deps, ctx));
  composer.command("unblock", (ctx) => unblockCommand(deps, ctx));
  composer.command("report", (ctx) => reportCommand(deps, ctx));
  onButton(composer, "phrase", (ctx, p) => phrasePress(deps, ctx, p));
  const answered = new Set<string>();
  composer.on("message:text", async (ctx, next) => {
    if (!(await freeText(deps, ctx, answered))) await next();
  });
  return composer;
}

/** Players whose free text during a lobby game was answered, kept for so many games. */
const ANSWERED_KEPT = 10_000;

/**
 * Free text in a private chat during a lobby game: it reaches nobody, so the writer is told
 * once a game what does pass between strangers, with the phrases to hand.
 */
async function freeText(
  deps: StrangersDeps,
  ctx: BotContext,
  answered: Set<string>,
): Promise<boolean> {
  const text = ctx.message?.text ?? "";
  if (ctx.chat?.type !== "private" || !ctx.from || text.startsWith("/")) return false;
  const game = (await deps.service.activeGamesAnywhere(ctx.from.id)).find((g) => g.lobby);
  if (!game) return false;
  const key = `${game.id}:${ctx.from.id}`;
  if (answered.has(key)) return true;
  if (answered.size >= ANSWERED_KEPT) answered.delete(answered.values().next().value!);
  answered.add(key);
  await ctx.reply(ctx.t("strangers-free-text", { game: game.id }), {
    reply_markup: phraseButtons(ctx.t, game.id, OPENING_PHRASES),
  });
  return true;
}

/**
 * The game a command names, `#12` (for /block, `12` too), and the text after it; a command
 * without a number acts on the current or last lobby game. Null: a number that is no id.
 */
export function gameArgument(
  text: string,
  bareNumber: boolean,
): { readonly gameId?: number; readonly rest: string } | null {
  const m = (bareNumber ? /^#?(\d+)(?:\s+|$)/ : /^#(\d+)(?:\s+|$)/).exec(text.trim());
  if (!m) return { rest: text.trim() };
  const gameId = Number(m[1]);
  if (!Number.isSafeInteger(gameId)) return null;
  return { gameId, rest: text.trim().slice(m[0].length) };
}

async function privateOnly(ctx: CommandContext<BotContext>): Promise<boolean> {
  if (ctx.chat.type === "private" && ctx.from) return true;
  await ctx.reply(ctx.t("strangers-private-only"));
  return false;
}

/** A stranger's name as they allow strangers to see it. */
async function nameOf(deps: StrangersDeps, userId: number): Promise<string> {
  const p = await deps.service.playerRefOf(userId);
  return strangerName({
    firstName: p?.firstName ?? "?",
    username: p?.username ?? null,
    showUsername: await deps.lobby.showsUsername(userId),
  });
}

/** `/block [#12]`: the opponent of the current or last lobby game (or the one named). */
async function blockCommand(deps: StrangersDeps, ctx: CommandContext<BotContext>): Promise<void> {
  if (!(await privateOnly(ctx))) return;
  const arg = gameArgument(ctx.match, true);
  if (arg?.rest !== "") {
    await ctx.reply(ctx.t("block-no-game"));
    return;
  }
  const r = await deps.lobby.block(ctx.from!.id, arg.gameId);
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  const o = r.value;
  if (o.kind === "no-game") await ctx.reply(ctx.t("block-no-game"));
  else if (o.kind === "full") await ctx.reply(ctx.t("block-full"));
  else
    await ctx.reply(
      ctx.t(o.kind === "blocked" ? "block-done" : "block-already", {
        name: await nameOf(deps, o.opponentId),
        game: o.gameId,
      }),
      { parse_mode: "HTML" },
    );
}

/** `/unblock`: lifts the latest block. */
async function unblockCommand(deps: StrangersDeps, ctx: CommandContext<BotContext>): Promise<void> {
  if (!(await privateOnly(ctx))) return;
  const r = await deps.lobby.unblock(ctx.from!.id);
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  if (r.value.kind === "none") await ctx.reply(ctx.t("unblock-none"));
  else
    await ctx.reply(ctx.t("unblock-done", { name: await nameOf(deps, r.value.blockedId) }), {
      parse_mode: "HTML",
    });
}

/** `/report [#12] [reason]`: logged for the operator with both players and the game. */
async function reportCommand(deps: StrangersDeps, ctx: CommandContext<BotContext>): Promise<void> {
  if (!(await privateOnly(ctx))) return;
  const arg = gameArgument(ctx.match.slice(0, REASON_READ), false);
  if (!arg) {
    await ctx.reply(ctx.t("block-no-game"));
    return;
  }
  const reporterId = ctx.from!.id;
  const r = await deps.lobby.report(reporterId, arg.gameId, arg.rest);
  if (!r.ok) {
    await ctx.reply(errorText(ctx.t, r.error));
    return;
  }
  const o = r.value;
  if (o.kind === "no-game") await ctx.reply(ctx.t("block-no-game"));
  else if (o.kind === "limit") await ctx.reply(ctx.t("report-limit"));
  else if (o.kind === "already") await ctx.reply(ctx.t("report-already", { game: o.gameId }));
  else {
    deps.logger.warn(
      { reportId: o.reportId, reporterId, reportedId: o.opponentId, gameId: o.gameId },
      "a player was reported",
    );
    await ctx.reply(ctx.t("report-done", { game: o.gameId }));
  }
}

/**
 * A set phrase: from the note that offers it, in the presser's own private chat, by a player
 * of that lobby game; the service counts it and the other player gets it in their language.
 */
async function phrasePress(
  deps: StrangersDeps,
  ctx: PressContext<BotContext>,
  { gameId, phrase }: PayloadOf<"phrase">,
): Promise<void> {
  const chat = ctx.chat;
  const offered = pressed.shows(
    deps,
    ctx,
    (p) => p.type === "phrase" && p.gameId === gameId && p.phrase === phrase,
  );
  if (chat?.type !== "private" || chat.id !== ctx.from.id || !offered) {
    await deps.answers.answer(ctx, ctx.t("err-inactive-button"), true);
    return;
  }
  const r = await deps.lobby.sayPhrase(gameId, ctx.from.id);
  if (!r.ok) {
    await deps.answers.answer(ctx, errorText(ctx.t, r.error), true);
    return;
  }
  const o = r.value;
  if (o.kind !== "sent") {
    await deps.answers.answer(ctx, ctx.t(`phrase-${o.kind}`), true);
    return;
  }
  deps.notes.deliver(gameId, ctx.from.id, o.toId, phrase, o.sent);
  await deps.answers.answer(ctx, ctx.t("phrase-sent", { left: o.left }));
}
