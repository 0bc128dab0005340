import { Composer } from "grammy";
import { onButton } from "../buttons.js";
import { encode } from "../callback-data.js";
import { isChatAdmin } from "../chat-admins.js";
import type { BotContext } from "../context.js";
import { pressedShows } from "../press.js";
import { isNotModified } from "../telegram-errors.js";
import type { FeatureDeps } from "./deps.js";

/** `/settings`: per-chat options; in groups only admins change them. */
export function settingsFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service, answers } = deps;
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
              callback_data: encode({ type: "settings", confirmTurns: !on }),
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

  onButton(composer, "settings", async (ctx, { confirmTurns }) => {
    const chat = ctx.chat;
    if (!chat) {
      await answers.answer(ctx, ctx.t("err-bad-button"), true);
      return;
    }
    // The setting is the chat's own, changed from its /settings message only: the data
    // forged onto any other message does nothing.
    if (!pressedShows(deps, ctx, (p) => p.type === "settings")) {
      await answers.answer(ctx, ctx.t("err-inactive-button"), true);
      return;
    }
    if (chat.type !== "private") {
      if (!(await isChatAdmin(ctx.api, chat.id, ctx.from.id))) {
        await answers.answer(ctx, ctx.t("err-admins-only"), true);
        return;
      }
    }
    // A second press of the same button changes nothing: the message already says so.
    const unchanged = service.chatConfirmTurns(chat.id) === confirmTurns;
    service.setChatConfirmTurns(
      { id: chat.id, type: chat.type, title: "title" in chat ? chat.title : null },
      confirmTurns,
    );
    await answers.answer(ctx);
    if (unchanged) return;
    const { text, reply_markup } = view(ctx, chat.id);
    await ctx.editMessageText(text, { reply_markup }).catch((e) => {
      if (!isNotModified(e)) throw e;
    });
  });

  return composer;
}
