/**
 * A press's answer is retried by PressAnswers itself, quickly and only while Telegram can
 * still take it (counted from the press's arrival); every other call keeps auto-retry. The
 * transformers are installed as createBot installs them, on a clock the test moves.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, type Context } from "grammy";
import { describe, expect, it } from "vitest";
import { silentLogger } from "../../bench/testkit/index.js";
import {
  ANSWER_RETRY_MS,
  ANSWER_WITHIN_MS,
  exceptAnswers,
  PressAnswers,
} from "../../src/bot/answers.js";
import { callDeadline } from "../../src/bot/call-deadline.js";
import { ANSWER_LIMIT } from "../../src/bot/ui/fit.js";
import type { Logger } from "../../src/log.js";

type Outcome = "lost" | "ok" | { error_code: number; retry_after?: number };

/** The bot's API with its transformers, each call's fate scripted, the clock the test's. */
function setUp(script: readonly Outcome[]) {
  let clock = 1_000_000;
  const calls: { method: string; at: number; text?: string }[] = [];
  const warned: string[] = [];
  const logger = { ...silentLogger, warn: (_: unknown, msg: string) => warned.push(msg) };
  const api = new Api("1:x", {
    fetch: (async (url: string, init: { body?: unknown }) => {
      const method = String(url).split("/").pop()!;
      const { text } = JSON.parse(String(init.body ?? "{}")) as { text?: string };
      calls.push({ method, at: clock, ...(text === undefined ? {} : { text }) });
      const fate = script[calls.length - 1] ?? "ok";
      if (fate === "lost") throw new TypeError("fetch failed: connect ECONNREFUSED");
      const body =
        fate === "ok"
          ? { ok: true, result: method === "sendMessage" ? { message_id: 1 } : true }
          : {
              ok: false,
              error_code: fate.error_code,
              description: "failed",
              ...(fate.retry_after !== undefined
                ? { parameters: { retry_after: fate.retry_after } }
                : {}),
            };
      return new Response(JSON.stringify(body), {
        status: fate === "ok" ? 200 : fate.error_code,
        headers: { "content-type": "application/json" },
      });
    }) as never,
  });
  const answers = new PressAnswers(
    logger as unknown as Logger,
    () => clock,
    undefined,
    async (ms) => {
      clock += ms;
    },
  );
  api.config.use(exceptAnswers(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 })));
  api.config.use(callDeadline());
  api.config.use(answers.transformer);

  /** A press arrives now, is handled for `handlingMs`, then answered with `text`. */
  const press = async (handlingMs: number, text = "done") => {
    const arrived = clock;
    const ctx = {
      update: { update_id: 1 },
      callbackQuery: { id: "q1" },
      answerCallbackQuery: (other?: object) => api.answerCallbackQuery("q1", other),
    } as unknown as Context;
    await answers.middleware()(ctx, async () => {
      clock += handlingMs;
      await answers.answer(ctx, text);
    });
    return calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.at - arrived);
  };
  return { api, calls, warned, press };
}

describe("a press's answer", () => {
  it("goes once: a second answer to the same press, made directly, is not sent", async () => {
    const { api, calls } = setUp([]);
    expect(await api.answerCallbackQuery("q1")).toBe(true);
    expect(await api.answerCallbackQuery("q1", { text: "late" })).toBe(true);
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
  });

  it("lost three times on the network: tried again after 0.3, 0.7 and 1.5 s, and gets through", async () => {
    const { press, warned } = setUp(["lost", "lost", "lost", "ok"]);
    // Handled 6 s after it arrived: auto-retry's 3 s and 6 s waits would run past the press's time.
    expect(await press(6_000)).toEqual([6_000, 6_300, 7_000, 8_500]);
    expect(warned).toEqual([]);
  });

  it("lost every time: tried only while the press can still be answered", async () => {
    const { press, warned } = setUp(Array(20).fill("lost"));
    const tries = await press(0);
    let at = 0;
    const expected = [0];
    for (let i = 0; ; i++) {
      at += ANSWER_RETRY_MS[Math.min(i, ANSWER_RETRY_MS.length - 1)]!;
      if (at >= ANSWER_WITHIN_MS) break;
      expected.push(at);
    }
    expect(tries).toEqual(expected);
    expect(tries.length).toBeGreaterThan(5);
    // Never thrown into the handler: the press is left as it is, and logged.
    expect(warned).toEqual(["press not answered"]);
  });

  it("Telegram's own failures are tried again; a refusal and a late press are not", async () => {
    expect(await setUp([{ error_code: 502 }, { error_code: 500 }, "ok"]).press(0)).toEqual([
      0, 300, 1_000,
    ]);
    expect(await setUp([{ error_code: 429, retry_after: 2 }, "ok"]).press(0)).toEqual([0, 2_000]);
    expect(await setUp([{ error_code: 429, retry_after: 9 }]).press(3_000)).toEqual([3_000]);
    expect(await setUp([{ error_code: 400 }, "ok"]).press(0)).toEqual([0]);
    expect(await setUp(["ok"]).press(ANSWER_WITHIN_MS)).toEqual([]);
  });

  it("is cut to Telegram's 200 characters, between whole characters", async () => {
    const { press, calls } = setUp(["ok"]);
    const start = "It is 👨‍👩‍👧‍👦 ";
    const letter = "a\u0300\u0323";
    await press(0, `${start}${letter.repeat(100)}'s turn.`);
    const sent = calls[0]!.text!;
    expect(sent.length).toBeLessThanOrEqual(ANSWER_LIMIT);
    expect(sent.length).toBeGreaterThan(ANSWER_LIMIT - letter.length);
    expect(sent.startsWith(start) && sent.endsWith(`${letter}…`)).toBe(true);
    expect(sent.slice(start.length, -1).replaceAll(letter, "")).toBe("");
  });

  it("other calls keep auto-retry", async () => {
    const { api, calls } = setUp([{ error_code: 429, retry_after: 0 }, "ok"]);
    await api.sendMessage(1, "hi");
    expect(calls.map((c) => c.method)).toEqual(["sendMessage", "sendMessage"]);
  });
});
