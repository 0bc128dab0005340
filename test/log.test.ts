import { Writable } from "node:stream";
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { closedPort } from "../bench/testkit/closed-port.js";
import { callDeadline, lastTryFailure } from "../src/bot/call-deadline.js";
import { createLogger, errorLine, redact } from "../src/log.js";

function capture(level: Parameters<typeof createLogger>[0]) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

describe("logger", () => {
  it("writes one JSON line per entry, filtered by level", () => {
    const { logger, lines } = capture("warn");
    logger.info({ a: 1 }, "hidden");
    logger.warn({ a: 2 }, "shown");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", msg: "shown", a: 2 });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("keeps a Bot API error's method, code, description and parameters, not its payload", () => {
    const { logger, lines } = capture("debug");
    const err = new GrammyError(
      "Call to 'editMessageMedia' failed!",
      {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      },
      "editMessageMedia",
      { chat_id: 1, media: "a whole picture" },
    );
    logger.error({ err }, "edit failed");
    expect(lines[0]!.err).toEqual({
      type: "GrammyError",
      method: "editMessageMedia",
      code: 429,
      description: "Too Many Requests: retry after 7",
      parameters: { retry_after: 7 },
    });
    expect(JSON.stringify(lines[0])).not.toContain("a whole picture");
  });

  it("keeps an ordinary error's message and stack", () => {
    const { logger, lines } = capture("info");
    logger.error({ err: new Error("boom") }, "failed");
    expect(lines[0]!.err).toMatchObject({ type: "Error", message: "boom" });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain("boom");
  });
});

describe("tokens in logged errors", () => {
  const SECRET_PART = "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
  const TOKEN = `1234567:${SECRET_PART}`;

  /** What grammY throws when Telegram cannot be reached: its message holds the URL. */
  async function refusedCall(): Promise<{ error: HttpError; host: string }> {
    const host = `127.0.0.1:${await closedPort()}`;
    const api = new Api(TOKEN, { apiRoot: `http://${host}` });
    const error = await api.getMe().then(
      () => expect.unreachable("the call went through"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    // The leak this guards against: the fetch error under it names the whole token.
    expect(String((error as HttpError).error)).toContain(SECRET_PART);
    return { error: error as HttpError, host };
  }

  it("never writes the token, under any field, cause or message, and keeps the method, code and host", async () => {
    const { error, host } = await refusedCall();
    const { logger, lines } = capture("debug");
    logger.error({ err: error }, "call failed");
    logger.warn({ error }, "call failed");
    logger.warn({ err: new Error("start-up failed", { cause: error }) }, "nested");
    logger.error(error);
    logger.info({ detail: { inner: [String(error.error)] } }, `failed: ${String(error.error)}`);
    const stack = (error.error as Error).stack ?? "";
    logger.debug({ stack }, stack);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      const text = JSON.stringify(line);
      expect(text).not.toContain(SECRET_PART);
      expect(text).toContain("getMe");
      expect(text).toContain("ECONNREFUSED");
      expect(text).toContain(host);
    }
    expect(JSON.stringify(lines[0])).toContain("1234567:[redacted]");
  });

  it("blots out the secrets it is given, wherever they are", () => {
    const secret = "webhook_secret-0123456789";
    const sink: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void sink.push(line) }, [
      secret,
    ]);
    logger.info({ headers: { "x-telegram-bot-api-secret-token": secret } }, `got ${secret}`);
    expect(sink.join("")).not.toContain(secret);
    expect(sink.join("")).toContain("[redacted]");
  });

  it("gives one readable line for a person, with the cause and without the token", async () => {
    const { error, host } = await refusedCall();
    const line = errorLine(error);
    expect(line).toMatch(/^Network request for 'getMe' failed! \(request to http:\/\//);
    expect(line).toContain(`ECONNREFUSED ${host}`);
    expect(line).not.toContain(SECRET_PART);
    expect(line).not.toContain("\n");
    expect(errorLine("plain words")).toBe("plain words");
    expect(errorLine(new Error("boom"))).toBe("boom");
    expect(redact(`a ${TOKEN} b`)).toBe("a 1234567:[redacted] b");
  });
});

describe("a start that cannot reach Telegram", () => {
  it("ends on one line with what the last try met, as main.ts wires its first call", async () => {
    const host = `127.0.0.1:${await closedPort()}`;
    const api = new Api(`7654321:${"Q".repeat(35)}`, { apiRoot: `http://${host}` });
    const tries = lastTryFailure();
    api.config.use(tries.transformer);
    api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));
    api.config.use(callDeadline(300));
    const error = await api.getMe().then(
      () => expect.unreachable("the call went through"),
      (e: unknown) => e,
    );
    // auto-retry's own word alone says nothing of the cause.
    expect(errorLine(error)).toBe("Request aborted while waiting between retries");
    const line = errorLine(tries.explain(error));
    expect(line).toMatch(/^Request aborted while waiting between retries \(.*'getMe'/);
    expect(line).toContain(`ECONNREFUSED ${host}`);
    expect(line).toContain("7654321:[redacted]");
    expect(line).not.toContain("Q".repeat(35));
  });
});
