import { type CommandContext, Composer, type NextFunction } from "grammy";
import type { BotContext } from "../../context.js";
import type { PrivateBoardDeps } from "./deps.js";

/** The start parameter of a game's `▶ Play in private` link: "p12". */
export const privateBoardStart = (gameId: number): string => `p${gameId}`;
const START = /^p([1-9]\d{0,15})$/;

/**
 * `/start p12` in private, where a chat board's `▶ Play in private` link leads: the game's
 * player gets their own board here (see PrivateBoards); anyone else a clear no.
 */
export function privateBoardFeature(deps: PrivateBoardDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("start", (ctx, next) => startPrivateBoard(deps, ctx, next));
  return composer;
}

/** `/start p12`: the player's own board of game 12; any other /start passes on. */
async function startPrivateBoard(
  deps: PrivateBoardDeps,
  ctx: CommandContext<BotContext>,
  next: NextFunction,
): Promise<void> {
  const m = START.exec(ctx.match.trim());
  if (!m || ctx.chat.type !== "private") return next();
  const game = await deps.service.getGame(Number(m[1]));
  if (!game) {
    await ctx.reply(ctx.t("err-game-gone"));
    return;
  }
  if (ctx.from?.id !== game.white.id && ctx.from?.id !== game.black.id) {
    await ctx.reply(ctx.t("private-board-not-player"));
    return;
  }
  if (game.status !== "active") {
    await ctx.reply(ctx.t("err-game-over"));
    return;
  }
  await deps.privateBoards.open(game, ctx.from.id);
}
