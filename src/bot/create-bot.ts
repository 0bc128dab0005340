import { autoRetry } from "@grammyjs/auto-retry";
import { conversations, type VersionedStateStorage } from "@grammyjs/conversations";
import {
  Api,
  type ApiClientOptions,
  Bot,
  type BotError,
  Composer,
  type Context,
  type Middleware,
  type MiddlewareFn,
  type Transformer,
} from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { BotConfig } from "../config.js";
import type { DialogStore } from "../db/telegram/dialog-store.js";
import type { UpdateInbox } from "../db/telegram/inbox.js";
import type { MessageStore } from "../db/telegram/message-store.js";
import type { TelegramStore } from "../db/telegram/store.js";
import type { Logger } from "../log.js";
import type { RenderDecisions } from "../render/decision.js";
import type { RenderReplay } from "../render/replay.js";
import type { RenderStandings } from "../render/standings-view.js";
import {
  type Analyse,
  analyseGame,
  type GameReviews,
  type GameService,
  type GameView,
  type PlayerRef,
  type TournamentService,
} from "../services/index.js";
import { exceptAnswers, PressAnswers } from "./answers.js";
import { BackgroundJobs } from "./background.js";
import { BoardSync } from "./boards.js";
import { callDeadline } from "./call-deadline.js";
import type { BotContext, InnerContext } from "./context.js";
import { basicsFeature } from "./features/basics.js";
import { challengeFeature } from "./features/challenge.js";
import type { FeatureDeps, LocalePrefs } from "./features/deps.js";
import { gameFeature } from "./features/game.js";
import { historyFeature } from "./features/history.js";
import { inlineFeature } from "./features/inline.js";
import { chatsBack, membershipFeature } from "./features/membership.js";
import {
  closeOvergrownDialogs,
  dialogKey,
  expireDialogs,
  newGameFeature,
} from "./features/new-game.js";
import { privateBoardFeature, privateBoardStart } from "./features/private-board.js";
import { replyLimitsFeature } from "./features/reply-limits.js";
import { resignFeature } from "./features/resign.js";
import { reviewsFeature } from "./features/reviews.js";
import { settingsFeature } from "./features/settings.js";
import { statsFeature } from "./features/stats.js";
import { tournamentFeature } from "./features/tournament.js";
import { GameMessenger, type PhotoUploader, type RenderBoard } from "./game-messenger.js";
import { Handoffs } from "./handoff.js";
import { createI18n, localeOf, translator } from "./i18n.js";
import { Maintenance } from "./maintenance.js";
import { MessageMemo } from "./message-memo.js";
import type { BudgetRules } from "./outbox/budget.js";
import { type Clock, systemClock } from "./outbox/clock.js";
import { costOf } from "./outbox/methods.js";
import { isDropped, Outbox, type WaitingLimits } from "./outbox/outbox.js";
import { personLimits } from "./person-limits.js";
import { PrivateBoards } from "./private-boards.js";
import { REVIEW_LIMITS, type ReviewLimits, ReviewQueue } from "./review-queue.js";
import { slowDownNotice } from "./slow-down.js";
import { TournamentBoards } from "./tournament-boards.js";
import { takingTurns } from "./turns.js";
import { UpdateFeed } from "./update-feed.js";
import { updateKeys } from "./update-keys.js";
import { webLinks } from "./web-links.js";
import { writtenTexts } from "./written-texts.js";

export interface BotDeps {
  readonly service: GameService;
  readonly reviews: GameReviews;
  readonly tournaments: TournamentService;
  readonly renderBoard: RenderBoard;
  /** Draws a tournament's standings table or bracket. */
  readonly renderStandings: RenderStandings;
  readonly logger: Logger;
  readonly prefs: LocalePrefs;
  /** Where set-up dialogs keep their state and their messages. */
  readonly dialogs: DialogStore;
  /** Tests give this so no getMe is sent. */
  readonly botInfo?: UserFromGetMe;
  /** Tests answer every API call here; conversations use it too. */
  readonly fetch?: ApiClientOptions["fetch"];
  /** Whether a computer player takes the bot's seat in games against it (`/play bot`). */
  readonly computerPlays?: boolean;
  /** Draws the picture of an analysis's costliest decisions. */
  readonly renderDecisions: RenderDecisions;
  /** Analyses a finished game; in this thread unless given (the bot gives a worker's). */
  readonly analyse?: Analyse;
  /** Draws a replay animation. */
  readonly renderReplay: RenderReplay;
  /** Gets a file id for a board picture, for inline messages. */
  readonly photoUploader?: PhotoUploaderFor;
  /** How many analyses and replays run at once and may wait (REVIEW_LIMITS unless given). */
  readonly reviewLimits?: ReviewLimits;
  /** The clock presses are timed by (tests move it). */
  readonly now?: () => number;
  /** Where updates are stored until handled; without it there is no `feed`. */
  readonly inbox?: UpdateInbox;
  /** The clock chats' budgets are spent by (tests give one they move). */
  readonly clock?: Clock;
  /** Each chat's budget; a little under Telegram's limits unless given. */
  readonly budgets?: BudgetRules;
  /** Replies that may wait for budgets, per chat and in all (WAITING_LIMITS unless given). */
  readonly waitingLimits?: WaitingLimits;
  /** The front end's own records: budgets spent, private boards, where things are shown. */
  readonly store: TelegramStore;
}

