/**
 * The composition root: builds the services, the Telegram front end and the computer player
 * once, and wires who hears of what. src/main.ts runs what this builds; the tests and the
 * benches build the same thing with their own ports (a fake Bot API, a clock they move).
 */
import type { ApiClientOptions } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Player } from "./ai/index.js";
import { type BotParts, botPlayer, createBot, type PhotoUploaderFor } from "./bot/create-bot.js";
import type { RenderBoard } from "./bot/game-messenger.js";
import { servicePrefs } from "./bot/locale-prefs.js";
import type { BudgetRules } from "./bot/outbox/budget.js";
import type { Clock } from "./bot/outbox/clock.js";
import type { ReviewLimits } from "./bot/review-queue.js";
import { webBoardPorts } from "./bot/web-ports.js";
import type { BotConfig } from "./config.js";
import type { OpenedDatabase } from "./db/index.js";
import { DialogStore } from "./db/telegram/dialog-store.js";
import { UpdateInbox } from "./db/telegram/inbox.js";
import { TelegramStore } from "./db/telegram/store.js";
import type { Logger } from "./log.js";
import type { RenderDecisions } from "./render/decision.js";
import type { RenderReplay } from "./render/replay.js";
import type { RenderStandings } from "./render/standings-view.js";
import type { Decide } from "./services/index.js";
import {
  type Analyse,
  Dispatcher,
  GameReviews,
  GameService,
  TournamentService,
} from "./services/index.js";
import { ComputerOpponent } from "./services/opponent.js";
import type { PageAssets } from "./web/assets.js";
import { WebBoard, type WebLimits } from "./web/web-board.js";

/** What the app is built on: everything outside it, given by whoever runs it. */
export interface Ports {
  readonly database: OpenedDatabase;
  /** The bot's own user (getMe): the computer player plays as it. */
  readonly botInfo: UserFromGetMe;
  readonly logger: Logger;
  readonly renderBoard: RenderBoard;
  readonly renderDecisions: RenderDecisions;
  readonly renderReplay: RenderReplay;
  readonly renderStandings: RenderStandings;
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
}

export interface App {
  readonly service: GameService;
  readonly reviews: GameReviews;
  readonly tournaments: TournamentService;
  readonly bot: BotParts;
  readonly computer: ComputerOpponent | null;
  readonly dispatcher: Dispatcher;
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
export function createApp(config: BotConfig, ports: Ports): App {
  const { database, logger } = ports;
  const now = ports.now;
  const dispatcher = new Dispatcher(logger);
  // The front end keeps where games are shown and which chats it lost; the service reads and
  // records those through its port, in its own transactions.
  const store = new TelegramStore(database.db);
  const service = new GameService(
    database.db,
    store.messages,
    {
      challengeTtlMs: config.challengeTtlMs,
      idleMs: config.idleMs,
      confirmTurns: config.confirmTurns,
      // The bot's seat is the computer's, whether or not a computer player sits in it.
      computerId: ports.botInfo.id,
      ...(now ? { now } : {}),
      ...(ports.newSeed ? { newSeed: ports.newSeed } : {}),
    },
    dispatcher.publish,
  );
  const reviews = new GameReviews(database.db, store.messages, now);
  const tournaments = new TournamentService(database.db, service, dispatcher.publish);
  const bot = createBot(config, {
    service,
    reviews,
    tournaments,
    renderBoard: ports.renderBoard,
    renderDecisions: ports.renderDecisions,
    renderReplay: ports.renderReplay,
    renderStandings: ports.renderStandings,
    ...(ports.analyse ? { analyse: ports.analyse } : {}),
    ...(ports.reviewLimits ? { reviewLimits: ports.reviewLimits } : {}),
    logger,
    prefs: servicePrefs(service),
    botInfo: ports.botInfo,
    computerPlays: ports.computer !== null,
    dialogs: new DialogStore(database.db, now),
    inbox: new UpdateInbox(database.db, now ? { now } : {}),
    store,
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
    ...(ports.photoUploader ? { photoUploader: ports.photoUploader } : {}),
    ...(now ? { now } : {}),
    ...(ports.clock ? { clock: ports.clock } : {}),
    ...(ports.budgets ? { budgets: ports.budgets } : {}),
  });
  // The computer takes the bot's seat: it follows every game that changes, and at each tick
  // takes up any turn of its own that is due (after a restart, say).
  const computer = ports.computer
    ? new ComputerOpponent(service, botPlayer(ports.botInfo), {
        delayMs: ports.computer.delayMs,
        logger,
        ...(ports.computer.level ? { level: ports.computer.level } : {}),
        ...(ports.computer.decide ? { decide: ports.computer.decide } : {}),
      })
    : null;

  // Who hears of what. Each subscriber's failure is logged by the dispatcher.
  dispatcher.on("game", "boards", ({ game }) => bot.boards.show(game));
  if (computer) dispatcher.on("game", "computer", ({ game }) => computer.notice(game));
  dispatcher.on("game", "tournaments", ({ game }) => tournaments.gameChanged(game));
  dispatcher.on("game-broken", "log", ({ gameId, reason }) =>
    logger.error({ gameId, reason }, "game record damaged; the game is marked broken"),
  );
  dispatcher.on("tournament", "tournament boards", ({ tournament }) =>
    bot.tournamentBoards.request(tournament.id),
  );
  if (computer) bot.maintenance.onTick(() => computer.resumeWaiting());

  const drain = async () => {
    const within = (work: Promise<unknown>, ms: number) =>
      Promise.race([work, new Promise((r) => setTimeout(r, ms))]);
    computer?.stop();
    // Both waits fit a container's stop grace (10 s); what does not finish, the next start
    // takes up (a computer's turn, a board behind its game).
    await within(
      Promise.all([bot.feed?.settled(), computer?.settled(), bot.jobs.settled()]),
      2_000,
    );
    // A board's edit may wait a few seconds for its chat's budget or a 429.
    await within(Promise.all([bot.boards.idle(), bot.tournamentBoards.settled()]), 7_000);
    bot.boards.stop();
    bot.persist();
  };

  const openWebBoard = (page: WebPage): WebBoard => {
    let unsubscribe = () => {};
    const web = new WebBoard({
      service,
      reviews,
      ports: webBoardPorts(bot.deps, bot.bot.api),
      logger,
      botToken: config.token,
      base: page.base,
      assets: page.assets,
      ...(page.limits ? { limits: page.limits } : {}),
      onClose: () => unsubscribe(),
    });
    unsubscribe = dispatcher.on("game", "web board", ({ game }) => web.changed(game));
    return web;
  };

  return { service, reviews, tournaments, bot, computer, dispatcher, openWebBoard, drain };
}
