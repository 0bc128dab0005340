import { createHash } from "node:crypto";
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import { expect } from "vitest";
import {
  BOT_INFO,
  FakeBotApi,
  type StoredMessage,
  silentLogger,
  WarpClock,
} from "../../bench/testkit/index.js";
import type { Player } from "../../src/ai/index.js";
import { type App, createApp, type Ports } from "../../src/app.js";
import type { BotDeps, BotParts, Renderers } from "../../src/bot/create-bot.js";
import { cacheChatUploader } from "../../src/bot/inline-photos.js";
import { parseConfig } from "../../src/config.js";
import {
  type GameEventRow,
  GamesRepo,
  type OpenedDatabase,
  openDatabase,
} from "../../src/db/index.js";
import type { Logger } from "../../src/log.js";
import type { DecisionBoards } from "../../src/render/decision.js";
import type { RatingChartView } from "../../src/render/rating-chart.js";
import type { ReplayFrame } from "../../src/render/replay.js";
import type { StandingsPicture } from "../../src/render/standings-view.js";
import type { BoardView } from "../../src/render/view.js";
import type { GameService } from "../../src/services/index.js";
import type { ComputerOpponent } from "../../src/services/opponent.js";

export const GROUP = -100_200;

export const USERS = {
  alice: { id: 11, is_bot: false, first_name: "Alice", username: "alice", language_code: "en" },
  bob: { id: 22, is_bot: false, first_name: "Bob", username: "bob", language_code: "en" },
  carol: { id: 33, is_bot: false, first_name: "Carol", username: "carol", language_code: "en" },
  olga: { id: 44, is_bot: false, first_name: "Ольга", username: "olga", language_code: "ru" },
  taras: { id: 66, is_bot: false, first_name: "Тарас", username: "taras", language_code: "uk" },
  otherBot: { id: 55, is_bot: true, first_name: "Helper", username: "helper_bot" },
} satisfies Record<string, User>;

/** A cheap stand-in picture: unique per view, so re-render decisions stay visible. */
export const fakeRender = async (view: BoardView): Promise<Buffer> =>
  Buffer.from(`PNG:${createHash("sha256").update(JSON.stringify(view)).digest("hex")}`);

/** The fake Bot API a harness's bot talks to in process, its flood limits on a warp clock. */
export type InProcessApi = FakeBotApi<WarpClock>;

/** A fake for a harness: stand-in pictures, and one date for every message (see below). */
export const inProcessApi = (opts: { now?: () => number } = {}): InProcessApi =>
  new FakeBotApi({ wire: new WarpClock(), dates: () => HARNESS_DATE, checkImages: false, ...opts });

export interface Harness {
  readonly tg: InProcessApi;
  /** Everything the composition root built. */
  readonly app: App;
  readonly parts: BotParts;
  readonly service: GameService;
  readonly database: OpenedDatabase;
  /**
   * A user types a text into a chat (a reply to a bot message if `replyTo`). Returns whether
   * the bot got it: in groups, privacy mode keeps back what is not a command, a reply to the
   * bot or a mention of it (see `tg.undelivered` for why).
   */
  send(
    from: User,
    text: string,
    opts?: { chatId?: number; replyTo?: StoredMessage },
  ): Promise<boolean>;
  press(from: User, message: StoredMessage, button: InlineKeyboardButton): Promise<boolean>;
  /** A button press with any data; the fake then expects one answer to the query. */
  pressData(from: User, message: StoredMessage, data: string): Promise<boolean>;
  lastMessage(chatId?: number): StoredMessage;
  /** Any other update (inline queries, chosen results); false if Telegram would not deliver it. */
  handle(update: Omit<Update, "update_id"> | Update): Promise<boolean>;
  /** Waits until no board update and no computer turn is in progress. */
  settle(): Promise<void>;
  /** Waits for the boards only (a computer's turn may still be on its way). */
  settleBoards(): Promise<void>;
  /**
   * The clock chats' budgets run on, for the bot and the fake alike: it moves only when all
   * that is left is to wait for a budget, so Telegram's limits are kept at no real cost.
   */
  readonly wire: WarpClock;
  /** One maintenance tick at `now`, and what follows from it. */
  tick(now?: number): Promise<void>;
  /** The computer player, when the harness has one. */
  readonly computer: ComputerOpponent | null;
  /** A game's stored event log. */
  events(gameId: number): Promise<GameEventRow[]>;
  close(): Promise<void>;
}

/**
 * Dice seeds numbered per test: each test gets the same dice whatever ran before it in the
 * same worker (test files share one module graph there).
 */
const seedsPerTest = new Map<string, number>();
/**
 * 2026-01-01 00:00 UTC, in Unix seconds: the date of every message, so a game's dice (whose
 * second part holds its message's date) are the same on every run.
 */
