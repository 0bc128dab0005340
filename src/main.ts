/**
 * The process: reads the config, opens the database, asks Telegram who the bot is, builds the
 * app (src/app.ts, the only place that wires the layers) and runs it: polling or a webhook,
 * maintenance, the health file, and a clean stop.
 */
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { autoRetry } from "@grammyjs/auto-retry";
import { Api } from "grammy";
import { createApp, createReviewMakers } from "./app.js";
import { callDeadline, lastTryFailure } from "./bot/call-deadline.js";
import { registerCommands } from "./bot/commands.js";
import { cacheChatUploader } from "./bot/inline-photos.js";
import { registerMenuButton } from "./bot/menu-button.js";
import { pollUpdates } from "./bot/polling.js";
import { startHttpServer } from "./bot/server.js";
import { parseConfig } from "./config.js";
import { DatabaseOpenError, type OpenStore, openDatabase } from "./db/index.js";
import { Leadership } from "./db/pg/leader.js";
import { openPostgres } from "./db/pg/open.js";
import { passwordOf } from "./db/pg/url.js";
import { type HealthProbe, type Heartbeat, type Role, startHeartbeat } from "./health/heartbeat.js";
import { createLogger, errorLine, redact } from "./log.js";
import { renderDecisionsPng } from "./render/decision.js";
import { renderBoardPng, warmRenderer } from "./render/png.js";
import { renderRatingChartPng } from "./render/rating-chart.js";
import { renderReplayGif } from "./render/replay.js";
import { renderStandingsPng } from "./render/standings.js";
import { analyseInWorker, auditActiveGames, computerThread } from "./services/index.js";
import { pageAssets, readPageFiles } from "./web/assets.js";

/** The updates the bot handles. */
const ALLOWED_UPDATES = [
  "message",
  "callback_query",
  "inline_query",
  "chosen_inline_result",
] as const;