/** Makes the uploader inline boards' pictures go through, on the API it is given. */
export type PhotoUploaderFor = (api: Api) => PhotoUploader | null;

export interface BotParts {
  readonly bot: Bot<BotContext>;
  readonly boards: BoardSync;
  readonly tournamentBoards: TournamentBoards;
  /** Every send and edit, within each chat's budget. */
  readonly outbox: Outbox;
  /** Replays and analyses being made after their press was answered. */
  readonly jobs: BackgroundJobs;
  readonly maintenance: Maintenance;
  readonly deps: FeatureDeps;
  /** Updates in through the inbox (polling and webhook), when the bot has one. */
  readonly feed: UpdateFeed | null;
  /** Saves what the next start needs of this process's memory (call when stopping). */
  readonly persist: () => void;
}

/** The bot's own user, as the player it is in games against it. */
export const botPlayer = (me: UserFromGetMe): PlayerRef => ({
  id: me.id,
  firstName: me.first_name,
  username: me.username,
});

/** Builds the bot; no API call happens here. */
export function createBot(config: BotConfig, deps: BotDeps): BotParts {
  const client: ApiClientOptions = {
    ...(config.apiRoot ? { apiRoot: config.apiRoot } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    // One attempt's limit (grammY's default is 500 s); a long poll takes up to 30 s.
    timeoutSeconds: 60,
  };
  const bot = new Bot<BotContext>(config.token, {
    client,
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const { logger, service } = deps;
  // Set once the board's API exists: a full chat is told to slow down through it.
  let tellFull: (lane: string) => void = () => {};
  const outbox = new Outbox(logger, deps.clock, deps.budgets, deps.waitingLimits, (lane) =>
    tellFull(lane),
  );
  // What the last process spent in the last minute still counts at Telegram's end.
  outbox.restore(deps.store.spendsSince((deps.clock ?? systemClock).now() - 2 * 60_000));
  // A press's answer has its own quicker retries, inside the press's time (PressAnswers).
  const retry = exceptAnswers(retrying());
  const deadline = callDeadline();
  // A press not handled for a flood is still answered, in the presser's language.
  const busy = (update: Update) => {
    const q = update.callback_query;
    if (!q) return Promise.resolve();
    const t = textsFor(deps.prefs.get(q.from.id) ?? localeOf(q.from.language_code));
    return bot.api.answerCallbackQuery(q.id, { text: t("press-busy") }).then(() => {});
  };
  const feed = deps.inbox ? new UpdateFeed(bot, deps.inbox, logger, deps.now, busy) : null;
  const answers = new PressAnswers(logger, deps.now, (id) => feed?.arrivalOf(id));
  const memo = new MessageMemo();
  const jobs = new BackgroundJobs(logger);
  const handoffs = new Handoffs(answers, jobs);
  // Outermost first to run: the lost chat's guard, then the memo (an edit that changes nothing
  // is not sent, so it spends nothing), then the chats' budgets, the memo again (an update let
  // go while its edit waited may be followed by one making the same edit), then each
  // attempt's deadline.
  const gated = outbox.gate({ retryAfter429: true, whenWaiting: handoffs.waiting });
  bot.api.config.use(retry);
  bot.api.config.use(deadline);
  bot.api.config.use(memo.transformer);
  bot.api.config.use(gated);
  bot.api.config.use(answers.transformer);
  bot.api.config.use(memo.transformer);
  bot.api.config.use(lostChatGuard(deps.store.messages));
  // Boards retry in BoardSync, each time with the newest state: a failed edit is not sent
  // again as it was, so their calls bypass auto-retry.
  const boardApi = new Api(config.token, client);
  boardApi.config.use(deadline);
  boardApi.config.use(memo.transformer);
  boardApi.config.use(outbox.gate({ retryAfter429: false }));
  boardApi.config.use(memo.transformer);
  boardApi.config.use(lostChatGuard(deps.store.messages));

  const i18n = createI18n<Context>(
    (ctx) => deps.prefs.get(ctx.from?.id ?? 0) ?? localeOf(ctx.from?.language_code),
  );
  const textsFor = (locale: string | null) => translator(i18n, locale);
  const textsOf = writtenTexts(deps.store.messages, textsFor);
  const uploader = deps.photoUploader?.(bot.api) ?? null;
  const boardUploader = deps.photoUploader?.(boardApi) ?? null;
  const messenger = new GameMessenger(boardApi, deps.renderBoard, logger, boardUploader);
  const web = webLinks(config.webBoard, () => bot.botInfo.username);
  const privateBoards = new PrivateBoards(
    service,
    deps.store,
    messenger,
    textsOf,
    logger,
    outbox,
    web ? web.inPrivate : undefined,
  );
  // A game in a private chat is played there already.
  const playHere = (game: GameView) =>
    game.chatId !== null && game.chatId > 0
      ? null
      : `https://t.me/${bot.botInfo.username}?start=${privateBoardStart(game.id)}`;
  const boards = new BoardSync(
    service,
    deps.store.messages,
    messenger,
    textsOf,
    logger,
    outbox,
    privateBoards,
    (game) => ({
      playHere: playHere(game),
      openBoard: web?.forGame(game) ?? null,
    }),
  );
  const tournamentBoards = new TournamentBoards(
    boardApi,
    outbox,
    deps.tournaments,
    deps.store.tournamentMessages,
    deps.renderStandings,
    textsFor,
    logger,
    deps.now ?? service.config.now,
  );
  const computer = deps.computerPlays && deps.botInfo ? botPlayer(deps.botInfo) : null;
  tellFull = slowDownNotice(outbox, boardApi, deps.prefs, textsFor);
  const limits = deps.reviewLimits ?? REVIEW_LIMITS;
  const featureDeps: FeatureDeps = {
    config,
    service,
    messages: deps.store.messages,
    tournamentMessages: deps.store.tournamentMessages,
    reviews: deps.reviews,
    boards,
    privateBoards,
    tournaments: deps.tournaments,
    tournamentBoards,
    answers,
    isReplay: (updateId) => feed?.isReplay(updateId) ?? false,
    i18n,
    textsFor,
    textsOf,
    logger,
    prefs: deps.prefs,
    memo,
    computer,
    limits: personLimits(deps.now ?? service.config.now),
    jobs,
    analyses: new ReviewQueue("analysis", limits.analyses, jobs),
    replays: new ReviewQueue("replay", limits.replays, jobs),
    renderReplay: deps.renderReplay,
    analyse: deps.analyse ?? analyseGame,
    renderDecisions: deps.renderDecisions,
  };
  const maintenance = new Maintenance(
    bot.api,
    service,
    deps.store.messages,
    boards,
    textsOf,
    logger,
    deps.botInfo?.id ?? null,
  );
  const dialogsClosed = { deps: featureDeps, api: bot.api, dialogs: deps.dialogs };
  maintenance.onTick(() => expireDialogs(dialogsClosed, config.challengeTtlMs));
  if (feed) maintenance.onTick(() => feed.prune());
  // A game begun on a copied inline card whose challenger never played lapses with the
  // challenge time.
  maintenance.onTick((now) => void service.lapseUnconfirmed(now - config.challengeTtlMs));
  // Sign-up windows close, and tournaments catch up with games that ended while down.
  maintenance.onTick((now) => {
    deps.tournaments.closeSignups(now);
    deps.tournaments.advanceAll();
    tournamentBoards.catchUp();
  });

  // First: a press's time to be answered runs from its arrival, not from its turn in a queue.
  bot.use(answers.middleware() as MiddlewareFn<BotContext>);
  bot.use(handoffs.middleware());
  // Presses on one game (or challenge, or message) run one at a time; others run in parallel.
  bot.use(takingTurns(updateKeys, (ctx) => void answers.answer(ctx)));
  bot.use(i18n.middleware() as MiddlewareFn<BotContext>);
  bot.use(chatsBack(featureDeps));
  const insideConversations: MiddlewareFn<InnerContext> = (ctx, next) => {
    ctx.api.config.use(retry);
    ctx.api.config.use(deadline);
    ctx.api.config.use(memo.transformer);
    ctx.api.config.use(gated);
    ctx.api.config.use(answers.transformer);
    ctx.api.config.use(memo.transformer);
    ctx.api.config.use(lostChatGuard(deps.store.messages));
    return (i18n.middleware() as MiddlewareFn<InnerContext>)(ctx, next);
  };
  // The dialogs' state is written when the plugin below is done with an update: one the store
  // refused as too large has ended, and its message says so.
  bot.use(async (_ctx, next) => {
    await next();
    await closeOvergrownDialogs(dialogsClosed);
  });
  bot.use(
    conversations<BotContext, InnerContext>({
      storage: {
        type: "key",
        // One dialog per person per chat, so two people can set up games at once.
        getStorageKey: (ctx) =>
          ctx.chatId !== undefined && ctx.from ? dialogKey(ctx.chatId, ctx.from.id) : undefined,
        // Bump when the dialog's steps change: older saved dialogs are then dropped.
        version: 6,
        adapter: deps.dialogs as VersionedStateStorage<string, never>,
      },
    }),
  );

  const onFailure = async (err: BotError<BotContext>) => {
    // Dropped for a full outbox: logged once for the chat, which is told to slow down.
    if (isDropped(err.error)) return;
    logger.error({ err: err.error, update: err.ctx.update.update_id }, "update failed");
    await tellUser(err.ctx, answers);
  };
  const guarded = (...features: Middleware<BotContext>[]) =>
    new Composer<BotContext>().errorBoundary(onFailure, ...features);
  // Every feature but the set-up dialog lets its update go once a reply must wait (Handoffs);
  // the dialog's step holds on, as its state is stored when the step ends.
  bot.use(
    handoffs.lettingGo(
      guarded(
        replyLimitsFeature(featureDeps),
        membershipFeature(featureDeps),
        privateBoardFeature(featureDeps),
        basicsFeature(featureDeps),
      ),
    ),
  );
  bot.use(guarded(newGameFeature(featureDeps, insideConversations, deps.dialogs)));
  bot.use(
    handoffs.lettingGo(
      guarded(
        challengeFeature(featureDeps),
        inlineFeature(featureDeps, deps.renderBoard, uploader),
        resignFeature(featureDeps),
        gameFeature(featureDeps),
        reviewsFeature(featureDeps),
        historyFeature(featureDeps),
        statsFeature(featureDeps),
        tournamentFeature(featureDeps),
        settingsFeature(featureDeps),
        unhandledPress(answers),
      ),
    ),
  );

  bot.catch((err: BotError<BotContext>) => {
    logger.error({ err: err.error, update: err.ctx.update.update_id }, "unhandled error");
  });
  const persist = () => deps.store.saveSpends(outbox.spends());
  return {
    bot,
    boards,
    tournamentBoards,
    outbox,
    jobs,
    maintenance,
    deps: featureDeps,
    feed,
    persist,
  };
}

/**
 * auto-retry for every call, but a send or edit that draws a 429 returns it at once: the
 * outbox then holds that chat (and only that chat) for the wait and sends it again.
 */
function retrying(): Transformer {
  const calls = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 });
  const budgeted = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: -1 });
  return (prev, method, payload, signal) =>
    (costOf(method, payload) > 0 ? budgeted : calls)(prev, method, payload, signal);
}

