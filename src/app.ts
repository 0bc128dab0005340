/**
 * The composition root: builds the services, the Telegram front end and the computer player
 * once, and wires who hears of what. src/main.ts runs what this builds; the tests and the
 * benches build the same thing with their own ports (a fake Bot API, a clock they move).
 */
import type { ApiClientOptions } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Player } from "./ai/index.js";
import {
  type BotDeps,
  type BotParts,
  botPlayer,
  createBot,
  type PhotoUploaderFor,
  type Renderers,
} from "./bot/create-bot.js";
import { reviewMaking } from "./bot/features/reviews/making.js";
import { servicePrefs } from "./bot/locale-prefs.js";
import type { BudgetRules } from "./bot/outbox/budget.js";
import type { Clock } from "./bot/outbox/clock.js";
import { ReviewMakers } from "./bot/review-makers.js";
import { REVIEW_LIMITS, type ReviewLimits } from "./bot/review-queue.js";
import { webBoardPorts } from "./bot/web-ports.js";
import type { BotConfig } from "./config.js";
import type { OpenStore } from "./db/index.js";
import { DialogStore } from "./db/telegram/dialog-store.js";
import { UpdateInbox } from "./db/telegram/inbox.js";
import { TelegramStore } from "./db/telegram/store.js";
import type { Logger } from "./log.js";
import type { RenderReplay } from "./render/replay.js";
import type { Decide } from "./services/index.js";
import {
  type Analyse,
  analyseGame,
  ClockKeeper,
  Dispatcher,
  GameReviews,
  GameService,
  LobbyKeeper,
  LobbyService,
  TournamentService,
} from "./services/index.js";
import { ComputerOpponent } from "./services/opponent.js";
import type { PageAssets } from "./web/assets.js";
import { WebBoard, type WebLimits } from "./web/web-board.js";

/** What the app is built on: everything outside it, given by whoever runs it. */
export interface Ports {
  readonly database: OpenStore;
  /** The bot's own user (getMe): the computer player plays as it. */
  readonly botInfo: UserFromGetMe;
  readonly logger: Logger;
  readonly render: Renderers;
  /** Analyses a finished game; in this thread unless given (the process gives a worker's). */
  readonly analyse?: Analyse;
  /**
   * The computer player in the bot's seat: its level and pause, and where it decides (in this
   * thread unless given); null: none (the bot then refuses `/play bot`).
   */
  readonly computer: {
    readonly level?: Player;
    readonly delayMs: number;
    readonly decide?: Decide;
  } | null;
  /** Gets a file id for an inline board's picture; none without. */
  readonly photoUploader?: PhotoUploaderFor;
  /** The Bot API as a function (a fake, in tests and benches); Telegram over HTTP without. */
  readonly fetch?: ApiClientOptions["fetch"];
  /** The games' clock (timeouts, idle times, dice seeds' stories); the system's without. */
  readonly now?: () => number;
  /** Draws each new game's seed; random without. */
  readonly newSeed?: () => Buffer;
  /** The clock chats' budgets are spent by, and the budgets (a little under Telegram's). */
  readonly clock?: Clock;
  readonly budgets?: BudgetRules;
  readonly reviewLimits?: ReviewLimits;
  /** This process's makers of analyses and replays, started before the app (a standby's too). */
  readonly makers?: ReviewMakers;
}

export interface App {
  readonly service: GameService;
  readonly reviews: GameReviews;
  readonly tournaments: TournamentService;
  /** Seeks for a game against anyone, across chats. */
  readonly lobby: LobbyService;
  readonly bot: BotParts;
  readonly computer: ComputerOpponent | null;
  readonly dispatcher: Dispatcher;
  /** Flags silent players at their deadlines; the process starts it once the bot runs. */
  readonly clocks: ClockKeeper;
  /** Ticks the lobby each second; the process starts it once the bot runs. */
  readonly lobbyKeeper: LobbyKeeper;
  /**
   * The board page (a Telegram Mini App) on this app's games, told of every change; its
   * routes go on an HTTP server. Closing it ends its pages' streams and its subscription.
   */
  openWebBoard(page: WebPage): WebBoard;
  /**
   * Lets what is in flight finish (bounded): first what changes games (a computer's turn, an
   * update, an analysis), then the messages that show them; then saves what the next start
   * needs. The caller closes the database after.
   */
  drain(): Promise<void>;
}

