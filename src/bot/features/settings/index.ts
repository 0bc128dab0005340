import { type CommandContext, Composer } from "grammy";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import { encode } from "../../callback-data.js";
import { isChatAdmin } from "../../chat-admins.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { isNotModified } from "../../telegram-errors.js";
import { playerRef } from "../player-ref.js";
import type { SettingsDeps } from "./deps.js";

/**
 * `/settings`: per-chat options; in groups only admins change them. In a private chat also the
 * person's own: whether strangers from the lobby see their @username.
 */
export function settingsFeature(deps: SettingsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("settings", (ctx) => settingsCommand(deps, ctx));
  onButton(composer, "settings", (ctx, p) => settingsPress(deps, ctx, p));
  onButton(composer, "username", (ctx, p) => usernamePress(deps, ctx, p));
  return composer;
}

/** `/settings`: the chat's options, each with the button that changes it. */
async function settingsCommand(deps: SettingsDeps, ctx: CommandContext<BotContext>): Promise<void> {
  const { text, reply_markup } = await view(deps, ctx, ctx.chat.id, ctx.chat.type === "private");
  await ctx.reply(text, { reply_markup });
}

/** Private /settings: strangers from the lobby see the presser's @username, or not. */
async function usernamePress(
  deps: SettingsDeps,
  ctx: PressContext<BotContext>,
  { show }: PayloadOf<"username">,
): Promise<void> {
  const chat = ctx.chat;
  // The person's own setting, from their private chat's /settings message only.
  if (
    chat?.type !== "private" ||
    chat.id !== ctx.from.id ||
    !pressed.shows(deps, ctx, (p) => p.type === "username")
  ) {
    await deps.answers.answer(ctx, ctx.t("err-inactive-button"), true);
    return;
  }
  const unchanged = (await deps.lobby.showsUsername(ctx.from.id)) === show;
  const r = await deps.lobby.setShowUsername(playerRef(ctx.from), show);
  if (!r.ok) {
    await deps.answers.answer(ctx, ctx.t("err-generic"), true);
    return;
  }
  await deps.answers.answer(ctx);
  if (unchanged) return;
  const { text, reply_markup } = await view(deps, ctx, chat.id, true);
  await ctx.editMessageText(text, { reply_markup }).catch((e) => {
    if (!isNotModified(e)) throw e;
  });
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
  const unchanged = (await service.chatConfirmTurns(chat.id)) === confirmTurns;
  await service.setChatConfirmTurns(
    { id: chat.id, type: chat.type, title: "title" in chat ? chat.title : null },
    confirmTurns,
  );
  await answers.answer(ctx);
  if (unchanged) return;
  const { text, reply_markup } = await view(deps, ctx, chat.id, chat.type === "private");
  await ctx.editMessageText(text, { reply_markup }).catch((e) => {
    if (!isNotModified(e)) throw e;
  });
}

/**
 * The settings message: what is set, and the button that turns it the other way; in a private
 * chat (its id is its person's) the @username for strangers too.
 */
async function view(deps: SettingsDeps, ctx: BotContext, chatId: number, own: boolean) {
  const on = await deps.service.chatConfirmTurns(chatId);
  const rows = [
    [
      {
        text: ctx.t(on ? "btn-confirm-off" : "btn-confirm-on"),
        callback_data: encode({ type: "settings", confirmTurns: !on }),
      },
    ],
  ];
  const lines = [ctx.t(on ? "settings-confirm-on" : "settings-confirm-off")];
  if (own) {
    const shown = await deps.lobby.showsUsername(chatId);
    lines.push(ctx.t(shown ? "settings-username-on" : "settings-username-off"));
    rows.push([
      {
        text: ctx.t(shown ? "btn-username-off" : "btn-username-on"),
        callback_data: encode({ type: "username", show: !shown }),
      },
    ]);
  }
  return { text: lines.join("\n\n"), reply_markup: { inline_keyboard: rows } };
}