/**
 * Nothing goes into a chat the bot has lost (removed from a group, blocked in a private
 * chat): whatever would be sent there (a board, a reminder, a closed challenge or dialog)
 * fails at once as Telegram would fail it, with a 403, and is handled as such. The chat is
 * back when Telegram says so (my_chat_member) or delivers anything from it.
 */
export function lostChatGuard(messages: MessageStore): Transformer {
  return (prev, method, payload, signal) => {
    const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
    if (typeof chatId === "number" && messages.isChatPaused(chatId))
      return Promise.resolve({
        ok: false as const,
        error_code: 403,
        description: "Forbidden: the bot has lost this chat (not sent)",
      });
    return prev(method, payload, signal);
  };
}

/** A button nobody handles: forged, or of a kind this version no longer has. */
function unhandledPress(answers: PressAnswers): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("callback_query", (ctx) => answers.answer(ctx, ctx.t("err-inactive-button"), true));
  return composer;
}

/** After a failure, answer the press or say sorry, without ever throwing from here. */
async function tellUser(ctx: BotContext, answers: PressAnswers): Promise<void> {
  try {
    if (ctx.callbackQuery) await answers.answer(ctx, ctx.t("err-generic"), true);
    else if (ctx.chat && ctx.message) await ctx.reply(ctx.t("err-generic"));
  } catch {
    // Telegram itself may be what failed.
  }
}
