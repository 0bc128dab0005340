import { type CommandContext, Composer } from "grammy";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import { encode } from "../../callback-data.js";
import { isChatAdmin } from "../../chat-admins.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { isNotModified } from "../../telegram-errors.js";
import type { SettingsDeps } from "./deps.js";

/** `/settings`: per-chat options; in groups only admins change them. */
export function settingsFeature(deps: SettingsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("settings", (ctx) => settingsCommand(deps, ctx));
  onButton(composer, "settings", (ctx, p) => settingsPress(deps, ctx, p));
  return composer;
}

/** `/settings`: the chat's options, each with the button that changes it. */
async function settingsCommand(deps: SettingsDeps, ctx: CommandContext<BotContext>): Promise<void> {
  const { text, reply_markup } = view(deps, ctx, ctx.chat.id);
  await ctx.reply(text, { reply_markup });
}

/** A /settings button: the option changed, by an admin in a group. */
async function settingsPress(
  deps: SettingsDeps,
  ctx: PressContext<BotContext>,
  { confirmTurns }: PayloadOf<"settings">,
): Promise<void> {
  const { service, answers } = deps;
  const chat = ctx.chat;
  if (!chat) {
    await answers.answer(ctx, ctx.t("err-bad-button"), true);
    return;
  }
  // The setting is the chat's own, changed from its /settings message only: the data
  // forged onto any other message does nothing.
  if (!pressed.shows(deps, ctx, (p) => p.type === "settings")) {
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
  const { text, reply_markup } = view(deps, ctx, chat.id);
  await ctx.editMessageText(text, { reply_markup }).catch((e) => {
    if (!isNotModified(e)) throw e;
  });
}

/** The settings message: what is set, and the button that turns it the other way. */
function view(deps: SettingsDeps, ctx: BotContext, chatId: number) {
  const on = deps.service.chatConfirmTurns(chatId);
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
}
