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
} from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { BotConfig } from "../config.js";
import type { DialogStore } from "../db/telegram/dialog-store.js";
import type { UpdateInbox } from "../db/telegram/inbox.js";
import type { TelegramStore } from "../db/telegram/store.js";
import type { Logger } from "../log.js";
import type { RenderDecisions } from "../render/decision.js";
import { type RenderRatingChart, renderRatingChartPng } from "../render/rating-chart.js";
import type { RenderReplay } from "../render/replay.js";
import type { RenderStandings } from "../render/standings-view.js";
import {
  type Analyse,
  analyseGame,
  type GameReviews,
  type GameService,
  type GameView,
  type LobbyService,
  type PlayerRef,
  type TournamentService,
} from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import { PressAnswers } from "./answers.js";
import { BackgroundJobs } from "./background.js";
import { BoardSync } from "./boards.js";
import { callChain, useChain } from "./call-chain.js";
import type { BotContext, InnerContext } from "./context.js";
import { basicsFeature } from "./features/basics/index.js";
import { challengeFeature } from "./features/challenge/index.js";
import type { FeatureDeps, LocalePrefs } from "./features/deps.js";
import { gameFeature } from "./features/game/index.js";
import { historyFeature } from "./features/history/index.js";
import { inlineFeature } from "./features/inline/index.js";
import { lobbyFeature } from "./features/lobby/index.js";
import { chatsBack, membershipFeature } from "./features/membership/index.js";
import {
  closeOvergrownDialogs,
  dialogKey,
  expireDialogs,
  newGameFeature,
} from "./features/new-game/index.js";
import { privateBoardFeature, privateBoardStart } from "./features/private-board/index.js";
import { replyLimitsFeature } from "./features/reply-limits/index.js";
import { resignFeature } from "./features/resign/index.js";
import { reviewsFeature } from "./features/reviews/index.js";
import { reviewMaking } from "./features/reviews/making.js";
import { settingsFeature } from "./features/settings/index.js";
import { statsFeature } from "./features/stats/index.js";
import { strangersFeature } from "./features/strangers/index.js";
import { StrangerNotes } from "./features/strangers/notes.js";
import { TournamentBoards } from "./features/tournament/boards.js";
import { tournamentFeature } from "./features/tournament/index.js";
import { GameMessenger, type PhotoUploader, type RenderBoard } from "./game-messenger.js";
import { Handoffs } from "./handoff.js";
import { createI18n, localeOf, translator } from "./i18n.js";
import { Maintenance } from "./maintenance.js";
import { MessageMemo } from "./message-memo.js";
import type { BudgetRules } from "./outbox/budget.js";
import { type Clock, systemClock } from "./outbox/clock.js";
import { KeptCalls, type RecordFollowUp } from "./outbox/kept.js";
import { isDropped, Outbox, type WaitingLimits } from "./outbox/outbox.js";
import { personLimits } from "./person-limits.js";
import { PrivateBoards } from "./private-boards.js";
import { ReviewDelivery } from "./review-delivery.js";
import { ReviewMakers } from "./review-makers.js";
import { REVIEW_LIMITS, type ReviewLimits, ReviewQueue } from "./review-queue.js";
import { Seekers } from "./seekers.js";
import { slowDownNotice } from "./slow-down.js";
import { takingTurns } from "./turns.js";
import { UpdateFeed } from "./update-feed.js";
import { updateKeys } from "./update-keys.js";
import { webLinks } from "./web-links.js";
import { type WrittenTexts, writtenTexts } from "./written-texts.js";

/** What draws the bot's pictures. */
export interface Renderers {
  readonly board: RenderBoard;
  /** An analysis's costliest decisions: the play made and the best play of each. */
  readonly decisions: RenderDecisions;
  /** A replay animation. */
  readonly replay: RenderReplay;
  /** A tournament's standings table or bracket. */
  readonly standings: RenderStandings;
  /** A player's rating chart (/rating); the real one unless given. */
  readonly rating?: RenderRatingChart;
}

