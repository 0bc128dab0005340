/**
 * End to end: the real `node dist/main.js` process (what `npm start` and the Docker image
 * run; the slow suite builds dist/ first) against a fake Bot API over loopback HTTP. Two
 * people play whole games of long and short nardy at once, in two groups, only by pressing the
 * buttons the bot sent, while the fake throws Telegram's real errors at the bot: 429 with
 * retry_after on several methods, "message is not modified", "message to edit not found".
 * Then SIGTERM with an update in flight, a restart on the same database, and SIGTERM again;
 * kill -9 while a board is on its way, after a poll confirmed a press the process had not
 * applied yet (the inbox replays it), and as an applied press's answer went out (the replay
 * is answered as done); a game damaged while the bot was down; a game against the
 * computer, whose decisions the process makes in a worker thread, stopped just after a move;
 * the board page served by the process in polling mode.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../../bench/testkit/closed-port.js";
import {
  BOT_INFO,
  FakeBotApi,
  plainText,
  type StoredMessage,
  TG,
} from "../../bench/testkit/index.js";
import { launchData } from "../../bench/testkit/init-data.js";
import {
  type BotProcess,
  healthcheck,
  killLeftovers,
  startBot,
  stopBot,
  whileRunning,
} from "./bot-process.js";
import {
  ALICE,
  BOB,
  boardOf,
  buttonsOf,
  challengeIn,
  chatLog,
  chooser,
  dataOf,
  gameIdOf,
  type Mischief,
  moverOf,
  openGame,
  otherOf,
  type Player,
  PRESSES,
  playToTheEnd,
  pressAndAnswer,
  pressAndWait,
  stepsOf,
  WAIT_MS,
} from "./chat-play.js";

const TOKEN = `123456:${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"}`;
const LONG_CHAT = -100_501;
const SHORT_CHAT = -100_502;
const THIRD_CHAT = -100_510;
const EDIT = /^editMessage/;
/**
 * The computer's turn and its edit: a decision takes about 0.2 s alone, but seconds on a
 * machine busy with other tests, and the group's budget spaces the edits.
 */
const COMPUTER_WAIT_MS = 60_000;

// ------------------------------------------------------------------ the scenario

const dir = mkdtempSync(path.join(tmpdir(), "nardy-e2e-"));
const dbFile = path.join(dir, "nardy.sqlite");
const healthFile = path.join(dir, "health.json");
const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 500 });
let apiRoot = "";
let bot: BotProcess | null = null;
const env = () => ({
  BOT_TOKEN: TOKEN,
  BOT_API_ROOT: apiRoot,
  DATABASE_PATH: dbFile,
  LOG_LEVEL: "warn",
  HEALTH_FILE: healthFile,
});
/** The games: long, short, and the one left open for the restart. */
const ids: number[] = [];
let third: Player | null = null;

/** Starts the bot on the shared database and waits for its first poll. */
async function startPolling(
  what = "polling",
  extraEnv: Record<string, string> = {},
): Promise<BotProcess> {
  // A poll from a bot a failed test left running would pass for this one's.
  await killLeftovers();
  const b = startBot({ ...env(), ...extraEnv });
  bot = b;
  const polls = fake.callsOf("getUpdates").length;
  await whileRunning(
    b,
    fake.waitFor(() => fake.callsOf("getUpdates").length > polls, 30_000, what),
  );
  return b;
}

beforeAll(async () => {
  apiRoot = await fake.listen();
});