const HARNESS_DATE = 1_767_225_600;
function nextSeed(): Buffer {
  const test = expect.getState().currentTestName ?? "";
  const n = (seedsPerTest.get(test) ?? 0) + 1;
  seedsPerTest.set(test, n);
  return createHash("sha256").update(`seed-${test}-${n}`).digest();
}

/** A cheap stand-in animation: the frames' views hashed, so each replay's bytes are its own. */
export const fakeReplay = async (frames: readonly ReplayFrame[]): Promise<Buffer> =>
  Buffer.from(
    `GIF:${frames.length}:${createHash("sha256").update(JSON.stringify(frames)).digest("hex")}`,
  );

/** A stand-in standings picture: the view itself, so tests can read what it shows. */
export const fakeStandings = async (view: StandingsPicture): Promise<Buffer> =>
  Buffer.from(`STANDINGS:${JSON.stringify(view)}`);

/** A stand-in rating chart: the view itself, so tests can read what it shows. */
export const fakeRating = async (view: RatingChartView): Promise<Buffer> =>
  Buffer.from(`RATING:${JSON.stringify(view)}`);

/** The analysed decisions' boards, row by row, as the stand-in picture. */
export const fakeDecisions = async (rows: readonly DecisionBoards[]): Promise<Buffer> =>
  Buffer.from(JSON.stringify(rows));

export interface HarnessOptions {
  readonly path?: string;
  /** A database the test opened itself (to count its statements, say); else one at `path`. */
  readonly database?: OpenedDatabase;
  readonly env?: Record<string, string>;
  readonly render?: Renderers["board"];
  readonly renderReplay?: Renderers["replay"];
  /** How a finished game is analysed (in this thread by default). */
  readonly analyse?: BotDeps["analyse"];
  readonly reviewLimits?: Ports["reviewLimits"];
  /** The fake Bot API, to go on with another harness's (a restart); a new one by default. */
  readonly tg?: InProcessApi;
  /** A computer player in the bot's seat, wired as the real process wires it. */
  readonly computer?: { readonly level?: Player; readonly delayMs?: number };
  readonly now?: () => number;
  /** Where the bot logs (silent by default). */
  readonly logger?: Logger;
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const parsed = parseConfig({
    BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij",
    LOG_LEVEL: "silent",
    ...opts.env,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = opts.database ?? openDatabase(opts.path ?? ":memory:");
  const tg = opts.tg ?? inProcessApi();
  const wire = tg.wire;
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: opts.logger ?? silentLogger,
    render: {
      board: opts.render ?? fakeRender,
      decisions: fakeDecisions,
      replay: opts.renderReplay ?? fakeReplay,
      standings: fakeStandings,
      rating: fakeRating,
    },
    ...(opts.analyse ? { analyse: opts.analyse } : {}),
    ...(opts.reviewLimits ? { reviewLimits: opts.reviewLimits } : {}),
    // A computer player in the bot's seat, wired as the real process wires it.
    computer: opts.computer
      ? {
          delayMs: opts.computer.delayMs ?? 0,
          ...(opts.computer.level ? { level: opts.computer.level } : {}),
        }
      : null,
    photoUploader: (api) => cacheChatUploader(api, parsed.config.boardCacheChatId, silentLogger),
    fetch: tg.fetch as never,
    // Fixed seeds keep each test's dice the same on every run.
    newSeed: nextSeed,
    ...(opts.now ? { now: opts.now } : {}),
    clock: wire,
  });
  const { service, computer } = app;
  const parts = app.bot;
  await parts.bot.init();
  /** `work`, moving the budgets' clock whenever nothing but a budget holds it up. */
  const drive = async <T>(work: Promise<T>): Promise<T> => {
    let done = false;
    const finished = work.finally(() => {
      done = true;
    });
    finished.catch(() => {});
    for (let idle = 0; !done; ) {
      await new Promise((resolve) => (idle < 5 ? setImmediate(resolve) : setTimeout(resolve, 1)));
      if (done) break;
      // A call held on purpose by a test may be on its way meanwhile: time moves anyway.
      if (parts.outbox.nextWakeAt() !== null) {
        wire.advance();
        idle = 0;
      } else idle++;
    }
    return work;
  };
  const settle = () =>
    drive(
      (async () => {
        // A computer turn asks for a board; a board never starts a turn: two rounds settle both.
        for (let i = 0; i < 2; i++) {
          await computer?.settled();
          await parts.jobs.settled();
          await parts.boards.settled();
          await parts.tournamentBoards.settled();
        }
      })(),
    );

  /** Only what Telegram would deliver reaches the bot; the fake notes queries and chats. */
  const handle = async (update: Omit<Update, "update_id"> | Update): Promise<boolean> => {
    if (!tg.deliver(update)) return false;
    await drive(parts.bot.handleUpdate(tg.numbered(update)));
    await settle();
    return true;
  };

