import { Composer } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { GameView } from "../../services/index.js";
import type { BotContext } from "../context.js";
import { translator } from "../i18n.js";
import { decodePayload, encodeGame } from "../ui/callback-data.js";
import { plainName } from "../ui/names.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";

const opponentOf = (g: GameView, userId: number) => (g.white.id === userId ? g.black : g.white);

/** The confirm buttons: long nardy resigns outright; short nardy offers 1, 2 or 3 points. */
function confirmKeyboard(t: Tr, game: GameView): InlineKeyboardButton[][] {
  const cb = (level: 0 | 1 | 2 | 3) => encodeGame(game.id, game.version, { kind: "resign", level });
  const cancel = {
    text: t("btn-cancel"),
    callback_data: encodeGame(game.id, game.version, { kind: "resign-cancel" }),
  };
  if (game.variant === "long")
    return [[{ text: t("btn-resign-confirm"), callback_data: cb(0) }, cancel]];
  return [
    [
      { text: t("result-single"), callback_data: cb(1) },
      { text: t("result-gammon"), callback_data: cb(2) },
      { text: t("result-backgammon"), callback_data: cb(3) },
    ],
    [cancel],
  ];
}

/** `/resign`: pick the game (when several), confirm, and resign or offer. */
export function resignFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service, presenter } = deps;
  const composer = new Composer<BotContext>();

  const confirmText = (t: Tr, game: GameView, userId: number) =>
    t(game.variant === "long" ? "resign-confirm-long" : "resign-confirm-short", {
      name: plainName(opponentOf(game, userId)),
    });

  composer.command("resign", async (ctx) => {
    if (!ctx.from) return;
    const games = service.activeGames(ctx.chat.id, ctx.from.id);
    if (games.length === 0) {
      await ctx.reply(ctx.t("resign-none"));
      return;
    }
    if (games.length === 1) {
      const game = games[0]!;
      const t = translator(deps.i18n, game.locale);
      await ctx.reply(confirmText(t, game, ctx.from.id), {
        reply_markup: { inline_keyboard: confirmKeyboard(t, game) },
      });
      return;
    }
    const rows = games.map((g) => [
      {
        text: `${plainName(opponentOf(g, ctx.from!.id))} · ${ctx.t(`variant-${g.variant}`)}`,
        callback_data: encodeGame(g.id, g.version, { kind: "resign-menu" }),
      },
    ]);
    await ctx.reply(ctx.t("resign-pick"), { reply_markup: { inline_keyboard: rows } });
  });

  composer.callbackQuery(/^g:\d+:\d+:(rm|rx|R:\d)$/, async (ctx) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload?.type !== "game") return;
    const game = service.getGame(payload.gameId);
    if (!game) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-not-found"), show_alert: true });
      return;
    }
    const t = translator(deps.i18n, game.locale);
    const isPlayer = game.white.id === ctx.from.id || game.black.id === ctx.from.id;
    if (!isPlayer) {
      await ctx.answerCallbackQuery({ text: t("err-not-a-player"), show_alert: true });
      return;
    }
    const { command } = payload;
    if (command.kind === "resign-cancel") {
      await ctx.answerCallbackQuery();
      await ctx
        .editMessageText(t("resign-cancelled"), { reply_markup: { inline_keyboard: [] } })
        .catch(() => {});
      return;
    }
    if (command.kind === "resign-menu") {
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(confirmText(t, game, ctx.from.id), {
        reply_markup: { inline_keyboard: confirmKeyboard(t, game) },
      });
      return;
    }
    if (command.kind !== "resign") return;
    const kind = (["single", "gammon", "backgammon"] as const)[command.level - 1];
    const action =
      game.variant === "long"
        ? { type: "resign" as const }
        : kind
          ? { type: "resign" as const, kind }
          : null;
    if (!action) {
      await ctx.answerCallbackQuery({ text: t("err-bad-button"), show_alert: true });
      return;
    }
    const r = service.act(game.id, ctx.from.id, action, game.version);
    if (!r.ok) {
      await ctx.answerCallbackQuery({ text: errorText(t, r.error, game), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const done = game.variant === "long" ? "resign-done" : "resign-offered";
    await ctx.editMessageText(t(done), { reply_markup: { inline_keyboard: [] } }).catch(() => {});
    await presenter.show(r.value.game, { finished: r.value.finished });
  });

  return composer;
}
