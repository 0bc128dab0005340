import { InputFile } from "grammy";
import type { GameView, Timeline } from "../../../services/index.js";
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
import { reviewRefusal } from "./refusal.js";
import { replayFrames } from "./replay-frames.js";
import { replyTo } from "./reply-to.js";

/** The replays of one bot: its deps, and the animations being drawn. */
interface ReplayScope {
  readonly deps: ReviewsDeps;
  /** Where each game's replay went lately: pointed to, not sent again, for an hour. */
  readonly sent: SentLately;
  /** Presses that come while a game's animation is being drawn share that drawing. */
  readonly drawing: Map<number, Promise<Buffer>>;
}

/**
 * 🎞 Replay: the game as one animation, drawn once (its file id is stored, then sent by it).
 * In a chat it is a new message under the board; an inline game's own message becomes the
 * animation, uploaded first to the cache chat, or else to the presser's private chat.
 * Drawing takes seconds, so it runs in the review queue (a fixed number at a time) after the
 * press is answered, off the chat's queue; a press while the same replay waits or is sent to
 * the same place shares that send.
 */
export function replayPress(deps: ReviewsDeps) {
  const scope: ReplayScope = {
    deps,
    drawing: new Map(),
    sent: new SentLately(REPOST_AFTER_MS, deps.service.config.now),
  };
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
  const { game, timeline } = r.value;
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
  const inlineId = q.inline_message_id;
  const m = q.message;
  const send = inlineId
    ? () => inline(scope, ctx, inlineId, game, timeline)
    : m
      ? () => inChat(scope, ctx, m.chat.id, m.message_id, game, timeline)
      : null;
  if (!send) {
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
  const queued = replays.ask(
    `${gameId}:${place}`,
    { userId: ctx.from!.id, chat: place },
    async () => {
      await gate.passed;
      await send();
    },
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

/** The game's animation, drawn now or by the press already drawing it. */
function draw(scope: ReplayScope, game: GameView, timeline: Timeline): Promise<Buffer> {
  const { deps, drawing } = scope;
  let p = drawing.get(game.id);
  if (!p) {
    p = deps.renderReplay(replayFrames(game, timeline));
    drawing.set(game.id, p);
    void p.finally(() => drawing.delete(game.id)).catch(() => {});
  }
  return p;
}

/** Sends the animation with its caption; returns the file id Telegram gave it. */
async function sendReplay(
  deps: ReviewsDeps,
  ctx: BotContext,
  chatId: number,
  game: GameView,
  media: InputFile | string,
  replyToId: number | null,
): Promise<{ fileId: string | null; messageId: number }> {
  const t = await deps.textsOf.game(game.id);
  const sent = await ctx.api.sendAnimation(chatId, media, {
    caption: replayCaption(t, game),
    parse_mode: "HTML",
    ...replyTo(replyToId),
  });
  return {
    fileId: sent.animation?.file_id ?? sent.document?.file_id ?? null,
    messageId: sent.message_id,
  };
}

/** The replay as a new message in the chat, under the message pressed. */
async function inChat(
  scope: ReplayScope,
  ctx: BotContext,
  chatId: number,
  under: number,
  game: GameView,
  timeline: Timeline,
) {
  const { reviews } = scope.deps;
  const stored = await reviews.replayFileId(game.id);
  const media = stored ?? new InputFile(await draw(scope, game, timeline), fileName(game));
  const { fileId, messageId } = await sendReplay(scope.deps, ctx, chatId, game, media, under);
  scope.sent.sent(`${game.id}:${chatId}`, messageId);
  if (!stored && fileId) await reviews.setReplayFileId(game.id, fileId);
}

/** A file id for the animation: stored, or uploaded now. Null: nowhere to upload it. */
async function fileIdFor(scope: ReplayScope, ctx: BotContext, game: GameView, timeline: Timeline) {
  const { deps } = scope;
  const userId = ctx.from!.id;
  const stored = await deps.reviews.replayFileId(game.id);
  if (stored) return stored;
  const gif = await draw(scope, game, timeline);
  const cache = deps.config.boardCacheChatId;
  let fileId: string;
  try {
    fileId = cache
      ? await uploadAnimation(ctx.api, cache, gif, fileName(game), deps.logger)
      : await privateUpload(deps, ctx, userId, game, gif);
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
  ctx: BotContext,
  userId: number,
  game: GameView,
  gif: Buffer,
) {
  const { fileId } = await sendReplay(
    deps,
    ctx,
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
  ctx: BotContext,
  inlineMessageId: string,
  game: GameView,
  timeline: Timeline,
) {
  const fileId = await fileIdFor(scope, ctx, game, timeline);
  // The private chat was checked before; it went away meanwhile.
  if (!fileId) return;
  const t = await scope.deps.textsOf.game(game.id);
  const board = gameMessage(t, game, false);
  await ctx.api.editMessageMediaInline(
    inlineMessageId,
    { type: "animation", media: fileId, caption: board.caption, parse_mode: "HTML" },
    { reply_markup: board.keyboard },
  );
}
