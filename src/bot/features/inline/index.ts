import { Composer } from "grammy";
import { onButton } from "../../buttons.js";
import type { BotContext } from "../../context.js";
import type { PhotoUploader, RenderBoard } from "../../game-messenger.js";
import { cardSealer, sharedCopySealer } from "../challenge/card-seal.js";
import type { InlineDeps } from "./deps.js";
import type { InlineScope } from "./offers.js";
import { cardPress, chosenResult } from "./press.js";
import { cardPhotos, inlineQuery } from "./query.js";

/**
 * Inline mode: `@bot` in any chat offers the games; the chosen card becomes a challenge and
 * then the game, all inside that one inline message. The game speaks its challenger's
 * language, whoever accepts.
 */
export function inlineFeature(
  deps: InlineDeps,
  render: RenderBoard,
  uploader: PhotoUploader | null,
): Composer<BotContext> {
  const { config } = deps;
  const scope: InlineScope = {
    deps,
    ttlMinutes: Math.round(config.challengeTtlMs / 60_000),
    seal: cardSealer(config.token),
    sealCopy: sharedCopySealer(config.token),
    cardPhoto: cardPhotos(render, uploader),
  };
  const composer = new Composer<BotContext>();
  composer.on("inline_query", (ctx) => inlineQuery(scope, ctx));
  composer.on("chosen_inline_result", (ctx) => chosenResult(scope, ctx));
  onButton(composer, "card", (ctx, p) => cardPress(scope, ctx, p));
  return composer;
}
