import type { ServiceError } from "../../../services/index.js";
import type { BotContext } from "../../context.js";

/** A refusal about a finished game: gone from the database, or not finished yet. */
export const reviewRefusal = (ctx: BotContext, error: ServiceError): string =>
  ctx.t(error.code === "not-found" ? "err-game-gone" : "err-game-not-over");
