import pino from "pino";

/** Levels the LOG_LEVEL setting accepts. */
export const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type Level = (typeof LEVELS)[number];

/** What the code logs through: pino's methods, `(data, message)`. */
export type Logger = Pick<pino.Logger, "debug" | "info" | "warn" | "error">;

interface BotApiError extends Error {
  readonly method: string;
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: Record<string, unknown>;
}

const isBotApiError = (e: unknown): e is BotApiError =>
  e instanceof Error &&
  typeof (e as Partial<BotApiError>).method === "string" &&
  typeof (e as Partial<BotApiError>).error_code === "number";

/**
 * A Bot API refusal keeps what identifies it (method, code, description, parameters such as
 * retry_after); its payload may hold a whole uploaded picture, so it stays out.
 */
function errorOf(e: unknown): unknown {
  if (isBotApiError(e))
    return {
      type: e.name,
      method: e.method,
      code: e.error_code,
      description: e.description,
      ...(e.parameters && Object.keys(e.parameters).length ? { parameters: e.parameters } : {}),
    };
  return e instanceof Error ? pino.stdSerializers.errWithCause(e) : e;
}

/**
 * A bot token wherever it appears: grammY's network errors carry the request URL, which holds
 * `/bot<token>/`. The number before the colon is the bot's public id and stays readable.
 */
const TOKEN_SHAPE = /(\d{5,}):[A-Za-z0-9_-]{30,}/g;

/** `text` with every bot token and each of `secrets` blotted out. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(TOKEN_SHAPE, "$1:[redacted]");
  for (const secret of secrets) if (secret) out = out.split(secret).join("[redacted]");
  return out;
}

/** The error a wrapper carries: grammY's HttpError keeps it in `error`, others in `cause`. */
function innerOf(e: Error): unknown {
  const wrapped = (e as { error?: unknown }).error;
  return wrapped instanceof Error ? wrapped : e.cause;
}

/**
 * One line for a person: the error's message and those of the errors under it, e.g.
 * "Network request for 'getMe' failed! (request to http://host/bot1234567:[redacted]/getMe
 * failed, reason: connect ECONNREFUSED 127.0.0.1:9)".
 */
export function errorLine(e: unknown, secrets: readonly string[] = []): string {
  const parts: string[] = [];
  let at: unknown = e;
  while (at instanceof Error && parts.length < 5) {
    parts.push(at.message);
    at = innerOf(at);
  }
  if (parts.length === 0) parts.push(String(e));
  const [first, ...under] = parts;
  return redact(under.length ? `${first} (${under.join(": ")})` : first!, secrets);
}

/**
 * JSON lines on stderr (stdout belongs to the engine and render commands). Every line is
 * redacted as it is written, whatever field or nested cause holds a token or one of `secrets`.
 */
export function createLogger(
  level: Level,
  destination: pino.DestinationStream = pino.destination({ dest: 2, sync: true }),
  secrets: readonly string[] = [],
): Logger {
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorOf, error: errorOf },
      hooks: { streamWrite: (line) => redact(line, secrets) },
    },
    destination,
  );
}
