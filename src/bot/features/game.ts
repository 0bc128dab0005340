import { Composer } from "grammy";
import type { Action } from "../../engine/index.js";
import type { BotContext } from "../context.js";
import { translator } from "../i18n.js";
import { decodePayload, type GameCommand } from "../ui/callback-data.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { playerRef } from "./player-ref.js";

/** The engine action a game button stands for; resign buttons have their own feature. */
function actionOf(command: GameCommand): Action | null {
  switch (command.kind) {
    case "step":
      return { type: "step", from: command.from, to: command.to, die: command.die };
    case "undo":
    case "commit":
    case "roll":
    case "double":
    case "take":
    case "drop":
    case "accept-resign":
    case "decline-resign":
      return { type: command.kind };
    case "claim":
      return { type: "claim-timeout" };
    default:
      return null;
  }
}

/** Claiming acts on the game as it is now, whatever board it was pressed on. */
const CURRENT_VERSION = new Set(["claim"]);

/** Presses on game boards: every one checked against the game's version and whose turn it is. */
export function gameFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service, presenter, logger } = deps;
  const composer = new Composer<BotContext>();

  composer.callbackQuery(/^g:/, async (ctx) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload?.type !== "game") {
      await ctx.answerCallbackQuery({ text: ctx.t("err-bad-button"), show_alert: true });
      return;
    }
    const game = service.getGame(payload.gameId);
    if (!game) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-not-found"), show_alert: true });
      return;
    }
    const t = translator(deps.i18n, game.locale);
    const { command } = payload;
    if (command.kind === "refresh") {
      await ctx.answerCallbackQuery();
      await presenter.show(game);
      return;
    }
    if (command.kind === "rematch") {
      const r = service.rematch(
        game.id,
        playerRef(ctx.from),
        game.message?.kind === "inline" ? game.message : null,
      );
      if (!r.ok) {
        await ctx.answerCallbackQuery({ text: errorText(t, r.error, game), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      const next = r.value.game;
      if (next.message) await presenter.show(next);
      else if (next.chatId !== null) await presenter.post(next, next.chatId, messageIdOf(ctx));
      return;
    }
    const action = actionOf(command);
    if (!action) {
      await ctx.answerCallbackQuery({ text: t("err-bad-button"), show_alert: true });
      return;
    }
    const version = CURRENT_VERSION.has(command.kind) ? game.version : payload.version;
    const r = service.act(game.id, ctx.from.id, action, version);
    if (!r.ok) {
      if (r.error.code === "stale") {
        await ctx.answerCallbackQuery({ text: t("err-stale") });
        const live = service.getGame(game.id);
        if (live) await presenter.show(live);
        return;
      }
      await ctx.answerCallbackQuery({ text: errorText(t, r.error, game), show_alert: true });
      return;
    }
    // Answer first: rendering and editing come after.
    await ctx.answerCallbackQuery();
    logger.debug({ gameId: game.id, action: action.type }, "game action");
    await presenter.show(r.value.game, { finished: r.value.finished });
  });

  return composer;
}

const messageIdOf = (ctx: BotContext): number | undefined => ctx.callbackQuery?.message?.message_id;
