import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "./deps.js";

const ADMINS = new Set(["creator", "administrator"]);

/** `/settings`: per-chat options; in groups only admins change them. */
export function settingsFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service } = deps;
  const composer = new Composer<BotContext>();

  const view = (ctx: BotContext, chatId: number) => {
    const on = service.chatConfirmTurns(chatId);
    return {
      text: ctx.t(on ? "settings-confirm-on" : "settings-confirm-off"),
      reply_markup: {
        inline_keyboard: [
          [
            {
              text: ctx.t(on ? "btn-confirm-off" : "btn-confirm-on"),
              callback_data: on ? "st:c:0" : "st:c:1",
            },
          ],
        ],
      },
    };
  };

  composer.command("settings", async (ctx) => {
    const { text, reply_markup } = view(ctx, ctx.chat.id);
    await ctx.reply(text, { reply_markup });
  });

  composer.callbackQuery(/^st:c:[01]$/, async (ctx) => {
    const chat = ctx.chat;
    if (!chat) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-bad-button"), show_alert: true });
      return;
    }
    if (chat.type !== "private") {
      const member = await ctx.getChatMember(ctx.from.id);
      if (!ADMINS.has(member.status)) {
        await ctx.answerCallbackQuery({ text: ctx.t("err-admins-only"), show_alert: true });
        return;
      }
    }
    const on = ctx.callbackQuery.data.endsWith("1");
    service.setChatConfirmTurns(
      { id: chat.id, type: chat.type, title: "title" in chat ? chat.title : null },
      on,
    );
    await ctx.answerCallbackQuery();
    const { text, reply_markup } = view(ctx, chat.id);
    await ctx.editMessageText(text, { reply_markup });
  });

  return composer;
}
