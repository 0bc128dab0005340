import { type Api, InputFile } from "grammy";
import type { ReviewJobRow } from "../../../db/telegram/review-jobs.js";
import type { GameView } from "../../../services/index.js";
import type { BotContext } from "../../context.js";
import { gameMessage } from "../../game-message.js";
import { uploadAnimation } from "../../inline-photos.js";
import { answerGate } from "../../review-queue.js";
import { SentLately } from "../../sent-lately.js";
import { isChatGone } from "../../telegram-errors.js";
import { queuedText } from "../../ui/queue-text.js";
import { replayCaption } from "../../ui/result-text.js";
import { pressWithinLimit } from "../limited.js";
import { REPOST_AFTER_MS } from "./analysis.js";
import type { ReviewsDeps } from "./deps.js";
import { type Making, reviewMaking } from "./making.js";
import { reviewRefusal } from "./refusal.js";
import { replyTo } from "./reply-to.js";

/** The replays of one bot: its deps, and the animations being drawn. */
interface ReplayScope {
  readonly deps: ReviewsDeps;
  /** Where each game's replay went lately: pointed to, not sent again, for an hour. */
  readonly sent: SentLately;
  /** An animation its job did not bring (Telegram lost the file id since, say) is drawn here. */
  readonly making: Making;
}

/**
 * 🎞 Replay: the game as one animation, drawn once (its file id is stored, then sent by it).
 * In a chat it is a new message under the board; an inline game's own message becomes the
 * animation, uploaded first to the cache chat, or else to the presser's private chat.
 * Drawing takes seconds, so it is a review job (drawn by any process, a fixed number at a
 * time), sent after the press is answered, off the chat's queue; a press while the same
 * replay waits or is sent to the same place shares that send.
 */
export function replayPress(deps: ReviewsDeps) {
  const scope: ReplayScope = {
    deps,
    making: reviewMaking(deps),
    sent: new SentLately(REPOST_AFTER_MS, deps.service.config.now),
  };
  deps.replays.serve((job, api) => deliver(scope, api, job));
  return (ctx: BotContext, gameId: number): Promise<void> => pressReplay(scope, ctx, gameId);
}

/** The 🎞 button: the replay queued for the chat or inline message pressed. */
async function pressReplay(scope: ReplayScope, ctx: BotContext, gameId: number): Promise<void> {
  const { deps } = scope;
  const { answers, reviews, replays } = deps;
  const r = await reviews.finished(gameId);
  if (!r.ok) {
    await answers.answer(ctx, reviewRefusal(ctx, r.error), true);
    return;
  }
  const { game } = r.value;
  const q = ctx.callbackQuery!;
  const stored = (await reviews.replayFileId(gameId)) !== null;
  if (!stored && q.inline_message_id && !deps.config.boardCacheChatId) {
    // Without a cache chat the animation goes through the presser's private chat.
    const reachable = await ctx.api
      .sendChatAction(ctx.from!.id, "upload_video")
      .then(() => true)
      .catch(() => false);
    if (!reachable) {
      await answers.answer(ctx, ctx.t("replay-needs-private"), true);
      return;
    }
  }
  const inlineId = q.inline_message_id ?? null;
  const m = q.message;
  if (!inlineId && !m) {
    await answers.answer(ctx);
    return;
  }
  const place = inlineId ? `inline:${inlineId}` : String(m?.chat.id);
  const lately = inlineId ? null : scope.sent.of(`${gameId}:${place}`);
  if (lately?.kind === "sent") {
    await answers.answer(ctx, ctx.t("replay-sent", { minutes: lately.minutes }));
    return;
  }
  if (!(await pressWithinLimit(deps, ctx))) return;
  const gate = answerGate();
  const queued = await replays.ask(
    {
      gameId: game.id,
      place,
      userId: ctx.from!.id,
      chatId: m && !inlineId ? m.chat.id : null,
      replyTo: m && !inlineId ? m.message_id : null,
      inlineMessageId: inlineId,
    },
    gate.passed,
  );
  const text = queuedText(ctx.t, queued, {
    waiting: "replay-queued",
    running: "replay-running",
    started: stored ? null : "replay-making",
  });
  try {
    await answers.answer(ctx, text ?? undefined, queued.kind === "refused");
  } finally {
    gate.open();
  }
}

