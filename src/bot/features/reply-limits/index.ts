import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { REPLY_COMMANDS, type ReplyCommand } from "../../person-limits.js";
import { withinLimit } from "../limited.js";
import type { ReplyLimitsDeps } from "./deps.js";

/**
 * Each command that only answers counts against its sender's limit for that command before
 * any feature sees it; past it, the sender is told once and the command goes no further.
 */
export function replyLimitsFeature(deps: ReplyLimitsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command([...REPLY_COMMANDS], async (ctx, next) => {
    const name = /^\/([A-Za-z_]+)/.exec(ctx.msg.text ?? "")?.[1]?.toLowerCase() as
      | ReplyCommand
      | undefined;
    // A /start with a payload is a link's (a board, a review), each pressed on purpose.
    const linked = name === "start" && ctx.match !== "";
    const limit = name && !linked ? deps.limits.replies[name] : undefined;
    if (!limit || (await withinLimit(ctx, limit, "limit-command"))) await next();
  });
  return composer;
}
