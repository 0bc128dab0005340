import { Writable } from "node:stream";
import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.js";

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