/** The board page's files and where it is served. */
export interface WebPage {
  /** The page's path ("/board"; "" at the root), from its public URL. */
  readonly base: string;
  readonly assets: PageAssets;
  readonly limits?: Partial<WebLimits>;
}

/** Builds everything once; no Telegram call is made here. */
export async function createApp(config: BotConfig, ports: Ports): Promise<App> {
  const dispatcher = new Dispatcher(ports.logger);
  // The front end keeps where games are shown and which chats it lost; the service reads and
  // records those through its port, in its own transactions.
  const store = await TelegramStore.open(ports.database.db);
  const { service, reviews, tournaments, lobby } = services(config, ports, store, dispatcher);
  const bot = await createBot(
    config,
    botDeps(ports, store, { service, reviews, tournaments, lobby }),
  );
  const computer = computerOf(ports, service);
  const clocks = new ClockKeeper(service, service.config.now, (err) =>
    ports.logger.error({ err }, "clock keeper: a flag or mark failed"),
  );
  dispatcher.on("game", "clocks", ({ game }) => clocks.notice(game));
  const lobbyKeeper = new LobbyKeeper(lobby, (err) =>
    ports.logger.error({ err }, "lobby keeper: a tick failed"),
  );
  listen(dispatcher, ports.logger, { bot, computer, tournaments, lobby });
  if (computer) bot.maintenance.onTick(() => computer.resumeWaiting());
  const openWebBoard = (page: WebPage): WebBoard => {
    let unsubscribe = () => {};
    const web = new WebBoard({
      service,
      reviews,
      lobby,
      ports: webBoardPorts(bot.deps, bot.bot.api),
      logger: ports.logger,
      botToken: config.token,
      base: page.base,
      assets: page.assets,
      ...(page.limits ? { limits: page.limits } : {}),
      onClose: () => unsubscribe(),
    });
    unsubscribe = dispatcher.on("game", "web board", ({ game }) => web.changed(game));
    return web;
  };
  const drain = async () => {
    await drained(bot, computer);
    // The last mark: the next start holds the running clocks here, so the stop is not charged.
    clocks.stop();
    await lobbyKeeper.stop();
    await service.markClocks();
  };
  return {
    service,
    reviews,
    tournaments,
    lobby,
    bot,
    computer,
    dispatcher,
    clocks,
    lobbyKeeper,
    openWebBoard,
    drain,
  };
}

type Services = Pick<App, "service" | "reviews" | "tournaments" | "lobby">;

function services(
  config: BotConfig,
  ports: Ports,
  store: TelegramStore,
  dispatcher: Dispatcher,
): Services {
  const { db } = ports.database;
  const service = new GameService(
    db,
    store.messages,
    {
      challengeTtlMs: config.challengeTtlMs,
      idleMs: config.idleMs,
      confirmTurns: config.confirmTurns,
      // The bot's seat is the computer's, whether or not a computer player sits in it.
      computerId: ports.botInfo.id,
      ...(ports.now ? { now: ports.now } : {}),
      ...(ports.newSeed ? { newSeed: ports.newSeed } : {}),
    },
    dispatcher.publish,
  );
  const reviews = new GameReviews(db, store.messages, ports.now);
  const tournaments = new TournamentService(db, service, dispatcher.publish);
  const lobby = new LobbyService(db, service, dispatcher.publish);
  return { service, reviews, tournaments, lobby };
}

function botDeps(ports: Ports, store: TelegramStore, s: Services): BotDeps {
  const now = ports.now;
  return {
    ...s,
    render: ports.render,
    ...(ports.analyse ? { analyse: ports.analyse } : {}),
    logger: ports.logger,
    prefs: servicePrefs(s.service),
    botInfo: ports.botInfo,
    computerPlays: ports.computer !== null,
    dialogs: new DialogStore(ports.database.db, now),
    inbox: new UpdateInbox(ports.database.db, now ? { now } : {}),
    store,
    ...(ports.makers ? { makers: ports.makers } : {}),
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
    ...(ports.photoUploader ? { photoUploader: ports.photoUploader } : {}),
    limits: {
      ...(now ? { now } : {}),
      ...(ports.clock ? { clock: ports.clock } : {}),
      ...(ports.budgets ? { budgets: ports.budgets } : {}),
      ...(ports.reviewLimits ? { reviews: ports.reviewLimits } : {}),
    },
  };
}