afterAll(async () => {
  await killLeftovers();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const errorLines = (log: string) => log.split("\n").filter((l) => /"level":"error"/.test(l));

describe("the real bot process over HTTP", () => {
  it("a token Telegram refuses: exit 1 with one line", async () => {
    const b = startBot({ ...env(), BOT_TOKEN: `654321:${"Z".repeat(35)}` });
    const timeout = setTimeout(() => b.child.kill("SIGKILL"), 20_000);
    const { code } = await b.exited;
    clearTimeout(timeout);
    expect(code, b.log()).toBe(1);
    expect(b.log().trim().split("\n"), b.log()).toEqual([
      expect.stringMatching(/^Telegram: .*getMe.*401/),
    ]);
    expect(fake.callsOf("getUpdates")).toHaveLength(0);
  }, 30_000);

  it("starts, passes its health check, and two people play long and short nardy to a resignation", async () => {
    // Rate limits from the very first poll on: auto-retry must ride them out.
    fake.rateLimitNext("getUpdates", 1);
    const first = fake.calls.length;
    bot = startBot(env());
    const b = bot;
    await whileRunning(
      b,
      fake.waitFor(
        () => fake.callsOf("getUpdates").some((c) => c.answer?.ok),
        30_000,
        "the first successful getUpdates",
      ),
    );
    for (const m of ["getMe", "setMyCommands", "deleteWebhook"])
      expect(fake.callsOf(m).length, m).toBeGreaterThan(0);
    const health = healthcheck(healthFile);
    expect(health.out).toMatch(/^healthy: polling/);
    expect(health.code).toBe(0);

    fake.rateLimitNext("sendMessage", 1, { match: (p) => Number(p.chat_id) === LONG_CHAT });
    fake.rateLimitNext("sendPhoto", 1, { match: (p) => Number(p.chat_id) === SHORT_CHAT });
    const [long, short] = await Promise.all([
      openGame(fake, LONG_CHAT, "/play"),
      openGame(fake, SHORT_CHAT, "/play short"),
    ]);

    const seen = { wrongTurn: 0, stale: 0, gone: 0 };
    let staleData = "";
    const mischief: Mischief = {
      3: async (p, board, mover) => {
        // The other player presses: an alert naming whose turn it is, and nothing changes.
        const before = board.changedAt;
        const answer = await pressAndAnswer(p, otherOf(mover), board, dataOf(buttonsOf(board)[0]!));
        expect(answer.payload.show_alert).toBe(true);
        expect(String(answer.payload.text)).toContain(mover.first_name);
        await new Promise((r) => setTimeout(r, 100));
        expect(boardOf(p.fake, p.chatId, p.gameId)!.changedAt).toBe(before);
        seen.wrongTurn++;
      },
      8: (_p, board) => {
        staleData = dataOf(buttonsOf(board)[0]!);
      },
      10: async (p, board, mover) => {
        // A button of an older board: "out of date". The board already shows the game as
        // stored, so nothing is edited (an identical edit is one Telegram refuses).
        const from = p.fake.calls.length;
        for (let i = 0; i < 2; i++) {
          const answer = await pressAndAnswer(p, mover, board, staleData);
          expect(String(answer.payload.text)).toMatch(/out of date/);
        }
        await new Promise((r) => setTimeout(r, 300));
        const edits = p.fake.calls
          .slice(from)
          .filter((c) => EDIT.test(c.method) && Number(c.payload.chat_id) === p.chatId);
        expect(edits).toEqual([]);
        seen.stale++;
      },
      14: () => {
        fake.rateLimitNext(EDIT, 1, { match: (p) => Number(p.chat_id) === LONG_CHAT });
        fake.rateLimitNext("answerCallbackQuery", 1);
      },
      20: (p, board) => {
        // Someone deletes the board just as the bot edits it: the bot posts it again.
        fake.failNext(
          EDIT,
          { error_code: 400, description: TG.editNotFound },
          {
            match: (x) => Number(x.chat_id) === p.chatId,
            effect: () => fake.deleteMessage(p.chatId, board.messageId),
          },
        );
        seen.gone++;
      },
    };

    const t0 = Date.now();
    const [longEnd, shortEnd] = await Promise.all([
      playToTheEnd(long, 1, mischief),
      playToTheEnd(short, 2),
    ]);
    const seconds = (Date.now() - t0) / 1000;
    ids.push(long.gameId, short.gameId);

    expect(longEnd.caption).toMatch(/(Alice|Bob) wins/);
    expect(longEnd.caption).toMatch(/dice seed/);
    expect(shortEnd.caption).toMatch(/(Alice|Bob) wins/);
    expect(longEnd.presses).toBeGreaterThanOrEqual(PRESSES);
    expect(seen).toEqual({ wrongTurn: 1, stale: 1, gone: 1 });
    expect(fake.pendingFailures).toBe(0);

    // Every injected error was ridden out: the 429s retried, the deleted board posted again
    // (a second board message in the long game's chat); no call Telegram would refuse.
    const calls = fake.calls.slice(first);
    const failed = calls.filter((c) => c.answer && !c.answer.ok);
    expect(
      failed.filter((c) => c.answer!.ok === false && c.answer!.error_code === 429).length,
    ).toBe(5);
    expect(
      fake
        .callsOf("sendPhoto")
        .filter((c) => Number(c.payload.chat_id) === LONG_CHAT && c.answer?.ok).length,
    ).toBe(2);
    const unexpected = failed.filter(
      (c) =>
        c.answer!.ok === false &&
        c.answer!.error_code !== 429 &&
        !/message to edit not found/.test(c.answer!.description),
    );
    expect(unexpected.map((c) => `${c.method}: ${JSON.stringify(c.answer)}`)).toEqual([]);
    // Telegram's flood limits were kept: every 429 was one the test injected.
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);

    // Pictures came as chunked multipart uploads and are real PNG boards.
    const uploads = calls.filter((c) => Object.keys(c.files).length > 0);
    expect(uploads.length).toBeGreaterThan(longEnd.presses / 2);
    expect(uploads.every((c) => c.chunked)).toBe(true);
    const meta = await sharp(fake.fileBytes(longEnd.board.photoId!)!).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBeGreaterThan(400);

    expect(errorLines(b.log())).toEqual([]);
    expect(seconds).toBeLessThan(150);
    if (process.env.E2E_DEBUG)
      console.log({
        seconds,
        long: longEnd.presses,
        short: shortEnd.presses,
        calls: fake.calls.length,
        uploads: uploads.length,
        failed: failed.map((c) => `${c.method} ${c.answer!.ok ? "" : c.answer!.description}`),
        log: b.log(),
        longCaption: longEnd.caption,
        shortCaption: shortEnd.caption,
      });
  }, 300_000);

  it("SIGTERM while a press is in flight: the press completes, exit 0, health check fails after", async () => {
    const b = bot!;
    expect(b.child.exitCode).toBeNull();
    third = await openGame(fake, THIRD_CHAT, "/play");
    ids.push(third.gameId);
    const board = boardOf(fake, THIRD_CHAT, third.gameId)!;
    const mover = moverOf(plainText(board.caption ?? ""))!;
    const data = dataOf(buttonsOf(board).find((x) => !/Double|Undo/.test(x.text))!);
    const since = board.changedAt;
    // The game's opening spent the chat's burst: once its next call may go, the press's edit
    // goes at once, meets a 429 and waits it out; SIGTERM comes while it is in flight.
    await new Promise((r) => setTimeout(r, 4_000));
    fake.rateLimitNext(EDIT, 1, { match: (p) => Number(p.chat_id) === THIRD_CHAT });
    await pressAndAnswer(third, mover, board, data);
    // The retry waits out the 429 and the chat's budget; the process gives boards 7 s to finish.
    const stopped = stopBot(b, 15_000);
    await fake.waitFor(
      () => (boardOf(fake, THIRD_CHAT, third!.gameId)?.changedAt ?? 0) > since,
      15_000,
      "the in-flight edit",
    );
    expect(await stopped).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
    expect(existsSync(healthFile)).toBe(false);
    expect(healthcheck(healthFile).code).toBe(1);
  }, 60_000);

  it("a restart on the same database goes on with the open game; then SIGTERM again", async () => {
    const b = await startPolling("polling after the restart");
    const p = third!;
    const board = boardOf(fake, p.chatId, p.gameId)!;
    const mover = moverOf(plainText(board.caption ?? ""))!;
    const choices = buttonsOf(board).filter((x) => !/Double|Undo/.test(x.text));
    const after = await pressAndWait(p, mover, board, dataOf(choices[0]!));
    expect(after.messageId).toBe(board.messageId);
    expect(await stopBot(b, 8_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);

    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = db.prepare("select id, variant, status, winner_id from games").all() as {
        id: number;
        variant: string;
        status: string;
        winner_id: number | null;
      }[];
      const games = ids.map((id) => rows.find((g) => g.id === id)!);
      expect(rows).toHaveLength(3);
      expect(games.map((g) => [g.variant, g.status])).toEqual([
        ["long", "finished"],
        ["short", "finished"],
        ["long", "active"],
      ]);
      expect(games.slice(0, 2).every((g) => [ALICE.id, BOB.id].includes(g.winner_id!))).toBe(true);
    } finally {
      db.close();
    }
  }, 120_000);

  it("kill -9 while a new game's first message is on its way: after the restart the game starts in a message of its own, once, and plays", async () => {
    const chatId = -100_503;
    const b = await startPolling();
    // The game's first message (the commitment, no die, no button) reaches the chat; the
    // process dies before it hears back, so the game has not started.
    fake.failNext(
      "sendPhoto",
      { error_code: 500, description: "Internal Server Error" },
      {
        match: (x) => Number(x.chat_id) === chatId,
        effect: (x) => {
          const markup = typeof x.reply_markup === "string" ? JSON.parse(x.reply_markup) : {};
          fake.addMessage(chatId, {
            photoId: "lost-board",
            caption: String(x.caption ?? ""),
            keyboard: markup.inline_keyboard ?? [],
          });
          b.child.kill("SIGKILL");
        },
      },
    );
    fake.sendText(ALICE, chatId, "/play short");
    const { card: challenge, accept } = await challengeIn(fake, chatId);
    fake.press(BOB, challenge, dataOf(accept));
    expect((await b.exited).signal).toBe("SIGKILL");
    const orphan = fake.chatMessages(chatId).find((m) => m.photoId === "lost-board")!;
    expect(buttonsOf(orphan)).toEqual([]);

    // Nobody presses: the restarted bot posts the game's first message again, and starts it.
    const again = startBot(env());
    bot = again;
    const board = await whileRunning(
      again,
      fake.waitFor(
        () =>
          fake
            .chatMessages(chatId)
            .find((m) => m.photoId !== null && m.photoId !== "lost-board" && buttonsOf(m).length),
        WAIT_MS,
        "the board posted after the restart",
      ),
    );
    const gameId = gameIdOf(board);
    // The game records that message as its own; the press that accepted it (its id, with the
    // card's place and date) is the dice's second part, whichever message the game starts in.
    const recorded = () => {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        const row = db
          .prepare(
            `select b.message_id, g.dice_salt from games g
             left join tg_game_boards b on b.game_id = g.id where g.id = ?`,
          )
          .get(gameId);
        return row as {
          message_id: number | null;
          dice_salt: string | null;
        };
      } finally {
        db.close();
      }
    };
    expect(recorded()).toMatchObject({ message_id: board.messageId });
    expect(recorded().dice_salt).toMatch(new RegExp(`^press:\\d+:${chatId}:\\d+:\\d+$`));
    expect(recorded().dice_salt).not.toContain(`:${board.messageId}:`);
    // It plays; a second board never appears.
    const p = { fake, chatId, gameId };
    const mover = moverOf(plainText(board.caption ?? ""))!;
    const choices = buttonsOf(board).filter((x) => !/Double|Undo/.test(x.text));
    await pressAndWait(p, mover, board, dataOf(choices[0]!));
    const photos = fake.chatMessages(chatId).filter((m) => m.photoId !== null);
    expect(photos.map((m) => m.messageId)).toEqual([orphan.messageId, board.messageId]);
    expect(await stopBot(again, 8_000)).toBe(0);
    expect(errorLines(again.log())).toEqual([]);
  }, 120_000);
});

