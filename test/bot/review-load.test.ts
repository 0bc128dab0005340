import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { atOnce } from "../../bench/at-once.js";
import type { StoredMessage } from "../../bench/testkit/index.js";
import type { ReplayFrame } from "../../src/render/replay.js";
import type { GameAnalysis, PlayerAnalysis } from "../../src/services/index.js";
import { resignedEarly } from "./finished-game.js";
import { it, type MakeHarness } from "./fixtures.js";
import { buttonNamed, fakeReplay } from "./harness.js";

const LIMITS = {
  analyses: { workers: 2, perPerson: 3, perChat: 6, waiting: 40 },
  replays: { workers: 1, perPerson: 3, perChat: 6, waiting: 40 },
};

const player = (id: number): User => ({
  id,
  is_bot: false,
  first_name: `Player${id}`,
  language_code: "en",
});

const nothing: PlayerAnalysis = {
  decisions: 0,
  errors: 0,
  blunders: 0,
  lost: 0,
  luck: 0,
  costliest: [],
};
/** A stand-in analysis: the queue is under test here, not the evaluator. */
const ANALYSIS: GameAnalysis = { white: nothing, black: nothing };

/** Long enough for every press to arrive while the first ones still run. */
const slowly = <T>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 30));

/** A harness whose analyses and replays count how many run at once. */
async function countingHarness(make: MakeHarness) {
  const analyses = atOnce(async () => slowly(ANALYSIS));
  const replays = atOnce(async (frames: readonly ReplayFrame[]) =>
    slowly(await fakeReplay(frames)),
  );
  const harness = await make({
    reviewLimits: LIMITS,
    analyse: analyses.fn,
    renderReplay: replays.fn,
  });
  return { h: harness, analyses, replays };
}

describe("analyses and replays asked for all at once", () => {
  it("20 presses in five chats: a fixed number run at a time, the rest told their place", async ({
    harness,
  }) => {
    const counted = await countingHarness(harness);
    const h = counted.h;
    const presses: { by: User; list: StoredMessage; button: string }[] = [];
    for (let c = 0; c < 5; c++) {
      const chat = -100_300 - c;
      const [a, b] = [player(100 + 2 * c), player(101 + 2 * c)];
      const games = [
        await resignedEarly(h, a, b, "/play short", 0, chat),
        await resignedEarly(h, b, a, "/play short", 0, chat),
      ];
      await h.send(a, "/history", { chatId: chat });
      const list = h.lastMessage(chat);
      for (const g of games)
        presses.push({ by: a, list, button: `📊 #${g.id}` }, { by: b, list, button: `🎞 #${g.id}` });
    }
    expect(presses).toHaveLength(20);
    const before = h.tg.calls.length;
    await Promise.all(presses.map((p) => h!.press(p.by, p.list, buttonNamed(p.list, p.button))));

    // Worker count: never more than the queue's, though 10 of each were asked at once.
    expect(counted.analyses.most()).toBe(2);
    expect(counted.replays.most()).toBe(1);
    // Each press answered once: those that started, and each other one with its place.
    const answers = h.tg
      .callsOf("answerCallbackQuery")
      .slice(-20)
      .map((c) => String(c.payload.text));
    const sorted = (prefix: string) => answers.filter((t) => t.startsWith(prefix)).sort();
    expect(sorted("📊")).toEqual(
      [
        ...["Analysing every decision…", "Analysing every decision…"],
        ...Array.from(
          { length: 8 },
          (_, i) => `In the queue, number ${i + 1}. The analysis will follow here.`,
        ),
      ]
        .map((t) => `📊 ${t}`)
        .sort(),
    );
    expect(sorted("🎞")).toEqual(
      [
        "Drawing the replay…",
        ...Array.from(
          { length: 9 },
          (_, i) => `In the queue, number ${i + 1}. The replay will follow.`,
        ),
      ]
        .map((t) => `🎞 ${t}`)
        .sort(),
    );
    // Every one done in the end: one post per analysis, one animation per replay.
    const sent = h.tg.calls.slice(before).map((c) => c.method);
    expect(sent.filter((m) => m === "sendPhoto" || m === "sendMessage")).toHaveLength(10);
    expect(sent.filter((m) => m === "sendAnimation")).toHaveLength(10);
    expect(h.tg.problems()).toEqual([]);
  });

  it("one person pressing 📊 on ten games of /history: three at a time, then a clear no", async ({
    harness,
  }) => {
    const counted = await countingHarness(harness);
    const h = counted.h;
    const chat = -100_400;
    const [a, b] = [player(200), player(201)];
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await resignedEarly(h, a, b, "/play short", 0, chat)).id);
    await h.send(a, "/history", { chatId: chat });
    const list = h.lastMessage(chat);
    await Promise.all(ids.map((id) => h!.press(a, list, buttonNamed(list, `📊 #${id}`))));
    const answers = h.tg
      .callsOf("answerCallbackQuery")
      .slice(-10)
      .map((c) => c.payload);
    const refused = answers.filter((p) => p.show_alert);
    expect(refused).toHaveLength(7);
    for (const p of refused)
      expect(p.text).toBe(
        "⏳ You already have several requests waiting. Ask again when one is done.",
      );
    expect(counted.analyses.most()).toBe(2);
    const posts = h.tg.chatMessages(chat).filter((m) => m.shown?.text.startsWith("📊 Analysis"));
    expect(posts).toHaveLength(3);
    expect(h.tg.problems()).toEqual([]);
  });
});