export interface BotDeps {
  readonly service: GameService;
  readonly reviews: GameReviews;
  readonly tournaments: TournamentService;
  readonly lobby: LobbyService;
  readonly render: Renderers;
  readonly logger: Logger;
  readonly prefs: LocalePrefs;
  /** The front end's own records: budgets spent, private boards, where things are shown. */
  readonly store: TelegramStore;
  /** Where set-up dialogs keep their state and their messages. */
  readonly dialogs: DialogStore;
  /** Where updates are stored until handled; without it there is no `feed`. */
  readonly inbox?: UpdateInbox;
  /** Tests give this so no getMe is sent. */
  readonly botInfo?: UserFromGetMe;
  /** Tests answer every API call here; conversations use it too. */
  readonly fetch?: ApiClientOptions["fetch"];
  /** Whether a computer player takes the bot's seat in games against it (`/play bot`). */
  readonly computerPlays?: boolean;
  /** Analyses a finished game; in this thread unless given (the bot gives a worker's). */
  readonly analyse?: Analyse;
  /** Gets a file id for a board picture, for inline messages. */
  readonly photoUploader?: PhotoUploaderFor;
  /**
   * This process's makers of review jobs, when they run before the bot does (a standby's);
   * the bot makes its own without.
   */
  readonly makers?: ReviewMakers;
  readonly limits?: BotLimits;
}

/** The clocks and limits the bot runs by; tests and benches give their own. */
export interface BotLimits {
  /** The clock presses are timed by. */
  readonly now?: () => number;
  /** The clock chats' budgets are spent by. */
  readonly clock?: Clock;
  /** Each chat's budget; a little under Telegram's limits unless given. */
  readonly budgets?: BudgetRules;
  /** Replies that may wait for budgets, per chat and in all (WAITING_LIMITS unless given). */
  readonly waiting?: WaitingLimits;
  /** How many analyses and replays run at once and may wait (REVIEW_LIMITS unless given). */
  readonly reviews?: ReviewLimits;
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
  /** The review jobs: made by this process's makers, and sent from here once made. */
  readonly reviewJobs: { readonly makers: ReviewMakers; readonly delivery: ReviewDelivery };
  readonly maintenance: Maintenance;
  /** Tells seekers in the lobby what became of their seek. */
  readonly seekers: Seekers;
  /** Carries set phrases between strangers of a lobby game, and offers the closing ones. */
  readonly strangers: StrangerNotes;
  readonly deps: FeatureDeps;
  /** Updates in through the inbox (polling and webhook), when the bot has one. */
  readonly feed: UpdateFeed | null;
  /**
   * Sends, in the background, the replies a process before this one kept and never sent
   * (call once, when the bot starts taking updates); returns how many.
   */
  readonly resendKept: () => Promise<number>;
}

/** The bot's own user, as the player it is in games against it. */
export const botPlayer = (me: UserFromGetMe): PlayerRef => ({
  id: me.id,
  firstName: me.first_name,
  username: me.username,
});

