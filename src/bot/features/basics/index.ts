import { type CommandContext, Composer, type NextFunction } from "grammy";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import { encode } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { LOCALES } from "../../i18n.js";
import { pressed } from "../../press.js";
import { findButton } from "../lobby/index.js";
import { playerRef } from "../player-ref.js";
import { privateReview } from "../reviews/in-private.js";
import type { BasicsDeps } from "./deps.js";

/** `/start`, `/help`, `/rules`, `/lang`. */
export function basicsFeature(deps: BasicsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command(["start", "help"], (ctx, next) => helpCommand(ctx, next));
  composer.command("rules", (ctx) => rulesCommand(ctx));
  composer.command("lang", (ctx) => langCommand(ctx));
  onButton(composer, "language", (ctx, p) => languagePress(deps, ctx, p));
  return composer;
}

/** `/start` and `/help`: the help, or the inline hint; a review's /start passes on. */
async function helpCommand(ctx: CommandContext<BotContext>, next: NextFunction): Promise<void> {
  // An inline game's analysis or record, asked for in private (see review-private.ts).
  if (privateReview(ctx.match) && ctx.chat.type === "private") return next();
  if (ctx.match === "play" && ctx.chat.type === "private") {
    await ctx.reply(ctx.t("start-inline-hint", { bot: ctx.me.username }), { parse_mode: "HTML" });
    return;
  }
  await ctx.reply(ctx.t("help", { bot: ctx.me.username }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    // In private, the lobby is one tap away.
    ...(ctx.chat.type === "private" ? { reply_markup: findButton(ctx) } : {}),
  });
}

/** `/rules`, `/rules long`, `/rules short`: the rules of either game or both. */
async function rulesCommand(ctx: CommandContext<BotContext>): Promise<void> {
  const which = ctx.match.trim().toLowerCase();
  const parts: readonly ("rules-long" | "rules-short")[] =
    which === "short"
      ? ["rules-short"]
      : which === "long"
        ? ["rules-long"]
        : ["rules-long", "rules-short"];
  for (const key of parts) await ctx.reply(ctx.t(key), { parse_mode: "HTML" });
}

/** `/lang`: a button per language. */
async function langCommand(ctx: CommandContext<BotContext>): Promise<void> {
  const rows = [
    LOCALES.map((locale) => ({
      text: ctx.t(`lang-${locale}`),
      callback_data: encode({ type: "language", locale }),
    })),
  ];
  await ctx.reply(ctx.t("lang-pick"), { reply_markup: { inline_keyboard: rows } });
}

/** A /lang button: the presser's language, from now on. */
async function languagePress(
  deps: BasicsDeps,
  ctx: PressContext<BotContext>,
  { locale }: PayloadOf<"language">,
): Promise<void> {
  // Only a /lang question sets the language: the same data pressed on any other message
  // does nothing, and that message is left alone.
  if (!pressed.shows(deps, ctx, (p) => p.type === "language")) {
    await deps.answers.answer(ctx, ctx.t("err-inactive-button"), true);
    return;
  }
  await deps.prefs.set(playerRef(ctx.from), locale);
  ctx.i18n.useLocale(locale);
  await deps.answers.answer(ctx);
  // The language question says it is answered.
  await ctx
    .editMessageText(ctx.t("lang-set"), { reply_markup: { inline_keyboard: [] } })
    .catch(() => {});
}