/** What no line on stderr may show: the token, and the webhook's secret. */
let secrets: string[] = [];

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${redact(line, secrets)}\n`);
  process.exit(1);
}

const parsed = parseConfig(process.env);
if (!parsed.ok) fail(parsed.errors.map((e) => `config: ${e}`));
const config = parsed.config;
secrets = [
  config.token,
  ...(config.webhook ? [config.webhook.secret] : []),
  ...(config.databaseUrl ? [passwordOf(config.databaseUrl)] : []),
].filter((s) => s !== "");
const logger = createLogger(config.logLevel, undefined, secrets);
// Node would print an uncaught error whole, a network error's URL (and so the token) with it.
process.on("uncaughtException", (err, origin) => {
  logger.error({ err, origin }, "stopped by an error");
  process.exit(1);
});

let database: OpenStore;
try {
  database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
        onIdleError: (err) => logger.warn({ err }, "a database connection was lost"),
      })
    : openDatabase(config.databasePath);
} catch (e) {
  if (e instanceof DatabaseOpenError) fail([e.message]);
  throw e;
}

// Analyses and replays are made by every process, a standby too; the active one sends them.
const makers = createReviewMakers({
  database,
  logger,
  analyse: analyseInWorker,
  renderReplay: renderReplayGif,
});
makers.start();

// Signals are handled from here on, so a stop during start-up closes the database too.
let stopping = false;
let stop: (() => Promise<void>) | null = null;
let heartbeat: Heartbeat | null = null;
/** On PostgreSQL: whether this process is the active one (null on SQLite, alone). */
let role: Role | null = null;
/** What the heartbeat reports while running (standing by, or taking updates). */
let probe: () => HealthProbe = () => ({ ok: false, reason: "starting" });

/** The container's health check reads this file (src/health/check.ts). */
function startBeating(): void {
  heartbeat ??= config.healthFile
    ? startHeartbeat({
        file: config.healthFile,
        mode: config.webhook ? "webhook" : "polling",
        port: config.webhook?.port ?? null,
        probe: () => (stopping ? { ok: false, reason: "stopping" } : probe()),
        role: () => role,
        logger,
      })
    : null;
  heartbeat?.beat();
}
let maintenanceStop: (() => void) | null = null;
/** Board updates and computer turns in flight, let finish before the database closes. */
let drain: (() => Promise<void>) | null = null;

/** On PostgreSQL, this process's hold on being the active one (null: standing by, or SQLite). */
let leadership: Leadership | null = null;

/** Stop taking updates, let the ones in flight finish, then close the database. */
async function shutdown(signal: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  heartbeat?.stop();
  maintenanceStop?.();
  await stop?.();
  await drain?.();
  await makers.stop().catch(() => {});
  // Only now may a standby take over: nothing of this process's is left to finish.
  await leadership?.release();
  await database.close();
  process.exit(code);
}
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

// The bot's own user is needed before the service and the bot are built: the computer
// opponent plays as it.
const api = new Api(config.token, config.apiRoot ? { apiRoot: config.apiRoot } : undefined);
const tries = lastTryFailure();
api.config.use(tries.transformer);
api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));
// Unreachable Telegram ends the start with a line, instead of auto-retry's endless backoff;
// the line names what the last try met (a refused connection, say), the token blotted out.
api.config.use(callDeadline());
const botInfo = await api.getMe().catch(async (e: unknown) => {
  await database.close();
  return fail([`Telegram: ${errorLine(tries.explain(e))}`]);
});
logger.info({ database: database.path }, "database open");
// On PostgreSQL several processes may share the database: one is active, the others wait.
if (config.databaseUrl) {
  // While standing by: alive for the health check, and on the port (if the bot serves one)
  // answering /healthz as a standby and the rest 503, for a proxy to go elsewhere.
  let standbyServer: Server | null = null;
  const standingBy = async (): Promise<void> => {
    role = "standby";
    probe = () => ({ ok: true });
    startBeating();
    if (config.webhook || config.webBoard)
      standbyServer = await startHttpServer(
        {
          port: config.port,
          healthy: () => !stopping,
          role: () => "standby",
          limits: { perAddress: config.connectionsPerAddress },
        },
        logger,
      ).catch((err: unknown) => {
        logger.warn({ err }, "standby: cannot serve the port");
        return null;
      });
  };
  let standbyStarting: Promise<void> = Promise.resolve();
  const closeStandbyServer = async (): Promise<void> => {
    await standbyStarting;
    const open = standbyServer;
    standbyServer = null;
    if (!open) return;
    await new Promise((resolve) => {
      open.close(resolve);
      open.closeAllConnections();
    });
  };
  stop = closeStandbyServer;
  leadership = await Leadership.take(config.databaseUrl, {
    onStandby: () => {
      logger.info("standby: another process is active; taking over when it stops");
      standbyStarting = standingBy();
    },
    onAway: (err) => logger.warn({ err }, "standby: the database does not answer; trying again"),
    onConnection: (state, err) =>
      state === "lost"
        ? logger.warn(
            { err },
            "the active process's lock was lost with its connection; taking it again",
          )
        : logger.info("the active process's lock is held again"),
    onTaken: () => {
      logger.error("another process became active while the database was away: stopping");
      void shutdown("taken over", 1);
    },
    stopped: () => stopping,
  });
  // Null only when a signal came while standing by: shutdown is under way.
  if (!leadership) await new Promise(() => {});
  await closeStandbyServer();
  stop = null;
  role = "active";
  probe = () => ({ ok: false, reason: "starting" });
  startBeating();
  logger.info("active: taking updates");
}
// The computer decides in a thread of its own, so updates in other chats never wait for it.
const decisions = computerThread();
const app = await createApp(config, {
  database,
  botInfo,
  logger,
  render: {
    board: renderBoardPng,
    decisions: renderDecisionsPng,
    replay: renderReplayGif,
    standings: renderStandingsPng,
    rating: renderRatingChartPng,
  },
  analyse: analyseInWorker,
  makers,
  computer: { delayMs: config.botMoveDelayMs, decide: decisions.decide },
  photoUploader: (api) => cacheChatUploader(api, config.boardCacheChatId, logger),
});
const { service } = app;
const { bot, maintenance, deps } = app.bot;
// createBot makes the feed whenever it is given an inbox (the app always gives one).
const updates = app.bot.feed!;
// The board page (a Telegram Mini App), served by the bot's own HTTP server.
const web = config.webBoard
  ? app.openWebBoard({
      base: config.webBoard.path,
      assets: pageAssets(
        readPageFiles(fileURLToPath(new URL("./web/page/", import.meta.url))),
        config.webBoard.path,
      ),
    })
  : null;
drain = async () => {
  await app.drain();
  await decisions.close();
};

await warmRenderer();

await bot.init();
await registerCommands(bot.api, deps.i18n).catch((err) =>
  logger.warn({ err }, "setMyCommands failed"),
);
await registerMenuButton(bot.api, deps.i18n, config.webBoard).catch((err) =>
  logger.warn({ err }, "setChatMenuButton failed"),
);
// Replies a process before this one left waiting for their chats' budgets go first.
await app.bot.resendKept();
// Analyses and replays asked before: made (or made again) here, sent from here.
await app.bot.reviewJobs.delivery.start();
maintenance.start();
await app.clocks.start();
app.lobbyKeeper.start();
maintenanceStop = () => maintenance.stop();
// Damage the database's own check cannot see (a game's state that does not parse, a log that
// does not replay) is looked for game by game while updates go on; each is marked broken.
void auditActiveGames(service, () => stopping)
  .then(({ checked, broken }) => logger.info({ checked, broken }, "active games checked"))
  .catch((err: unknown) => logger.error({ err }, "checking the games failed"));

// One HTTP server for the webhook, /healthz and the board page; in polling mode it runs when
// the board page is configured.
const server =
  config.webhook || web
    ? await startHttpServer(
        {
          port: config.port,
          healthy: () => !stopping,
          ...(role ? { role: () => "active" as const } : {}),
          webhook: config.webhook
            ? {
                feed: updates,
                path: new URL(config.webhook.url).pathname || "/",
                secret: config.webhook.secret,
              }
            : null,
          routes: web?.handle ?? null,
          limits: { perAddress: config.connectionsPerAddress },
        },
        logger,
      )
    : null;
/** Ends the open pages' streams (they reconnect to the next process), then the server. */
const closeServer = (): Promise<void> => {
  web?.close();
  return server ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
};
if (web) logger.info({ url: config.webBoard!.url, port: config.port }, "board page served");

if (config.webhook) {
  await bot.api.setWebhook(config.webhook.url, {
    secret_token: config.webhook.secret,
    allowed_updates: ALLOWED_UPDATES,
  });
  logger.info({ url: config.webhook.url, port: config.webhook.port }, "webhook mode");
  // What a previous process stored and never finished; it runs beside new updates.
  for (const update of await updates.replays()) void updates.handle(update);
  stop = closeServer;
  probe = () => (server!.listening ? { ok: true } : { ok: false, reason: "webhook server closed" });
} else {
  await bot.api.deleteWebhook();
  // Healthy while getUpdates keeps succeeding: a long poll returns at least every 30 s.
  let lastPoll = Date.now();
  bot.api.config.use(async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method === "getUpdates" && res.ok) lastPoll = Date.now();
    return res;
  });
  const runner = pollUpdates(bot, updates, ALLOWED_UPDATES, logger);
  logger.info({ username: bot.botInfo.username }, "long polling");
  // 401 (token revoked) and 409 (another instance) end the runner: say so and exit.
  runner.task()?.catch((err: unknown) => {
    logger.error({ err }, "update runner failed");
    process.exit(1);
  });
  stop = async () => {
    await runner.stop();
    // stop() ends fetching; updates already taken finish their work (bounded).
    const deadline = Date.now() + 10_000;
    while (runner.size() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await closeServer();
  };
  probe = () => {
    if (!runner.isRunning()) return { ok: false, reason: "update runner stopped" };
    const silent = Date.now() - lastPoll;
    return silent > 180_000
      ? { ok: false, reason: `no successful getUpdates for ${Math.round(silent / 1000)} s` }
      : { ok: true };
  };
}

startBeating();
