/**
 * One person floods, everyone else plays: the bot as src/app.ts builds it, on a file
 * database, through a fake Bot API with Telegram's per-chat flood limits, updates handed in
 * through the inbox as polling and the webhook do, in real time.
 *
 * Mallory sends 1,000 commands into her own group and 1,000 into her private chat, in
 * getUpdates-sized batches. Meanwhile other people's /help in private, and a player's presses
 * on a game in another group, are timed: to the reply, to the press's answer, to the board's
 * edit. Then a group whose budget other games have spent: presses there, to their answers.
 * Then a restart with her 2,000 updates left in the inbox. Memory is the heap after a
 * collection, against the same bot idle.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import { createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/index.js";
import { renderBoardPng } from "../src/render/png.js";
import { SimClock } from "./sim-clock.js";
import { percentile, round } from "./stats.js";
import { BOT_INFO, FakeBotApi, type StoredMessage, silentLogger } from "./testkit/index.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const HER_GROUP = -100_901;
const GAME_GROUP = -100_902;
const BUSY_GROUP = -100_903;
const BATCH = 100;
const mallory: User = { id: 9_001, is_bot: false, first_name: "Mallory", language_code: "en" };
const person = (id: number, name: string): User => ({
  id,
  is_bot: false,
  first_name: name,
  language_code: "en",
});

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";

/** A bot on `file`, with the world's loop: `spin` lets it work for real time. */
async function botOn(file: string, fake: FakeBotApi, clock: SimClock) {
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(file);
  const seen: ((method: string, payload: Record<string, unknown>) => void)[] = [];
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: renderBoardPng,
      decisions: async () => Buffer.from("png"),
      replay: async () => Buffer.from("gif"),
      standings: async () => Buffer.from("png"),
    },
    computer: null,
    now: clock.now,
    clock,
    fetch: (async (url: unknown, init: unknown) => {
      const res = await fake.fetch(url, init as never);
      const method = String(url).split("/").pop()!;
      const body = (init as { body?: unknown } | undefined)?.body;
      const payload = typeof body === "string" ? (JSON.parse(body) as Record<string, unknown>) : {};
      for (const s of seen) s(method, payload);
      return res;
    }) as never,
  });
  await app.bot.bot.init();
  const feed = app.bot.feed!;
  const arrive = async (u: Update): Promise<void> => {
    if (!fake.deliver(u)) return Promise.resolve();
    const [fresh] = await feed.admit([u]);
    return fresh ? feed.handle(fresh) : Promise.resolve();
  };
  /** Real time passes for `ms`, the bot's timers with it. */
  const spin = async (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      await new Promise((r) => setImmediate(r));
      clock.fireDue();
    }
  };
  /** Resolves (in ms from now) when a call matching `test` goes out. */
  const when = (test: (method: string, p: Record<string, unknown>) => boolean) => {
    const t0 = performance.now();
    return new Promise<number>((resolve) => {
      const s = (method: string, p: Record<string, unknown>) => {
        if (!test(method, p)) return;
        seen.splice(seen.indexOf(s), 1);
        resolve(performance.now() - t0);
      };
      seen.push(s);
    });
  };
  const close = () => {
    app.bot.boards.stop();
    database.close();
  };
  return { app, feed, arrive, spin, when, close };
}
type Bot = Awaited<ReturnType<typeof botOn>>;

/** A game between two new players in `chatId`: its board. */
async function openGame(bot: Bot, fake: FakeBotApi, chatId: number, a: User, b: User) {
  await bot.arrive(fake.textUpdate(a, chatId, "/play short"));
  await bot.spin(20);
  const card = fake.chatMessages(chatId).at(-1)!;
  const accept = card.keyboard.flat().find((x) => /^✅/.test(x.text))!;
  await bot.arrive(fake.pressUpdate(b, card, dataOf(accept)).update);
  // The board is drawn and posted after the press.
  for (let i = 0; i < 100 && !fake.chatMessages(chatId).at(-1)!.caption; i++) await bot.spin(50);
  await bot.spin(200);
  return fake.chatMessages(chatId).at(-1)!;
}

/** The player the game on `board` waits for presses its first move button; ms to answer. */
async function pressOn(bot: Bot, fake: FakeBotApi, board: StoredMessage, players: User[]) {
  const live = fake.message(board.chatId!, board.messageId)!;
  const game = (await bot.app.service.activeGames(board.chatId!, players[0]!.id)).at(-1)!;
  const who = players.find((p) => p.id === game.waitingFor) ?? players[0]!;
  const button = live.keyboard.flat().find((x) => dataOf(x) && !/Double|Undo/.test(x.text));
  if (!button) return null;
  const { queryId, update } = fake.pressUpdate(who, live, dataOf(button));
  const answered = bot.when(
    (m, p) => m === "answerCallbackQuery" && p.callback_query_id === queryId,
  );
  const since = live.changedAt;
  const t0 = performance.now();
  void bot.arrive(update);
  const answerMs = await answered;
  // The board's edit (a picture, sent as a file) shows as the message changing.
  const changed = () => fake.message(board.chatId!, board.messageId)!.changedAt !== since;
  for (let i = 0; i < 500 && !changed(); i++) await bot.spin(10);
  return { answerMs, editMs: changed() ? performance.now() - t0 : Infinity };
}

/** Mallory's flood: `n` commands into each of her chats, a batch at a time; not awaited. */
function flood(bot: Bot, fake: FakeBotApi, n: number): Promise<void>[] {
  const work: Promise<void>[] = [];
  for (let i = 0; i < n; i += BATCH) {
    setTimeout(
      () => {
        for (let k = 0; k < BATCH; k++) {
          work.push(bot.arrive(fake.textUpdate(mallory, HER_GROUP, "/help")));
          work.push(bot.arrive(fake.textUpdate(mallory, mallory.id, "/help")));
        }
      },
      (i / BATCH) * 20,
    );
  }
  return work;
}