  const harness: Harness = {
    handle,
    settle,
    settleBoards: () => drive(parts.boards.settled()),
    wire,
    async tick(now) {
      await drive(parts.maintenance.tick(now));
      await settle();
    },
    computer,
    events: (gameId) => new GamesRepo(database.db).events(gameId),
    tg,
    app,
    parts,
    service,
    database,
    send: (from, text, o = {}) => handle(tg.textUpdate(from, o.chatId ?? GROUP, text, o.replyTo)),
    async press(from, message, button) {
      if (!("callback_data" in button) || !button.callback_data)
        throw new Error("not a callback button");
      return harness.pressData(from, message, button.callback_data);
    },
    pressData: (from, message, data) => handle(tg.pressUpdate(from, message, data).update),
    lastMessage(chatId = GROUP) {
      const all = tg.chatMessages(chatId);
      const last = all.at(-1);
      if (!last) throw new Error(`no message in chat ${chatId}`);
      return last;
    },
    async close() {
      // Closed twice (by a test that restarts the bot, then after it): once is enough.
      if (!database.sqlite.open) return;
      parts.boards.stop();
      database.close();
    },
  };
  return harness;
}

/** The buttons of a message, flat, but links (see `links`). */
export const buttons = (m: StoredMessage): InlineKeyboardButton[] =>
  m.keyboard.flat().filter((b) => !("url" in b));

/** The latest board of game `gameId` in a person's private chat (its caption names the game). */
export const ownBoardOf = (h: Harness, userId: number, gameId: number): StoredMessage | undefined =>
  h.tg
    .chatMessages(userId)
    .filter((m) => m.photoId && m.caption?.includes(`#${gameId}</i>`))
    .at(-1);

/** A message's link buttons (the `▶ Play in private chat` of a chat's board), flat. */
export const links = (m: StoredMessage): InlineKeyboardButton.UrlButton[] =>
  m.keyboard.flat().filter((b): b is InlineKeyboardButton.UrlButton => "url" in b);

export const buttonNamed = (m: StoredMessage, text: string | RegExp): InlineKeyboardButton => {
  const b = buttons(m).find((x) =>
    typeof text === "string" ? x.text === text : text.test(x.text),
  );
  if (!b) throw new Error(`no button ${text} in ${JSON.stringify(buttons(m).map((x) => x.text))}`);
  return b;
};

/**
 * The game against the bot that `/play bot` (or the set-up dialog) offered, started by its
 * challenger's 🎲 press on the card; returns the game's board.
 */
export async function startAgainstBot(
  h: Harness,
  chatId: number = GROUP,
  user: User = USERS.alice,
): Promise<StoredMessage> {
  const card = h.lastMessage(chatId);
  await h.press(user, card, buttonNamed(card, /🎲/));
  return h.lastMessage(chatId);
}

/**
 * `challenger`'s command in the group (`/play short`, say) and `accepter`'s press on its ✅
 * Accept: the game it started and its board.
 */
export async function groupGame(
  h: Harness,
  command = "/play short",
  challenger: User = USERS.alice,
  accepter: User = USERS.bob,
): Promise<{ gameId: number; board: StoredMessage }> {
  await h.send(challenger, command);
  const challenge = h.lastMessage();
  await h.press(accepter, challenge, buttonNamed(challenge, /^✅/));
  const game = (await h.service.activeGames(GROUP, challenger.id)).at(-1)!;
  return { gameId: game.id, board: h.lastMessage() };
}

/** The test user with this id. */
export const userById = (id: number): User => {
  const user = Object.values(USERS).find((u) => u.id === id);
  if (!user) throw new Error(`no test user ${id}`);
  return user;
};

/** The bot is back in the chat, as Telegram tells it (my_chat_member). */
export const addedBack = (chatId: number) =>
  ({
    my_chat_member: {
      chat: { id: chatId, type: "supergroup", title: "Nardy club" },
      from: USERS.carol,
      date: 0,
      old_chat_member: { status: "left", user: BOT_INFO },
      new_chat_member: { status: "member", user: BOT_INFO },
    },
  }) as unknown as Omit<Update, "update_id">;

/** Lets every update started so far run up to what it waits for (time does not move). */
export const spin = async (rounds = 50) => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
};

/**
 * An update through the inbox, as polling and the webhook hand it in. The promise it gives
 * ends with the update's handling (when it is let go); a caller may leave it running.
 */
export async function arrive(h: Harness, update: Update): Promise<void> {
  if (!h.tg.deliver(update)) throw new Error("not delivered");
  const feed = h.parts.feed!;
  const [fresh] = await feed.admit([update]);
  return fresh ? feed.handle(fresh) : Promise.resolve();
}
