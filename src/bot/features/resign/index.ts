import { type CommandContext, Composer } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { GameView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import { encode, type Payload, type ResignChoice } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { playPress, pressed } from "../../press.js";
import { gameLabel } from "../../ui/caption.js";
import { fitPlain, fitRows, more, TEXT_LIMIT } from "../../ui/fit.js";
import { plainName } from "../../ui/names.js";
import { startedText } from "../../ui/started.js";
import type { ResignDeps } from "./deps.js";

const opponentOf = (g: GameView, userId: number) => (g.white.id === userId ? g.black : g.white);
const none = { reply_markup: { inline_keyboard: [] } };

/**
 * `/resign`: pick the game (when there are several), then confirm. Every button of the
 * question names who asked, and only they can answer it. In a private chat the list covers
 * the asker's games in every chat, so a game in a chat the bot was removed from can still be
 * resigned, or claimed when the opponent has gone silent.
 */
export function resignFeature(deps: ResignDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("resign", (ctx) => resignCommand(deps, ctx));
  onButton(composer, "resign", (ctx, p) => resignPress(deps, ctx, p));
  return composer;
}

/** `/resign`: the question on the asker's one game, or the list of their games to pick from. */
async function resignCommand(deps: ResignDeps, ctx: CommandContext<BotContext>): Promise<void> {
  const { service } = deps;
  if (!ctx.from) return;
  const me = ctx.from.id;
  const games =
    ctx.chat.type === "private"
      ? await service.activeGamesAnywhere(me)
      : await service.activeGames(ctx.chat.id, me);
  if (games.length === 0) {
    await ctx.reply(ctx.t("resign-none"));
    return;
  }
  if (games.length === 1) {
    const { text, reply_markup } = question(deps, ctx.t, games[0]!, me);
    await ctx.reply(text, { reply_markup });
    return;
  }
  const rows = fitRows(games.map((g) => pickRow(deps, ctx, g, me)));
  const text = [ctx.t("resign-pick"), ...more(ctx.t, games.length - rows.length)].join("\n");
  await ctx.reply(text, { reply_markup: { inline_keyboard: rows } });
}

/** A button of the question or the list: only its asker's press counts. */
async function resignPress(
  deps: ResignDeps,
  ctx: PressContext<BotContext>,
  { gameId, version, askerId, choice }: PayloadOf<"resign">,
): Promise<void> {
  const { service, answers } = deps;
  if (ctx.from.id !== askerId) {
    const asker = await service.playerRefOf(askerId);
    const name = asker ? plainName(asker) : "?";
    await answers.answer(ctx, ctx.t("err-not-your-question", { name }), true);
    return;
  }
  // Only the question (or the list of games) answers; its data on any other message does
  // nothing, and that message is left alone.
  const mine = (p: Payload) => p.type === "resign" && p.gameId === gameId && p.askerId === askerId;
  if (!pressed.shows(deps, ctx, mine)) {
    await answers.answer(ctx, ctx.t("err-inactive-button"), true);
    return;
  }
  if (choice === "cancel") {
    await answers.answer(ctx);
    await ctx.editMessageText(ctx.t("resign-cancelled"), none).catch(() => {});
    return;
  }
  const game = await service.getGame(gameId);
  if (game?.status !== "active") {
    await answers.answer(ctx, ctx.t(game ? "err-game-over" : "err-not-found"), true);
    await ctx.editMessageReplyMarkup(none).catch(() => {});
    return;
  }
  if (choice === "pick" || game.version !== version) {
    // Asked afresh on the game as it stands: a resignation is scored on the position.
    await answers.answer(ctx, choice === "pick" ? undefined : ctx.t("resign-moved"));
    const { text, reply_markup } = question(deps, ctx.t, game, askerId);
    await ctx.editMessageText(text, { reply_markup }).catch(() => {});
    return;
  }
  if (choice === "claim") {
    const r = await playPress(deps, ctx, gameId, version, { type: "claim-timeout" }, false);
    if (r.ok) await ctx.editMessageText(ctx.t("resign-claimed"), none).catch(() => {});
    return;
  }
  if (choice === "accept" || choice === "decline") {
    const action = { type: choice === "accept" ? "accept-resign" : "decline-resign" } as const;
    const r = await playPress(deps, ctx, gameId, version, action, false);
    const done = choice === "accept" ? "resign-offer-accepted" : "resign-offer-declined";
    if (r.ok) await ctx.editMessageText(ctx.t(done), none).catch(() => {});
    return;
  }
  const kind = (["single", "gammon", "backgammon"] as const)[choice - 1];
  if (game.variant === "short" && !kind) {
    await answers.answer(ctx, ctx.t("err-bad-button"), true);
    return;
  }
  const action =
    game.variant === "long" ? { type: "resign" as const } : { type: "resign" as const, kind };
  const r = await playPress(deps, ctx, game.id, version, action, false);
  if (!r.ok) return;
  const done = game.variant === "long" ? "resign-done" : "resign-offered";
  await ctx.editMessageText(ctx.t(done), none).catch(() => {});
}

/** A button of the question, naming the game, its version and who asked. */
function button(text: string, game: GameView, askerId: number, choice: ResignChoice) {
  return {
    text,
    callback_data: encode({
      type: "resign",
      gameId: game.id,
      version: game.version,
      askerId,
      choice,
    }),
  };
}

/** The question on one game: resign (how, in short nardy), claim, or answer an offer. */
function question(deps: ResignDeps, t: Translate, game: GameView, askerId: number) {
  const name = plainName(opponentOf(game, askerId));
  const offer = game.state.phase === "resign" ? game.state.pendingResign : null;
  if (offer && game.waitingFor === askerId) {
    // The opponent offers to resign: answered here as on the board, which may be out of
    // reach (a chat the bot has lost).
    const kind = t(`result-${offer.kind}`);
    return {
      text: fitPlain(
        `${t("resign-offer-answer", { name, kind })}\n${gameLabel(t, game)}`,
        TEXT_LIMIT,
      ),
      reply_markup: {
        inline_keyboard: [
          [
            button(t("btn-accept"), game, askerId, "accept"),
            button(t("btn-decline"), game, askerId, "decline"),
          ],
          [button(t("btn-cancel"), game, askerId, "cancel")],
        ],
      },
    };
  }
  const rows: InlineKeyboardButton[][] =
    game.variant === "long"
      ? [[button(t("btn-resign-confirm"), game, askerId, 0)]]
      : [
          [
            button(t("result-single"), game, askerId, 1),
            button(t("result-gammon"), game, askerId, 2),
            button(t("result-backgammon"), game, askerId, 3),
          ],
        ];
  if (deps.service.mayClaim(game, askerId))
    rows.push([button(t("btn-claim"), game, askerId, "claim")]);
  rows.push([button(t("btn-cancel"), game, askerId, "cancel")]);
  const key = game.variant === "long" ? "resign-confirm-long" : "resign-confirm-short";
  return {
    text: fitPlain(`${t(key, { name })}\n${gameLabel(t, game)}`, TEXT_LIMIT),
    reply_markup: { inline_keyboard: rows },
  };
}

/** One line per game: opponent, game, rules, score and when it started. */
function pickRow(deps: ResignDeps, ctx: BotContext, game: GameView, askerId: number) {
  const started = startedText(ctx.t, deps.service.config.now() - game.createdAt);
  const score = `${game.score.white}:${game.score.black}`;
  const text = `${plainName(opponentOf(game, askerId))} · ${gameLabel(ctx.t, game)} · ${score} · ${started}`;
  return [button(text, game, askerId, "pick")];
}
