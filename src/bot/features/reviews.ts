import { Composer, InputFile } from "grammy";
import { onButton } from "../buttons.js";
import type { ReviewItem } from "../callback-data.js";
import type { BotContext } from "../context.js";
import { gameLabel } from "../ui/caption.js";
import { analysisFeature } from "./analysis.js";
import type { FeatureDeps } from "./deps.js";
import { replayPress } from "./replay.js";
import { reviewRefusal } from "./review-refusal.js";

/** Where a review goes: the chat the press came from (a reply to the pressed message). */
function replyPlace(ctx: BotContext): { chatId: number; replyTo: number | null } | null {
  const m = ctx.callbackQuery?.message;
  return m ? { chatId: m.chat.id, replyTo: m.message_id } : null;
}

const replyTo = (id: number | null) =>
  id === null ? {} : { reply_parameters: { message_id: id, allow_sending_without_reply: true } };

/**
 * The buttons under a finished game's board and in /history (analysis, replay, record), and
 * `/analysis`.
 */
export function reviewsFeature(deps: FeatureDeps): Composer<BotContext> {
  const { answers, reviews } = deps;
  const composer = new Composer<BotContext>();

  const record = async (ctx: BotContext, gameId: number) => {
    const r = reviews.record(gameId);
    const place = replyPlace(ctx);
    if (!r.ok || !place) {
      await answers.answer(ctx, r.ok ? ctx.t("err-bad-button") : reviewRefusal(ctx, r.error), true);
      return;
    }
    await answers.answer(ctx);
    const { game, file } = r.value;
    const t = deps.textsFor(game.locale);
    await ctx.api.sendDocument(place.chatId, new InputFile(Buffer.from(file.text), file.fileName), {
      caption: t("record-caption", { game: gameLabel(t, game) }),
      parse_mode: "HTML",
      ...replyTo(place.replyTo),
    });
  };

  const analysis = analysisFeature(deps);
  composer.use(analysis.composer);

  const handlers: Record<ReviewItem, ((ctx: BotContext, gameId: number) => Promise<void>) | null> =
    { analysis: analysis.press, replay: replayPress(deps), record };

  onButton(composer, "review", async (ctx, { gameId, item }) => {
    const handler = handlers[item];
    if (handler) await handler(ctx, gameId);
    else await answers.answer(ctx, ctx.t("err-inactive-button"), true);
  });

  return composer;
}