describe("no update lost between Telegram and the database", () => {
  const versionOf = (gameId: number): number => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return (
        db.prepare("select version from games where id = ?").get(gameId) as { version: number }
      ).version;
    } finally {
      db.close();
    }
  };
  const inboxRow = (updateId: number) => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return db.prepare("select attempts, done_at from inbox where update_id = ?").get(updateId) as
        | { attempts: number; done_at: number | null }
        | undefined;
    } finally {
      db.close();
    }
  };

  it("kill -9 after the next getUpdates confirmed a press: after the restart the press is applied and answered, once", async () => {
    const chatId = -100_504;
    const b = await startPolling();
    const p = await whileRunning(b, openGame(fake, chatId, "/play"));
    const board = boardOf(fake, chatId, p.gameId)!;
    const mover = moverOf(plainText(board.caption ?? ""))!;
    const data = dataOf(buttonsOf(board).find((x) => !/Double|Undo/.test(x.text))!);
    const before = versionOf(p.gameId);
    const since = board.changedAt;

    // The mover's /new waits out a 429 on its dialog's first message; a dialog's step holds
    // on until it is stored, and their press queues behind it (one person's updates in one
    // chat go one at a time), so it is fetched but not applied yet.
    fake.rateLimitNext("sendMessage", 5, { match: (x) => Number(x.chat_id) === chatId });
    const seen = fake.calls.length;
    fake.sendText(mover, chatId, "/new");
    await fake.waitFor(
      () => fake.calls.slice(seen).some((c) => c.method === "sendMessage" && c.injected),
      WAIT_MS,
      "the dialog's message held by the 429",
    );
    const query = fake.press(mover, board, data);
    const pressId = fake.lastUpdateId;
    // The poll that confirms the press to Telegram (which forgets it then): the process dies.
    fake.failNext(
      "getUpdates",
      { error_code: 500, description: "Internal Server Error" },
      { match: (x) => Number(x.offset) > pressId, effect: () => b.child.kill("SIGKILL") },
    );
    expect((await b.exited).signal).toBe("SIGKILL");
    // Killed before the press was applied or answered; the inbox has it, not done.
    expect(versionOf(p.gameId)).toBe(before);
    expect(fake.answerOf(query)).toBeUndefined();
    expect(inboxRow(pressId)).toEqual({ attempts: 1, done_at: null });

    const again = startBot(env());
    bot = again;
    const answer = await whileRunning(
      again,
      fake.waitFor(() => fake.answerOf(query), WAIT_MS, "the press answered after the restart"),
    );
    expect(answer.payload.show_alert).toBeFalsy();
    expect(answer.payload.text).toBeUndefined();
    await fake.waitFor(
      () => (boardOf(fake, chatId, p.gameId)?.changedAt ?? 0) > since,
      WAIT_MS,
      "the board after the replayed press",
    );
    expect(versionOf(p.gameId)).toBeGreaterThan(before);
    await fake.waitFor(() => inboxRow(pressId)?.done_at, WAIT_MS, "the press marked done");
    // Once: one answer, one application (the mover's own events since the kill).
    expect(
      fake
        .callsOf("answerCallbackQuery")
        .filter((c) => String(c.payload.callback_query_id) === query),
    ).toHaveLength(1);
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      const mine = db
        .prepare("select count(*) from game_events where game_id = ? and seq > ? and actor_id = ?")
        .pluck()
        .get(p.gameId, before, mover.id);
      expect(mine).toBe(stepsOf(data));
    } finally {
      db.close();
    }
    expect(await stopBot(again, 8_000)).toBe(0);
    expect(errorLines(again.log())).toEqual([]);
  }, 120_000);
  it("kill -9 as the answer to an applied press goes out: after the restart the replayed press is answered as done", async () => {
    const chatId = -100_507;
    const b = await startPolling();
    const p = await whileRunning(b, openGame(fake, chatId, "/play"));
    const board = boardOf(fake, chatId, p.gameId)!;
    const mover = moverOf(plainText(board.caption ?? ""))!;
    const data = dataOf(buttonsOf(board).find((x) => !/Double|Undo/.test(x.text))!);
    const before = versionOf(p.gameId);
    // The move is in the database; the process dies as its answer reaches Telegram.
    let query = "";
    fake.failNext(
      "answerCallbackQuery",
      { error_code: 502, description: "Bad Gateway" },
      {
        match: (x) => String(x.callback_query_id) === query,
        effect: () => b.child.kill("SIGKILL"),
      },
    );
    query = fake.press(mover, board, data);
    const pressId = fake.lastUpdateId;
    expect((await b.exited).signal).toBe("SIGKILL");
    expect(versionOf(p.gameId)).toBeGreaterThan(before);
    expect(inboxRow(pressId)).toEqual({ attempts: 1, done_at: null });

    const again = startBot(env());
    bot = again;
    const answered = () =>
      fake
        .callsOf("answerCallbackQuery")
        .find((c) => String(c.payload.callback_query_id) === query && c.answer?.ok);
    const answer = await whileRunning(
      again,
      fake.waitFor(answered, WAIT_MS, "the replayed press answered"),
    );
    // Done, not "out of date": the move it asked for is the one that went in.
    expect(answer.payload.text).toBeUndefined();
    await fake.waitFor(() => inboxRow(pressId)?.done_at, WAIT_MS, "the press marked done");
    expect(await stopBot(again, 8_000)).toBe(0);
    expect(errorLines(again.log())).toEqual([]);
  }, 120_000);
});

