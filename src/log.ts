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

/** JSON lines on stderr (stdout belongs to the engine and render commands). */
export function createLogger(
  level: Level,
  destination: pino.DestinationStream = pino.destination({ dest: 2, sync: true }),
): Logger {
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorOf },
    },
    destination,
  );
}

export const silentLogger: Logger = pino({ level: "silent" });