/**
 * The heavy half of analyses and replays, which needs no bot: a standby makes them too, for
 * the active process to send. Start it once; the app stops it when it drains.
 */
export function createReviewMakers(
  ports: Pick<Ports, "database" | "logger" | "analyse" | "reviewLimits"> & {
    readonly renderReplay: RenderReplay;
  },
): ReviewMakers {
  const { db } = ports.database;
  const store = new TelegramStore(db);
  const limits = ports.reviewLimits ?? REVIEW_LIMITS;
  return new ReviewMakers({
    jobs: store.reviewJobs,
    make: reviewMaking({
      reviews: new GameReviews(db, store.messages),
      analyse: ports.analyse ?? analyseGame,
      renderReplay: ports.renderReplay,
    }).make,
    workers: { analysis: limits.analyses.workers, replay: limits.replays.workers },
    logger: ports.logger,
  });
}

/**
 * The computer in the bot's seat: it follows every game that changes, and at each tick takes
 * up any turn of its own that is due (after a restart, say).
 */
function computerOf(ports: Ports, service: GameService): ComputerOpponent | null {
  const c = ports.computer;
  if (!c) return null;
  return new ComputerOpponent(service, botPlayer(ports.botInfo), {
    delayMs: c.delayMs,
    logger: ports.logger,
    ...(c.level ? { level: c.level } : {}),
    ...(c.decide ? { decide: c.decide } : {}),
  });
}

/** Who hears of what. Each subscriber's failure is logged by the dispatcher. */
function listen(
  dispatcher: Dispatcher,
  logger: Logger,
  to: {
    bot: BotParts;
    computer: ComputerOpponent | null;
    tournaments: TournamentService;
    lobby: LobbyService;
  },
): void {
  const { bot, computer, tournaments, lobby } = to;
  dispatcher.on("game", "boards", ({ game }) => bot.boards.show(game));
  dispatcher.on("game", "clock warnings", async ({ game, happened }) => {
    if (happened.includes("clock-low")) await bot.deps.privateBoards.warnLow(game);
  });
  if (computer) dispatcher.on("game", "computer", ({ game }) => computer.notice(game));
  dispatcher.on("game", "tournaments", ({ game }) => tournaments.gameChanged(game));
  dispatcher.on("game-broken", "log", ({ gameId, reason }) =>
    logger.error({ gameId, reason }, "game record damaged; the game is marked broken"),
  );
  dispatcher.on("tournament", "tournament boards", ({ tournament }) =>
    bot.tournamentBoards.request(tournament.id),
  );
  dispatcher.on("lobby", "seekers", (news) => bot.seekers.tell(news));
  dispatcher.on("game", "stranger phrases", ({ game, happened }) =>
    bot.strangers.gameChanged(game, happened),
  );
  dispatcher.on("game", "lobby walkaways", ({ game, happened }) =>
    lobby.noticeGame(game, happened),
  );
  dispatcher.on("lobby-hold", "seekers", (news) => bot.seekers.heldOut(news));
}

/**
 * Lets what is in flight finish, bounded: first what changes games, then the messages that
 * show them. Both waits fit a container's stop grace (10 s); what does not finish, the next
 * start takes up (a computer's turn, a board behind its game).
 */
async function drained(bot: BotParts, computer: ComputerOpponent | null): Promise<void> {
  const within = (work: Promise<unknown>, ms: number) =>
    Promise.race([work, new Promise((r) => setTimeout(r, ms))]);
  computer?.stop();
  await within(Promise.all([bot.feed?.settled(), computer?.settled(), bot.jobs.settled()]), 2_000);
  // What is still being made goes back to the jobs, for the next process to take at once.
  bot.reviewJobs.delivery.stop();
  await bot.reviewJobs.makers.stop().catch(() => {});
  // A board's edit may wait a few seconds for its chat's budget or a 429.
  await within(Promise.all([bot.boards.idle(), bot.tournamentBoards.settled()]), 7_000);
  bot.boards.stop();
}