export async function benchFlood({ smoke }: { smoke: boolean }): Promise<Record<string, number>> {
  const n = smoke ? 200 : 1_000;
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-flood-"));
  const file = path.join(dir, "flood.sqlite");
  const clock = new SimClock();
  const fake = new FakeBotApi({ token: TOKEN, keepUploads: false, now: clock.now });
  const bot = await botOn(file, fake, clock);
  try {
    const [a, b] = [person(9_101, "Ann"), person(9_102, "Ben")];
    const board = await openGame(bot, fake, GAME_GROUP, a, b);
    await bot.arrive(fake.textUpdate(mallory, mallory.id, "/start"));
    await bot.arrive(fake.textUpdate(mallory, HER_GROUP, "/help"));
    await bot.spin(200);
    const idleMb = heapMb();

    // The flood, and others' requests beside it.
    const work = flood(bot, fake, n);
    const helpMs: number[] = [];
    const answerMs: number[] = [];
    const editMs: number[] = [];
    let peakMb = 0;
    let peakInProgress = 0;
    for (let i = 0; i < (smoke ? 5 : 20); i++) {
      const other = person(9_200 + i, `Other${i}`);
      const replied = bot.when((m, p) => m === "sendMessage" && p.chat_id === other.id);
      void bot.arrive(fake.textUpdate(other, other.id, "/help"));
      helpMs.push(await Promise.race([replied, bot.spin(10_000).then(() => Infinity)]));
      const pressed = await pressOn(bot, fake, board, [a, b]);
      if (pressed) {
        answerMs.push(pressed.answerMs);
        editMs.push(pressed.editMs);
      }
      peakInProgress = Math.max(peakInProgress, bot.feed.inProgress);
      await bot.spin(50);
      if (i % 5 === 4) peakMb = Math.max(peakMb, heapMb());
    }
    peakMb = Math.max(peakMb, heapMb());
    void Promise.all(work);

    // A group whose budget other games have spent: presses there, to their answers.
    const busy = [person(9_301, "Cat"), person(9_302, "Dan")];
    await bot.arrive(fake.textUpdate(busy[0]!, BUSY_GROUP, "/lang"));
    await bot.spin(20);
    const menu = fake.chatMessages(BUSY_GROUP).at(-1)!;
    for (let i = 0; i < 15; i++)
      void bot.app.bot.bot.api.sendMessage(BUSY_GROUP, `board ${i}`).catch(() => {});
    await bot.spin(20);
    const busyAnswerMs: number[] = [];
    for (let i = 0; i < (smoke ? 5 : 30); i++) {
      const who = person(9_400 + i, `P${i}`);
      const button = menu.keyboard.flat()[i % menu.keyboard.flat().length]!;
      const { queryId, update } = fake.pressUpdate(who, menu, dataOf(button));
      const answered = bot.when(
        (m, p) => m === "answerCallbackQuery" && p.callback_query_id === queryId,
      );
      void bot.arrive(update);
      busyAnswerMs.push(await Promise.race([answered, bot.spin(15_000).then(() => Infinity)]));
    }
    const limited = fake.calls.filter(
      (c) => c.answer?.ok === false && c.answer.error_code === 429,
    ).length;
    bot.close();

    // A restart with her updates left in the inbox (stored, never handled).
    const leftFile = path.join(dir, "left.sqlite");
    const first = await botOn(leftFile, fake, clock);
    const left: Update[] = [];
    for (let i = 0; i < n; i++) {
      left.push(fake.textUpdate(mallory, HER_GROUP, "/help"));
      left.push(fake.textUpdate(mallory, mallory.id, "/help"));
    }
    for (const u of left) fake.deliver(u);
    await first.feed.admit(left);
    first.close();
    const again = await botOn(leftFile, fake, clock);
    const restartIdleMb = heapMb();
    const t0 = performance.now();
    const replays = (await again.feed.replays()).map((u) => again.feed.handle(u));
    const other = person(9_500, "Eve");
    const replied = again.when((m, p) => m === "sendMessage" && p.chat_id === other.id);
    void again.arrive(fake.textUpdate(other, other.id, "/help"));
    const restartHelpMs = await Promise.race([replied, again.spin(10_000).then(() => Infinity)]);
    const restartInProgress = again.feed.inProgress;
    await again.spin(500);
    const restartPeakMb = heapMb();
    const replayedMs = performance.now() - t0;
    void Promise.all(replays);
    again.close();

    return {
      "flood updates": 2 * n,
      "other /help p50 ms": round(percentile(helpMs, 50), 1),
      "other /help p99 ms": round(percentile(helpMs, 99), 1),
      "game press answer p50 ms": round(percentile(answerMs, 50), 1),
      "game press answer p99 ms": round(percentile(answerMs, 99), 1),
      "game board edit p99 ms": round(percentile(editMs, 99), 1),
      "busy group answer p50 ms": round(percentile(busyAnswerMs, 50), 1),
      "busy group answer p99 ms": round(percentile(busyAnswerMs, 99), 1),
      "answers past 10 s": [...answerMs, ...busyAnswerMs].filter((ms) => ms > 10_000).length,
      "updates in progress peak": peakInProgress,
      "heap over idle MB": round(peakMb - idleMb, 1),
      "429s drawn": limited,
      "restart: other /help ms": round(restartHelpMs, 1),
      "restart: in progress": restartInProgress,
      "restart: heap over idle MB": round(restartPeakMb - restartIdleMb, 1),
      "restart: 500 ms after replay ms": round(replayedMs, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
