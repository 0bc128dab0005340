import { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { TELEGRAM_BUDGETS } from "../../src/bot/outbox/budget.js";
import { isDropped, PRIORITY } from "../../src/bot/outbox/outbox.js";
import { busiest, GROUP, OTHER, PRIVATE, ROOMY, rig } from "./outbox-rig.js";

describe("the outbox", () => {
  it("keeps a group within its budget, paced: a short burst, then evenly, never a minute's silence", async () => {
    const { api, sent, drive } = rig();
    const texts = Array.from({ length: 45 }, (_, i) => `m${i}`);
    await drive(Promise.all(texts.map((text) => api.sendMessage(GROUP, text))));
    expect(sent.map((s) => s.text)).toEqual(texts);
    const rule = TELEGRAM_BUDGETS.group;
    if (rule.kind !== "window") throw new Error("a group has a window");
    expect(busiest(sent, `c:${GROUP}`, rule.windowMs)).toBeLessThanOrEqual(rule.count);
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    // The burst at once, then the rest of the window spread out: no gap wider than the share
    // of the window the calls after the burst get, and the whole pace of the window kept.
    expect(gaps.slice(0, rule.burst - 1)).toEqual(Array(rule.burst - 1).fill(0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(
      Math.ceil(rule.windowMs / (rule.count - rule.burst)),
    );
    expect(sent.at(-1)!.at - sent[0]!.at).toBeLessThanOrEqual(
      (45 - rule.count) * Math.ceil(rule.windowMs / rule.count) + rule.windowMs,
    );
  });

  it("lets a private chat a burst of three, then one call per refill", async () => {
    const { api, sent, drive } = rig();
    await drive(Promise.all([0, 1, 2, 3, 4].map((i) => api.sendMessage(PRIVATE, `p${i}`))));
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    expect(gaps).toEqual([0, 0, rule.refillMs, rule.refillMs]);
  });

  it("paces a private chat from when each answer came, so calls that arrive late draw no 429", async () => {
    // The first burst takes 400 ms to arrive: Telegram's bucket, full until then, fills no
    // further while it waits, so pacing from when they left would be 400 ms early.
    const { api, sent, drive } = rig(
      ROOMY,
      () => {},
      (n) => (n < 3 ? 400 : 0),
    );
    await drive(Promise.all([0, 1, 2, 3, 4, 5].map((i) => api.sendMessage(PRIVATE, `p${i}`))));
    expect(sent.map((s) => s.text)).toEqual(["p0", "p1", "p2", "p3", "p4", "p5"]);
    // Telegram's own rule, a burst of three refilled one a second, met by every arrival.
    let tokens = 3;
    let at = sent[0]!.at;
    for (const s of sent) {
      tokens = Math.min(3, tokens + (s.at - at) / 1_000);
      at = s.at;
      expect(tokens, `${s.text} at +${s.at - sent[0]!.at} ms`).toBeGreaterThanOrEqual(1);
      tokens -= 1;
    }
  });

  it("one chat's wait holds no other chat up", async () => {
    const { api, sent, clock, drive } = rig();
    const t0 = clock.now();
    const busy = Array.from({ length: 25 }, (_, i) => api.sendMessage(GROUP, `g${i}`));
    await drive(api.sendMessage(OTHER, "elsewhere"));
    expect(sent.find((s) => s.text === "elsewhere")!.at).toBe(t0);
    expect(sent.filter((s) => s.chat === `c:${GROUP}`).length).toBeLessThan(25);
    await drive(Promise.all(busy));
  });

  it("bounds the replies waiting per chat: past it they fail at once, and the chat is told once", async () => {
    const full: string[] = [];
    const { api, sent, drive } = rig({ perChat: 5, total: 100 }, (lane) => full.push(lane));
    const rule = TELEGRAM_BUDGETS.group;
    if (rule.kind !== "window") throw new Error("a group has a window");
    // The burst goes at once; five wait; the rest are dropped without a call.
    const calls = Array.from({ length: rule.burst + 30 }, (_, i) =>
      api.sendMessage(GROUP, `m${i}`).then(
        () => "sent",
        (err: unknown) => (isDropped(err) ? "dropped" : "failed"),
      ),
    );
    const outcomes = await drive(Promise.all(calls));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(rule.burst + 5);
    expect(outcomes.filter((o) => o === "dropped")).toHaveLength(25);
    expect(sent).toHaveLength(rule.burst + 5);
    expect(full).toEqual([`c:${GROUP}`]);
    // Another chat is not counted against this one's bound.
    await drive(api.sendMessage(OTHER, "elsewhere"));
    expect(sent.at(-1)!.text).toBe("elsewhere");
  });

  it("bounds the replies waiting in all chats together", async () => {
    const full: string[] = [];
    const { api, drive } = rig({ perChat: 100, total: 6 }, (lane) => full.push(lane));
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    // Three private chats past their bursts: four waiting each would be twelve.
    const chats = [11, 12, 13];
    const calls = chats.flatMap((chat) =>
      Array.from({ length: rule.burst + 4 }, () =>
        api.sendMessage(chat, "x").then(
          () => "sent",
          (err: unknown) => (isDropped(err) ? "dropped" : "failed"),
        ),
      ),
    );
    const outcomes = await drive(Promise.all(calls));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(3 * rule.burst + 6);
    expect(outcomes.filter((o) => o === "dropped")).toHaveLength(6);
    expect(full.length).toBeGreaterThan(0);
  });

  it("tells the caller when a call outside a job must wait, and only then", async () => {
    const { outbox, clock, drive } = rig();
    let waits = 0;
    const api = new Api("123:abc", {
      fetch: (async () =>
        Response.json({ ok: true, result: { message_id: 1, date: 0, chat: {} } })) as never,
    });
    api.config.use(outbox.gate({ retryAfter429: true, whenWaiting: () => waits++ }));
    const rule = TELEGRAM_BUDGETS.private;
    if (rule.kind !== "bucket") throw new Error("a private chat has a bucket");
    for (let i = 0; i < rule.burst; i++) await api.sendMessage(PRIVATE, "at once");
    expect(waits).toBe(0);
    const t0 = clock.now();
    const late = api.sendMessage(PRIVATE, "waits");
    await new Promise((r) => setImmediate(r));
    expect(waits).toBe(1);
    await drive(late);
    expect(clock.now()).toBeGreaterThan(t0);
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
    const { api, outbox, sent, clock, drive } = rig();
    const t0 = clock.now();
    for (let i = 0; i < 30; i++)
      outbox.schedule({
        key: `noop:${i}`,
        lane: `c:${GROUP}`,
        priority: PRIORITY.normal,
        run: async () => {},
      });
    await drive(outbox.settled());
    expect(clock.now()).toBe(t0);
    await drive(Promise.all([1, 2, 3].map(() => api.sendMessage(GROUP, "now"))));
    expect(sent.map((s) => s.at)).toEqual([t0, t0, t0]);
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
    const sendAll = async (r: ReturnType<typeof rig>, n: number) =>
      r.drive(Promise.all(Array.from({ length: n }, () => r.api.sendMessage(GROUP, "x"))));
    // Without a restart, the 21st message goes at this time.
    const through = rig();
    await sendAll(through, 21);
    const expected = through.sent[20]!.at;
    // With one after the 20th, no earlier.
    const first = rig();
    await sendAll(first, 20);
    const second = rig();
    second.clock.pass(first.clock.now() - second.clock.now());
    second.outbox.restore(first.outbox.spends());
    await sendAll(second, 1);
    expect(second.sent[0]!.at).toBeGreaterThanOrEqual(expected);
    // Forgetting the spending would have let it go at once.
    expect(second.sent[0]!.at).toBeGreaterThan(first.clock.now());
  });
});