const fileName = (game: GameView) => `nardy-${game.id}.gif`;

/** Sends what a replay's job made where it was asked: a chat, or an inline game's message. */
async function deliver(scope: ReplayScope, api: Api, job: ReviewJobRow): Promise<void> {
  const r = await scope.deps.reviews.finished(job.gameId);
  if (!r.ok) return;
  const { game, timeline } = r.value;
  const drawn = () =>
    job.result ? Promise.resolve(job.result) : scope.making.draw(game, timeline);
  if (job.inlineMessageId) await inline(scope, api, job.inlineMessageId, job.userId, game, drawn);
  else if (job.chatId !== null) await inChat(scope, api, job.chatId, job.replyTo, game, drawn);
}

/** Sends the animation with its caption; returns the file id Telegram gave it. */
async function sendReplay(
  deps: ReviewsDeps,
  api: Api,
  chatId: number,
  game: GameView,
  media: InputFile | string,
  replyToId: number | null,
): Promise<{ fileId: string | null; messageId: number }> {
  const t = await deps.textsOf.game(game.id);
  const sent = await api.sendAnimation(chatId, media, {
    caption: replayCaption(t, game),
    parse_mode: "HTML",
    ...replyTo(replyToId),
  });
  return {
    fileId: sent.animation?.file_id ?? sent.document?.file_id ?? null,
    messageId: sent.message_id,
  };
}

/** The animation, however it was made. */
type Drawn = () => Promise<Buffer>;

/** The replay as a new message in the chat, under the message pressed. */
async function inChat(
  scope: ReplayScope,
  api: Api,
  chatId: number,
  under: number | null,
  game: GameView,
  drawn: Drawn,
) {
  const { reviews } = scope.deps;
  const stored = await reviews.replayFileId(game.id);
  const media = stored ?? new InputFile(await drawn(), fileName(game));
  const { fileId, messageId } = await sendReplay(scope.deps, api, chatId, game, media, under);
  scope.sent.sent(`${game.id}:${chatId}`, messageId);
  if (!stored && fileId) await reviews.setReplayFileId(game.id, fileId);
}

/** A file id for the animation: stored, or uploaded now. Null: nowhere to upload it. */
async function fileIdFor(
  scope: ReplayScope,
  api: Api,
  userId: number,
  game: GameView,
  drawn: Drawn,
) {
  const { deps } = scope;
  const stored = await deps.reviews.replayFileId(game.id);
  if (stored) return stored;
  const gif = await drawn();
  const cache = deps.config.boardCacheChatId;
  let fileId: string;
  try {
    fileId = cache
      ? await uploadAnimation(api, cache, gif, fileName(game), deps.logger)
      : await privateUpload(deps, api, userId, game, gif);
  } catch (err) {
    if (!cache && isChatGone(err)) return null;
    throw err;
  }
  await deps.reviews.setReplayFileId(game.id, fileId);
  return fileId;
}

/** Uploads the animation by sending it to the presser's private chat. */
async function privateUpload(
  deps: ReviewsDeps,
  api: Api,
  userId: number,
  game: GameView,
  gif: Buffer,
) {
  const { fileId } = await sendReplay(
    deps,
    api,
    userId,
    game,
    new InputFile(gif, fileName(game)),
    null,
  );
  if (!fileId) throw new Error("Telegram returned no animation");
  return fileId;
}

/** The inline game's own message becomes the animation, its board's caption and buttons kept. */
async function inline(
  scope: ReplayScope,
  api: Api,
  inlineMessageId: string,
  userId: number,
  game: GameView,
  drawn: Drawn,
) {
  const fileId = await fileIdFor(scope, api, userId, game, drawn);
  // The private chat was checked before; it went away meanwhile.
  if (!fileId) return;
  const t = await scope.deps.textsOf.game(game.id);
  const board = gameMessage(t, game, false);
  await api.editMessageMediaInline(
    inlineMessageId,
    { type: "animation", media: fileId, caption: board.caption, parse_mode: "HTML" },
    { reply_markup: board.keyboard },
  );
}