/** Builds the bot; no API call happens here. */
export async function createBot(config: BotConfig, deps: BotDeps): Promise<BotParts> {
  const client = apiClient(config, deps);
  const bot = new Bot<BotContext>(config.token, {
    client,
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const texts = languages(deps);
  const sending = await sendingParts(bot, deps, texts.textsFor);
  // Boards retry in BoardSync, so their calls go through an API of their own (call-chain.ts).
  const boardApi = new Api(config.token, client);
  useChain(bot.api, sending.chain.calls);
  useChain(boardApi, sending.chain.boards);
  sending.tellFull(slowDownNotice(sending.outbox, boardApi, deps.prefs, texts.textsFor));
  const boards = boardParts(config, deps, bot, boardApi, sending.outbox, texts);
  const review = reviewParts(deps, bot.api, sending.jobs);
  const featureDeps = featureDepsOf(config, deps, { ...sending, ...boards, ...texts, review });
  const maintenance = maintenanceOf(config, deps, bot.api, featureDeps, sending);
  useUpdateFlow(bot, featureDeps, sending, deps.dialogs);
  const strangers = new StrangerNotes({
    api: boardApi,
    outbox: sending.outbox,
    service: deps.service,
    store: deps.store,
    prefs: deps.prefs,
    textsFor: texts.textsFor,
    logger: deps.logger,
  });
  useFeatures(bot, featureDeps, deps, sending, bot.api, strangers);
  bot.catch((err: BotError<BotContext>) => {
    deps.logger.error({ err: err.error, update: err.ctx.update.update_id }, "unhandled error");
  });
  return {
    bot,
    boards: boards.boards,
    tournamentBoards: boards.tournamentBoards,
    outbox: sending.outbox,
    jobs: sending.jobs,
    reviewJobs: review,
    maintenance,
    seekers: new Seekers({
      api: boardApi,
      outbox: sending.outbox,
      service: deps.service,
      prefs: deps.prefs,
      textsFor: texts.textsFor,
      seekMessages: deps.store.seekMessages,
      logger: deps.logger,
      told: (seekId) => deps.lobby.markTold(seekId),
    }),
    strangers,
    deps: featureDeps,
    feed: sending.feed,
    resendKept: () =>
      sending.kept.resend(sending.outbox, bot.api, sending.jobs, followUpRecorder(deps.store)),
  };
}

function apiClient(config: BotConfig, deps: BotDeps): ApiClientOptions {
  return {
    ...(config.apiRoot ? { apiRoot: config.apiRoot } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    // One attempt's limit (grammY's default is 500 s); a long poll takes up to 30 s.
    timeoutSeconds: 60,
  };
}

/** The bot's languages: per update (i18n), per chosen locale, per game or challenge. */
function languages(deps: BotDeps) {
  const i18n = createI18n<Context>(
    async (ctx) => (await deps.prefs.get(ctx.from?.id ?? 0)) ?? localeOf(ctx.from?.language_code),
  );
  const textsFor = (locale: string | null): Translate => translator(i18n, locale);
  const textsOf: WrittenTexts = writtenTexts(deps.store.messages, textsFor);
  return { i18n, textsFor, textsOf };
}

type Sending = Awaited<ReturnType<typeof sendingParts>>;

/** How updates come in and replies go out: the inbox's feed, the chats' budgets, answers. */
async function sendingParts(
  bot: Bot<BotContext>,
  deps: BotDeps,
  textsFor: (l: string | null) => Translate,
) {
  const { logger } = deps;
  const clock = deps.limits?.clock;
  // Set once the boards' API exists: a full chat is told to slow down through it.
  let full: (lane: string) => void = () => {};
  const kept = new KeptCalls(deps.store.outbox, logger, () => (clock ?? systemClock).now());
  const outbox = new Outbox({
    logger,
    ...(clock ? { clock } : {}),
    ...(deps.limits?.budgets ? { rules: deps.limits.budgets } : {}),
    ...(deps.limits?.waiting ? { limits: deps.limits.waiting } : {}),
    onFull: (lane) => full(lane),
    ledger: kept,
  });
  // What the last process spent in the last minutes still counts at Telegram's end.
  outbox.restore(await kept.spends());
  // A press not handled for a flood is still answered, in the presser's language.
  const busy = async (update: Update) => {
    const q = update.callback_query;
    if (!q) return Promise.resolve();
    const t = textsFor((await deps.prefs.get(q.from.id)) ?? localeOf(q.from.language_code));
    return bot.api.answerCallbackQuery(q.id, { text: t("press-busy") }).then(() => {});
  };
  const now = deps.limits?.now;
  const feed = deps.inbox ? new UpdateFeed(bot, deps.inbox, logger, now, busy) : null;
  const answers = new PressAnswers(logger, now, (id) => feed?.arrivalOf(id));
  const memo = new MessageMemo();
  const jobs = new BackgroundJobs(logger);
  const handoffs = new Handoffs(answers, jobs);
  const chain = callChain({
    outbox,
    memo,
    answers,
    messages: deps.store.messages,
    whenWaiting: handoffs.waiting,
    keepWaiting: handoffs.lostIfStopped,
  });
  const tellFull = (notice: (lane: string) => void) => {
    full = notice;
  };
  return { outbox, kept, feed, answers, memo, jobs, handoffs, chain, tellFull };
}

/** The messages kept up to date with their games and tournaments. */
function boardParts(
  config: BotConfig,
  deps: BotDeps,
  bot: Bot<BotContext>,
  boardApi: Api,
  outbox: Outbox,
  texts: ReturnType<typeof languages>,
) {
  const { service, logger } = deps;
  const photos = deps.photoUploader?.(boardApi) ?? null;
  const messenger = new GameMessenger(boardApi, deps.render.board, logger, photos);
  const web = webLinks(config.webBoard, () => bot.botInfo.username);
  const privateBoards = new PrivateBoards({
    service,
    store: deps.store,
    messenger,
    texts: texts.textsOf,
    logger,
    outbox,
    api: boardApi,
    ...(web ? { openBoard: web.inPrivate } : {}),
  });
  // A game in a private chat is played there already.
  const playHere = (game: GameView) =>
    game.chatId !== null && game.chatId > 0
      ? null
      : `https://t.me/${bot.botInfo.username}?start=${privateBoardStart(game.id)}`;
  const boards = new BoardSync({
    service,
    messages: deps.store.messages,
    messenger,
    texts: texts.textsOf,
    logger,
    outbox,
    privateBoards,
    linksOf: (game) => ({ playHere: playHere(game), openBoard: web?.forGame(game) ?? null }),
  });
  const tournamentBoards = new TournamentBoards({
    api: boardApi,
    outbox,
    service: deps.tournaments,
    messages: deps.store.tournamentMessages,
    render: deps.render.standings,
    textsFor: texts.textsFor,
    logger,
    now: deps.limits?.now ?? service.config.now,
  });
  return { boards, privateBoards, tournamentBoards };
}

/**
 * The review jobs' two ends: the makers (this process's, or the bot's own), and the sending of
 * what any process made.
 */
function reviewParts(deps: BotDeps, api: Api, jobs: BackgroundJobs) {
  const limits = deps.limits?.reviews ?? REVIEW_LIMITS;
  const makers =
    deps.makers ??
    new ReviewMakers({
      jobs: deps.store.reviewJobs,
      make: reviewMaking({
        reviews: deps.reviews,
        analyse: deps.analyse ?? analyseGame,
        renderReplay: deps.render.replay,
      }).make,
      workers: { analysis: limits.analyses.workers, replay: limits.replays.workers },
      logger: deps.logger,
    });
  const now = deps.limits?.now ?? deps.service.config.now;
  const delivery = new ReviewDelivery(deps.store.reviewJobs, api, jobs, deps.logger, now);
  makers.onMade(() => delivery.poke());
  makers.onGone((id) => delivery.forget(id));
  const queue = { jobs: deps.store.reviewJobs, makers, delivery, now };
  return {
    makers,
    delivery,
    analyses: new ReviewQueue("analysis", limits.analyses, queue),
    replays: new ReviewQueue("replay", limits.replays, queue),
  };
}

/** What the features are built from. */
function featureDepsOf(
  config: BotConfig,
  deps: BotDeps,
  parts: Sending &
    ReturnType<typeof boardParts> &
    ReturnType<typeof languages> & { review: ReturnType<typeof reviewParts> },
): FeatureDeps {
  const { service } = deps;
  return {
    config,
    service,
    messages: deps.store.messages,
    tournamentMessages: deps.store.tournamentMessages,
    seekMessages: deps.store.seekMessages,
    reviews: deps.reviews,
    boards: parts.boards,
    privateBoards: parts.privateBoards,
    tournaments: deps.tournaments,
    lobby: deps.lobby,
    tournamentBoards: parts.tournamentBoards,
    answers: parts.answers,
    isReplay: (updateId) => parts.feed?.isReplay(updateId) ?? false,
    i18n: parts.i18n,
    textsFor: parts.textsFor,
    textsOf: parts.textsOf,
    logger: deps.logger,
    prefs: deps.prefs,
    memo: parts.memo,
    computer: deps.computerPlays && deps.botInfo ? botPlayer(deps.botInfo) : null,
    limits: personLimits(deps.limits?.now ?? service.config.now),
    analyses: parts.review.analyses,
    replays: parts.review.replays,
    renderReplay: deps.render.replay,
    analyse: deps.analyse ?? analyseGame,
    renderDecisions: deps.render.decisions,
    renderRating: deps.render.rating ?? renderRatingChartPng,
  };
}

/** The work no update triggers, at every tick. */
function maintenanceOf(
  config: BotConfig,
  deps: BotDeps,
  api: Api,
  featureDeps: FeatureDeps,
  { feed, kept }: Pick<Sending, "feed" | "kept">,
): Maintenance {
  const { service } = deps;
  const maintenance = new Maintenance({
    api,
    service,
    messages: deps.store.messages,
    boards: featureDeps.boards,
    texts: featureDeps.textsOf,
    logger: deps.logger,
    ownId: deps.botInfo?.id ?? null,
  });
  const dialogs = { deps: featureDeps, api, dialogs: deps.dialogs };
  maintenance.onTick(() => expireDialogs(dialogs, config.challengeTtlMs));
  if (feed) maintenance.onTick(() => feed.prune());
  maintenance.onTick(() => kept.prune());
  // A game begun on a copied inline card whose challenger never played lapses with the
  // challenge time.
  maintenance.onTick((now) => void service.lapseUnconfirmed(now - config.challengeTtlMs));
  // Sign-up windows close, and tournaments catch up with games that ended while down.
  maintenance.onTick(async (now) => {
    await deps.tournaments.closeSignups(now);
    await deps.tournaments.advanceAll();
    await featureDeps.tournamentBoards.catchUp();
  });
  return maintenance;
}

/** What every update passes before the features: its answer's clock, its turn, its language. */
function useUpdateFlow(
  bot: Bot<BotContext>,
  featureDeps: FeatureDeps,
  sending: Sending,
  dialogs: DialogStore,
): void {
  const { answers, handoffs } = sending;
  // First: a press's time to be answered runs from its arrival, not from its turn in a queue.
  bot.use(answers.middleware() as MiddlewareFn<BotContext>);
  bot.use(handoffs.middleware());
  // Presses on one game (or challenge, or message) run one at a time; others run in parallel.
  bot.use(takingTurns(updateKeys, (ctx) => void answers.answer(ctx)));
  bot.use(featureDeps.i18n.middleware() as MiddlewareFn<BotContext>);
  bot.use(chatsBack(featureDeps));
  // The dialogs' state is written when the plugin below is done with an update: one the store
  // refused as too large has ended, and its message says so.
  bot.use(async (_ctx, next) => {
    await next();
    await closeOvergrownDialogs({ deps: featureDeps, api: bot.api, dialogs });
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
        adapter: dialogs as VersionedStateStorage<string, never>,
      },
    }),
  );
}

/** The features, each behind the error boundary. */
function useFeatures(
  bot: Bot<BotContext>,
  featureDeps: FeatureDeps,
  deps: BotDeps,
  sending: Sending,
  api: Api,
  notes: StrangerNotes,
): void {
  const { answers, handoffs } = sending;
  const onFailure = async (err: BotError<BotContext>) => {
    // Dropped for a full outbox: logged once for the chat, which is told to slow down.
    if (isDropped(err.error)) return;
    deps.logger.error({ err: err.error, update: err.ctx.update.update_id }, "update failed");
    await tellUser(err.ctx, answers);
  };
  // errorBoundary returns the composer inside the boundary; the one holding it is used.
  const guarded = (...features: Middleware<BotContext>[]) => {
    const bounded = new Composer<BotContext>();
    bounded.errorBoundary(onFailure, ...features);
    return bounded;
  };
  // Inside a dialog the context's API is a new one: it gets the same chain, and the language.
  const insideDialogs: MiddlewareFn<InnerContext> = (ctx, next) => {
    useChain(ctx.api, sending.chain.calls);
    return (featureDeps.i18n.middleware() as MiddlewareFn<InnerContext>)(ctx, next);
  };
  const uploader = deps.photoUploader?.(api) ?? null;
  const f = featureDeps;
  // Every feature but the set-up dialog lets its update go once a reply must wait (Handoffs);
  // the dialog's step holds on, as its state is stored when the step ends.
  bot.use(
    handoffs.lettingGo(
      guarded(
        replyLimitsFeature(f),
        membershipFeature(f),
        privateBoardFeature(f),
        basicsFeature(f),
      ),
    ),
  );
  bot.use(guarded(newGameFeature(f, insideDialogs, deps.dialogs)));
  bot.use(
    handoffs.lettingGo(
      guarded(
        challengeFeature(f),
        inlineFeature(f, deps.render.board, uploader),
        resignFeature(f),
        gameFeature(f),
        reviewsFeature(f),
        historyFeature(f),
        statsFeature(f),
        tournamentFeature(f),
        lobbyFeature(f),
        strangersFeature({ ...f, notes }),
        settingsFeature(f),
        unhandledPress(answers),
      ),
    ),
  );
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

/** Records where a kept message went once the next process sent it (see outbox/kept.ts). */
function followUpRecorder(store: TelegramStore): RecordFollowUp {
  return async (followUp, sent) => {
    if (followUp.kind === "challenge-card")
      await store.messages.setChallengeMessage(followUp.challengeId, {
        kind: "chat",
        chatId: sent.chat.id,
        messageId: sent.message_id,
      });
    else
      await store.seekMessages.add(followUp.seekId, {
        userId: sent.chat.id,
        messageId: sent.message_id,
      });
  };
}