describe("a damaged game is contained", () => {
  it("a game damaged while the bot was down: the start-up check marks it broken, its board says so, its players play again", async () => {
    const chatId = -100_505;
    const b = await startPolling();
    const p = await whileRunning(b, openGame(fake, chatId, "/play"));
    const board = boardOf(fake, chatId, p.gameId)!;
    expect(await stopBot(b, 8_000)).toBe(0);
    const db = new Database(dbFile, { fileMustExist: true });
    try {
      db.prepare("update games set state = substr(state, 1, 40) where id = ?").run(p.gameId);
    } finally {
      db.close();
    }

    // Nobody presses: the check at start finds the game and its board says so.
    const again = startBot(env());
    bot = again;
    await whileRunning(
      again,
      fake.waitFor(
        () => /damaged/.test(plainText(fake.message(chatId, board.messageId)?.caption ?? "")),
        WAIT_MS,
        "the broken game's notice",
      ),
    );
    expect(buttonsOf(fake.message(chatId, board.messageId)!)).toEqual([]);
    const fresh = await whileRunning(again, openGame(fake, chatId, "/play"));
    expect(fresh.gameId).not.toBe(p.gameId);
    expect(await stopBot(again, 8_000)).toBe(0);
    const errors = errorLines(again.log()).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(errors).toEqual([
      expect.objectContaining({ gameId: p.gameId, msg: expect.stringMatching(/broken/) }),
    ]);
  }, 120_000);
});

