import { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { TELEGRAM_BUDGETS } from "../../src/bot/outbox/budget.js";
import { Outbox, PRIORITY } from "../../src/bot/outbox/outbox.js";
import { silentLogger } from "../../src/log.js";
import { WarpClock } from "../helpers/warp-clock.js";

const GROUP = -100_200;
const OTHER = -100_300;
const PRIVATE = 11;

interface Sent {
  readonly method: string;
  readonly chat: string;
  readonly at: number;
  readonly text: string;
}

/**
 * An outbox on a warp clock before a stand-in for Telegram that records when each call
 * arrives; `limited` lanes answer their next call with a 429.
 */
function rig() {
  const clock = new WarpClock();
  const outbox = new Outbox(silentLogger, clock);
  const sent: Sent[] = [];
  const limited = new Map<string, number>();
  const api = new Api("123:abc", {
    fetch: (async (url: string, init: { body: string }) => {
      const method = String(url).split("/").pop()!;
      const p = JSON.parse(init.body) as Record<string, unknown>;
      const chat = p.inline_message_id ? `i:${p.inline_message_id}` : `c:${p.chat_id}`;
      const wait = limited.get(chat);
      if (wait !== undefined) {
        limited.delete(chat);
        return Response.json({
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${wait}`,
          parameters: { retry_after: wait },
        });
      }
      sent.push({ method, chat, at: clock.now(), text: String(p.text ?? "") });
      return Response.json({ ok: true, result: { message_id: sent.length, date: 0, chat: {} } });
    }) as never,
  });
  api.config.use(outbox.gate({ retryAfter429: true }));
  /** Runs `work` to its end, moving the clock whenever only a budget holds it up. */
  const drive = async <T>(work: Promise<T>): Promise<T> => {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    while (!done) {
      await new Promise((r) => setImmediate(r));
      if (!done && outbox.waitingOnClock()) clock.advance();
    }
    return work;
  };
  return { clock, outbox, api, sent, limited, drive };
}

/** The most calls into `chat` within any `windowMs`. */
function busiest(sent: readonly Sent[], chat: string, windowMs: number): number {
  const times = sent.filter((s) => s.chat === chat).map((s) => s.at);
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));
}

describe("the outbox", () => {
  it("keeps a group within its budget: 45 messages at once go 20 a minute, in order", async () => {
    const { api, sent, drive } = rig();
    const texts = Array.from({ length: 45 }, (_, i) => `m${i}`);
    await drive(Promise.all(texts.map((text) => api.sendMessage(GROUP, text))));
    expect(sent.map((s) => s.text)).toEqual(texts);
    const window = TELEGRAM_BUDGETS.group.kind === "window" ? TELEGRAM_BUDGETS.group : null;
    expect(window).not.toBeNull();
    expect(busiest(sent, `c:${GROUP}`, window!.windowMs)).toBe(window!.count);
    // The first twenty at once; the rest as the window frees, not later than needed.
    expect(sent[19]!.at).toBe(sent[0]!.at);
    expect(sent[20]!.at - sent[0]!.at).toBe(window!.windowMs);
    expect(sent[44]!.at - sent[0]!.at).toBe(2 * window!.windowMs);
  });

  it("lets a private chat a burst of three, then one call per refill", async () => {
    const { api, sent, drive } = rig();
    await drive(Promise.all([0, 1, 2, 3, 4].map((i) => api.sendMessage(PRIVATE, `p${i}`))));
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    expect(gaps).toEqual([0, 0, rule.refillMs, rule.refillMs]);
  });

  it("one chat's wait holds no other chat up", async () => {
    const { api, sent, drive } = rig();
    const busy = Array.from({ length: 25 }, (_, i) => api.sendMessage(GROUP, `g${i}`));
    const quiet = api.sendMessage(OTHER, "elsewhere");
    await drive(quiet);
    expect(sent.filter((s) => s.chat === `c:${GROUP}`)).toHaveLength(20);
    expect(sent.at(-1)!.text).toBe("elsewhere");
    await drive(Promise.all(busy));
  });

  it("sends only the newest state of a message waiting for the budget, once", async () => {
    const { api, outbox, sent, drive } = rig();
    await drive(Promise.all(Array.from({ length: 20 }, () => api.sendMessage(GROUP, "filler"))));
    let state = 0;
    const board = () =>
      outbox.schedule({
        key: "board:1",
        lane: `c:${GROUP}`,
        priority: PRIORITY.urgent,
        run: async () => {
          await api.sendMessage(GROUP, `state ${state}`);
        },
      });
    for (state = 1; state <= 5; state++) board();
    state = 5;
    await drive(outbox.settled());
    expect(sent.slice(20).map((s) => s.text)).toEqual(["state 5"]);
  });

  it("serves what must be pressed before what onlookers read, and games of a chat in turn", async () => {
    const { api, outbox, sent, drive } = rig();
    await drive(Promise.all(Array.from({ length: 20 }, () => api.sendMessage(GROUP, "filler"))));
    const job = (key: string, priority: (typeof PRIORITY)[keyof typeof PRIORITY]) =>
      outbox.schedule({
        key,
        lane: `c:${GROUP}`,
        priority,
        run: async () => {
          await api.sendMessage(GROUP, key);
        },
      });
    job("standings", PRIORITY.onlooker);
    job("countdown", PRIORITY.idle);
    job("board:1", PRIORITY.urgent);
    job("board:2", PRIORITY.urgent);
    // Game 1 changes again while waiting: it keeps its place, ahead of game 2.
    job("board:1", PRIORITY.urgent);
    await drive(outbox.settled());
    expect(sent.slice(20).map((s) => s.text)).toEqual([
      "board:1",
      "board:2",
      "standings",
      "countdown",
    ]);
  });

  it("a job that ends up sending nothing gives its share back", async () => {
    const { api, outbox, sent, drive } = rig();
    for (let i = 0; i < 30; i++)
      outbox.schedule({
        key: `noop:${i}`,
        lane: `c:${GROUP}`,
        priority: PRIORITY.normal,
        run: async () => {},
      });
    await drive(outbox.settled());
    await drive(Promise.all(Array.from({ length: 20 }, () => api.sendMessage(GROUP, "now"))));
    expect(new Set(sent.map((s) => s.at)).size).toBe(1);
  });

  it("a 429 that still comes pauses that chat for the wait asked, and the call goes again", async () => {
    const { api, sent, limited, clock, drive } = rig();
    limited.set(`c:${GROUP}`, 7);
    const t0 = clock.now();
    const [here, there] = await drive(
      Promise.all([api.sendMessage(GROUP, "held"), api.sendMessage(OTHER, "free")]),
    );
    expect(here.message_id).toBeGreaterThan(0);
    expect(there.message_id).toBeGreaterThan(0);
    expect(sent.find((s) => s.text === "free")!.at).toBe(t0);
    expect(sent.find((s) => s.text === "held")!.at).toBe(t0 + 7_000);
  });

  it("carries the last minute's spending across a restart", async () => {
    const first = rig();
    await first.drive(
      Promise.all(Array.from({ length: 20 }, () => first.api.sendMessage(GROUP, "x"))),
    );
    const spends = first.outbox.spends();
    expect(spends).toHaveLength(20);
    const second = rig();
    second.clock.pass(first.clock.now() - second.clock.now() + 10_000);
    second.outbox.restore(spends);
    const t0 = second.clock.now();
    await second.drive(second.api.sendMessage(GROUP, "after the restart"));
    const window = TELEGRAM_BUDGETS.group.kind === "window" ? TELEGRAM_BUDGETS.group.windowMs : 0;
    expect(second.sent[0]!.at).toBe(t0 - 10_000 + window);
  });
});
