/** A small structured logger: one JSON line per entry on stderr, filtered by level. */
export type Level = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(data: object, msg: string): void;
  info(data: object, msg: string): void;
  warn(data: object, msg: string): void;
  error(data: object, msg: string): void;
}

const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function createLogger(
  level: Level,
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const at =
    (name: Exclude<Level, "silent">) =>
    (data: object, msg: string): void => {
      if (ORDER[name] < ORDER[level]) return;
      write(
        `${JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...serialize(data) })}\n`,
      );
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

function serialize(data: object): object {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data))
    out[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  return out;
}

export const silentLogger: Logger = createLogger("silent");