describe("a player's own board", () => {
  it("the link opens the game in each player's private chat; presses there move it, and the group's board follows", async () => {
    const chatId = -100_507;
    const b = await startPolling();
    const p = await whileRunning(b, openGame(fake, chatId, "/play short"));
    const group = boardOf(fake, chatId, p.gameId)!;
    const link = group.keyboard.flat().find((x) => "url" in x && /start=p\d+$/.test(x.url));
    expect(link).toBeDefined();
    const start = new URL((link as { url: string }).url).searchParams.get("start")!;
    const own = new Map<number, StoredMessage>();
    for (const user of [ALICE, BOB]) {
      fake.sendText(user, user.id, `/start ${start}`);
      own.set(
        user.id,
        await whileRunning(
          b,
          fake.waitFor(
            () => fake.chatMessages(user.id).find((m) => m.photoId && buttonsOf(m).length > 0),
            WAIT_MS,
            `${user.first_name}'s own board`,
          ),
        ),
      );
    }
    const choose = chooser(5);
    // At least 8 presses, then on to a question that is not a move (roll or double, take or
    // drop): while a player moves on their own board, the group's board shows the turn once,
    // so only outside a move do all three boards show the same.
    for (let presses = 0; ; presses++) {
      expect(presses).toBeLessThan(60);
      // Each player's board is a message of its own: read the mover once both show the game.
      await whileRunning(
        b,
        fake.waitFor(
          () =>
            boardOf(fake, ALICE.id, p.gameId)?.caption ===
              boardOf(fake, BOB.id, p.gameId)?.caption || undefined,
          WAIT_MS,
          "both own boards alike",
        ),
      );
      const caption = plainText(boardOf(fake, ALICE.id, p.gameId)!.caption ?? "");
      const mover = moverOf(caption)!;
      if (presses >= 8 && !/ to move/.test(caption)) break;
      const mine = { fake, chatId: mover.id, gameId: p.gameId };
      const board = boardOf(fake, mover.id, p.gameId)!;
      const choices = buttonsOf(board).filter((x) => dataOf(x).startsWith(`g:${p.gameId}:`));
      await whileRunning(b, pressAndWait(mine, mover, board, dataOf(choose(choices))));
    }
    // Both boards in private, and the group's, come to show the same game.
    const same = () => {
      const captions = [ALICE.id, BOB.id, chatId].map((c) => boardOf(fake, c, p.gameId)?.caption);
      return new Set(captions).size === 1 || undefined;
    };
    await whileRunning(b, fake.waitFor(same, WAIT_MS, "the boards to agree"));
    expect(own.size).toBe(2);
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(await stopBot(b, 10_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
  }, 180_000);
});

describe("a game against the computer", () => {
  it("the computer answers every turn from its thread; SIGTERM just after a move exits cleanly", async () => {
    const chatId = -100_506;
    const b = await startPolling("polling", { BOT_MOVE_DELAY_MS: "0" });
    const since = fake.calls.length;
    fake.sendText(ALICE, chatId, "/play bot");
    // The card shows the dice commitment; Alice's 🎲 starts the game.
    const { card, accept: start } = await whileRunning(b, challengeIn(fake, chatId));
    const started = await pressAndAnswer({ fake, chatId, gameId: 0 }, ALICE, card, dataOf(start));
    expect(started.payload.show_alert).toBeFalsy();
    const first = await whileRunning(
      b,
      fake.waitFor(
        () => fake.chatMessages(chatId).find((m) => m.photoId && buttonsOf(m).length > 0),
        WAIT_MS,
        "the board against the computer",
      ),
    );
    const p: Player = { fake, chatId, gameId: gameIdOf(first) };
    const choose = chooser(11);
    const caption = () => plainText(boardOf(fake, chatId, p.gameId)!.caption ?? "");
    const alicesTurn = () => /Alice (to move|: roll)/.test(caption());
    // A blocked player's turns pass by themselves: the computer may win before her 12th press.
    const over = () => /🏆/.test(caption());
    // Alice's presses; the computer's turns come in between, each posted as a board change.
    for (let presses = 0; presses < 12 && !over(); presses++) {
      await whileRunning(
        b,
        fake
          .waitFor(() => alicesTurn() || over() || undefined, COMPUTER_WAIT_MS, "Alice's turn")
          .catch((e: Error) => {
            throw new Error(`${e.message}; the chat:\n${chatLog(fake, chatId, since)}`);
          }),
      );
      if (over()) break;
      const last = boardOf(fake, chatId, p.gameId)!;
      const choices = buttonsOf(last).filter((x) => dataOf(x).startsWith(`g:${p.gameId}:`));
      // A press ending her turn brings the computer's answer in the same edit.
      await whileRunning(
        b,
        pressAndWait(p, ALICE, last, dataOf(choose(choices)), {
          staleIsFine: true,
          waitMs: COMPUTER_WAIT_MS,
        }),
      );
    }
    expect(await stopBot(b, 10_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      const turns = db
        .prepare("select count(*) from game_events where game_id = ? and actor_id = ?")
        .pluck()
        .get(p.gameId, BOT_INFO.id) as number;
      expect(turns).toBeGreaterThan(2);
    } finally {
      db.close();
    }
  }, 300_000);
});

describe("the board page served by the real process", () => {
  it("in polling mode, once configured: the page and its script, a player's game over the API and its events; SIGTERM with a page open exits cleanly", async () => {
    const port = await closedPort();
    const b = await startPolling("polling with the board page", {
      WEBAPP_URL: "https://nardy.example.org/board",
      WEBAPP_SHORT_NAME: "board",
      PORT: String(port),
    });
    const base = `http://127.0.0.1:${port}/board`;
    const page = await whileRunning(b, fetch(base));
    expect(page.status).toBe(200);
    const script = /src="(\/board\/page\.js\?v=[\w-]+)"/.exec(await page.text())?.[1];
    const js = await fetch(`http://127.0.0.1:${port}${script}`, {
      headers: { "accept-encoding": "br" },
    });
    expect(js.headers.get("content-encoding")).toBe("br");
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    const { gameId } = await whileRunning(b, openGame(fake, -100_509, "/play short"));
    const auth = { authorization: `tma ${launchData(TOKEN, ALICE)}` };
    const boot = await fetch(`${base}/api/game/${gameId}`, { headers: auth });
    expect(boot.status).toBe(200);
    expect(((await boot.json()) as { role: string }).role).toMatch(/^(white|black)$/);
    const events = await fetch(`${base}/api/game/${gameId}/events`, { headers: auth });
    const first = await events.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toMatch(/retry: 2000/);
    // An open page does not hold the process up.
    expect(await stopBot(b, 10_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
  }, 120_000);
});
