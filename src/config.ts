import { LEVELS, type Level } from "./log.js";

/** Everything the process reads from the environment, checked once at start. */
export interface BotConfig {
  readonly token: string;
  readonly databasePath: string;
  /** A PostgreSQL server's database (postgres://…); set, it is used and databasePath is not. */
  readonly databaseUrl: string | null;
  /** A custom Bot API server (e.g. a local one); grammY's default otherwise. */
  readonly apiRoot: string | null;
  readonly logLevel: Level;
  readonly challengeTtlMs: number;
  readonly idleMs: number;
  /** Players confirm each turn with a button instead of the last step ending it. */
  readonly confirmTurns: boolean;
  /** Pause before the bot's own moves, so people can follow them. */
  readonly botMoveDelayMs: number;
  /** A chat where board pictures are uploaded to get file ids for inline messages. */
  readonly boardCacheChatId: number | null;
  readonly webhook: { readonly url: string; readonly secret: string; readonly port: number } | null;
  /** The port of the bot's HTTP server (the webhook, /healthz, the board page). */
  readonly port: number;
  /** Open connections one address may hold to that server; 0: no cap (a proxy caps them). */
  readonly connectionsPerAddress: number;
  /** A file rewritten with the process's health every 30 s, for a container's health check. */
  readonly healthFile: string | null;
  /**
   * The board page (a Telegram Mini App): its public URL, the path the bot serves it under
   * ("" at the root) and the Mini App's short name from BotFather's /newapp.
   */
  readonly webBoard: {
    readonly url: string;
    readonly path: string;
    readonly shortName: string;
  } | null;
}

export type ConfigResult = { ok: true; config: BotConfig } | { ok: false; errors: string[] };

/** Reads the environment; every problem is reported at once, each in one line. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const errors: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  const num = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) {
      errors.push(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, https: boolean): string | null => {
    const raw = str(name);
    if (raw === undefined) return null;
    try {
      const u = new URL(raw);
      if (https ? u.protocol !== "https:" : !["http:", "https:"].includes(u.protocol))
        throw new Error();
      return raw.replace(/\/+$/, "");
    } catch {
      errors.push(`${name} must be ${https ? "an https" : "an http(s)"} URL (got "${raw}")`);
      return null;
    }
  };

  const token = str("BOT_TOKEN");
  if (!token) errors.push("BOT_TOKEN is required: the token @BotFather gave you");
  else if (!/^\d{5,}:[A-Za-z0-9_-]{30,}$/.test(token))
    errors.push("BOT_TOKEN does not look like a bot token (123456:ABC...)");

  const level = (str("LOG_LEVEL") ?? "info").toLowerCase() as Level;
  if (!(LEVELS as readonly string[]).includes(level))
    errors.push(`LOG_LEVEL must be one of ${LEVELS.join(", ")}`);

  const confirmRaw = (str("CONFIRM_TURNS") ?? "false").toLowerCase();
  if (!["true", "false", "1", "0"].includes(confirmRaw))
    errors.push("CONFIRM_TURNS must be true or false");

  const cacheRaw = str("BOARD_CACHE_CHAT_ID");
  const cacheId = cacheRaw === undefined ? null : Number(cacheRaw);
  if (cacheId !== null && !Number.isSafeInteger(cacheId))
    errors.push("BOARD_CACHE_CHAT_ID must be a chat id (a whole number)");

  const webhookUrl = url("WEBHOOK_URL", true);
  const secret = str("WEBHOOK_SECRET");
  if (webhookUrl && !secret) errors.push("WEBHOOK_SECRET is required with WEBHOOK_URL");
  // Telegram takes 1 to 256 of these characters; fewer than 16 could be guessed.
  if (secret && !/^[A-Za-z0-9_-]+$/.test(secret))
    errors.push("WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and -");
  if (secret && (secret.length < 16 || secret.length > 256))
    errors.push(`WEBHOOK_SECRET must be 16 to 256 characters long (got ${secret.length})`);
  const port = num("PORT", 8080, 1, 65535);

  // Checked where it is opened (src/db/pg/open.ts), which says what is wrong with it.
  const databaseUrl = str("DATABASE_URL") ?? null;

  const webBoard = webBoardOf(
    { given: str("WEBAPP_URL") !== undefined, url: url("WEBAPP_URL", true) },
    str("WEBAPP_SHORT_NAME"),
    errors,
  );
  if (webBoard && webhookUrl && new URL(webhookUrl).pathname === (webBoard.path || "/"))
    errors.push("WEBAPP_URL and WEBHOOK_URL need different paths");

  const config: BotConfig = {
    token: token ?? "",
    databasePath: str("DATABASE_PATH") ?? "./data/nardy.sqlite",
    databaseUrl,
    apiRoot: url("BOT_API_ROOT", false),
    logLevel: level,
    challengeTtlMs: num("CHALLENGE_TTL_MINUTES", 60, 1, 7 * 24 * 60) * 60_000,
    idleMs: num("IDLE_HOURS", 24, 0.01, 24 * 30) * 3_600_000,
    confirmTurns: confirmRaw === "true" || confirmRaw === "1",
    botMoveDelayMs: num("BOT_MOVE_DELAY_MS", 1200, 0, 10_000),
    boardCacheChatId: cacheId !== null && Number.isSafeInteger(cacheId) ? cacheId : null,
    webhook: webhookUrl && secret ? { url: webhookUrl, secret, port } : null,
    port,
    connectionsPerAddress: num("HTTP_CONNECTIONS_PER_ADDRESS", 64, 0, 100_000),
    healthFile: str("HEALTH_FILE") ?? null,
    webBoard,
  };
  return errors.length ? { ok: false, errors } : { ok: true, config };
}

/** Both settings of the board page, or neither. */
function webBoardOf(
  { given, url }: { given: boolean; url: string | null },
  shortName: string | undefined,
  errors: string[],
): BotConfig["webBoard"] {
  if (!given && shortName === undefined) return null;
  if (!given) errors.push("WEBAPP_URL is required with WEBAPP_SHORT_NAME");
  if (shortName === undefined) errors.push("WEBAPP_SHORT_NAME is required with WEBAPP_URL");
  // BotFather's rule for a Mini App's short name.
  if (shortName !== undefined && !/^[A-Za-z0-9_]{3,30}$/.test(shortName))
    errors.push("WEBAPP_SHORT_NAME must be 3 to 30 characters of A-Z, a-z, 0-9 and _");
  if (url === null || shortName === undefined) return null;
  const u = new URL(url);
  if (u.search || u.hash) errors.push("WEBAPP_URL may not have a query or a fragment");
  const path = u.pathname.replace(/\/+$/, "");
  if (path === "/healthz") errors.push("WEBAPP_URL may not be served at /healthz");
  return { url, path, shortName };
}
