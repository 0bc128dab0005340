/**
 * The board page's home over HTTP, on the bot as the process wires it: the lobby's searches,
 * a seek, a one-tap join that pairs at once (both seekers told in Telegram, each with their
 * own board), cancel, the leaderboards; signed requests only, bodies capped, nonsense and
 * stale taps refused in words and changing nothing, a flood held to the person's /play limit.
 */
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { launchData } from "../../bench/testkit/init-data.js";
import { PERSON_RATES } from "../../src/bot/person-limits.js";
import type { HomeAnswer, HomeBoot, HomeState } from "../../src/web/protocol.js";
import { buttons, type Harness, USERS } from "../bot/harness.js";
import { it } from "./fixtures.js";
import type { WebHarness } from "./web-harness.js";

interface Reply<T> {
  readonly status: number;
  readonly body: T & { readonly code?: string; readonly message?: string; state?: HomeState };
  readonly headers: Headers;
}

/**
 * The home's requests as the page makes them, signed for `user` (or with `initData`). The
 * user has the bot's private chat open, as whoever opens the page from its menu button has.
 */
function homeOf(w: WebHarness, token: string, user: User, initData?: string, h?: Harness) {
  h?.tg.rules.userStarted(user.id);
  const auth = initData ?? launchData(token, user);
  const call = async <T>(path: string, body?: unknown): Promise<Reply<T>> => {
    const res = await fetch(`${w.url}/api/home${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `tma ${auth}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    boot: () => call<HomeBoot>(""),
    state: () => call<HomeState>("/state"),
    seek: (body: unknown) => call<HomeAnswer>("/seek", body),
    join: (body: unknown) => call<HomeAnswer>("/join", body),
    cancel: () => call<HomeAnswer>("/cancel", {}),
  };
}

const inPrivate = (h: Harness, user: User, text: string) => h.send(user, text, { chatId: user.id });

/** A player's own board: the last photo with buttons in their private chat. */
const boardOf = (h: Harness, userId: number) =>
  h.tg
    .chatMessages(userId)
    .filter((m) => m.photoId && buttons(m).length > 0)
    .at(-1);

const told = (h: Harness, userId: number) =>
  h.tg.chatMessages(userId).filter((m) => /Opponent found/.test(m.text ?? ""));

const NORMAL_LONG = { variant: "long", matchLength: 1, clock: "normal" };
const NORMAL_SHORT = { variant: "short", matchLength: 1, clock: "normal" };

describe("the board page's home", () => {
  it("lists others' searches; a join pairs at once; both are told in Telegram and get their boards; the seeker's page learns its game", async ({
    h,
    web,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    const alice = homeOf(w, token, USERS.alice, undefined, h);
    const bob = homeOf(w, token, { ...USERS.bob, last_name: "Brown" }, undefined, h);
    const first = await alice.boot();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      me: { id: USERS.alice.id, name: "Alice" },
      locale: "en",
      state: { seeks: [], mine: null, paired: null },
      games: [],
      pollMs: 3_000,
    });
    expect(first.body.texts.title).toBe("🎲 Play anyone");
    expect(first.body.texts.lengths).toMatchObject({ 1: "1 game", 3: "3 points", 11: "11 points" });
    expect(first.body.boards.map((b) => [b.variant, b.allTime, b.month, b.you])).toEqual([
      ["long", [], [], "Your rating: 1500 · 0 rated matches"],
      ["short", [], [], "Your rating: 1500 · 0 rated matches"],
    ]);
    // Bob seeks from the page: long nardy to 3 points, blitz.
    const sought = await bob.seek({ variant: "long", matchLength: 3, clock: "blitz" });
    expect(sought.status).toBe(200);
    expect(sought.body.gameId).toBeUndefined();
    expect(sought.body.state.mine).toMatchObject({
      variant: "long",
      matchLength: 3,
      clock: "blitz",
      rating: 1500,
    });
    expect(await h.app.lobby.waitingOf(USERS.bob.id)).not.toBeNull();
    // Alice sees it: a stranger's first name and rating only.
    const listed = (await alice.state()).body;
    expect(listed.seeks).toEqual([
      {
        id: sought.body.state.mine!.id,
        variant: "long",
        matchLength: 3,
        clock: "blitz",
        name: "Bob",
        rating: 1500,
      },
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/Brown|"bob"|username/);
    // Bob does not see his own search among the others'.
    expect((await bob.state()).body.seeks).toEqual([]);
    const joined = await alice.join({ seekId: listed.seeks[0]!.id });
    expect(joined.status).toBe(200);
    const gameId = joined.body.gameId!;
    const game = (await h.service.getGame(gameId))!;
    expect(game).toMatchObject({ rated: true, chatId: null, variant: "long" });
    expect(game.rules.match).toEqual({ kind: "points", to: 3 });
    expect(game.timeControl).toMatchObject({ kind: "delay", preset: "blitz" });
    await h.settle();
    // Both told in their private chats, as any pairing, and each has their own board.
    expect(told(h, USERS.alice.id).map((m) => m.text)).toEqual([
      "🎲 Opponent found: Bob (rating 1500). Your board follows; the game is rated.",
    ]);
    expect(told(h, USERS.bob.id).map((m) => m.text)).toEqual([
      "🎲 Opponent found: Alice (rating 1500). Your board follows; the game is rated.",
    ]);
    expect(boardOf(h, USERS.alice.id)).toBeDefined();
    expect(boardOf(h, USERS.bob.id)).toBeDefined();
    // Bob's page, asking as it does every few seconds, learns the game to open.
    expect((await bob.state()).body).toEqual({ seeks: [], mine: null, paired: gameId });
    // Both have the game to go back to from the home.
    expect((await bob.boot()).body.games).toEqual([
      { id: gameId, variant: "long", opponent: "Alice" },
    ]);
    // On the game's page too, a stranger is their first name: Bob Brown is "Bob" to Alice.
    const board = (await w.as(USERS.alice).boot(gameId)).body;
    expect([board.game.white.name, board.game.black.name].sort()).toEqual(["Alice", "Bob"]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a page's seek and join each bring 16 bytes drawn on the device: both are the game's second part; anything else is no part", async ({
    h,
    web,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    const alice = homeOf(w, token, USERS.alice, undefined, h);
    const bob = homeOf(w, token, USERS.bob, undefined, h);
    const carol = homeOf(w, token, USERS.carol, undefined, h);
    const [n1, n2] = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
    const seekId = (await bob.seek({ ...NORMAL_LONG, nonce: n1 })).body.state.mine!.id;
    const gameId = (await alice.join({ seekId, nonce: n2 })).body.gameId!;
    await h.settle();
    expect((await h.service.getGame(gameId))!.diceSalt).toBe(`lobby:w${n1}:w${n2}`);
    // A nonce not of 32 hex digits is no part: the first board's message decides.
    const odd = (await carol.seek({ ...NORMAL_SHORT, nonce: `${n1}0` })).body.state.mine!.id;
    const olga = homeOf(w, token, USERS.olga, undefined, h);
    const other = (await olga.join({ seekId: odd, nonce: n2 })).body.gameId!;
    await h.settle();
    expect((await h.service.getGame(other))!.diceSalt).toMatch(/^private:\d+:\d+$/);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a page's search paired by someone's /play anyone in Telegram: the page learns its game; Cancel ends a search", async ({
    h,
    web,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    const bob = homeOf(w, token, USERS.bob, undefined, h);
    const seek = await bob.seek(NORMAL_LONG);
    expect(seek.body.state.mine).toMatchObject({ variant: "long", clock: "normal" });
    const cancelled = await bob.cancel();
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state.mine).toBeNull();
    expect(await h.app.lobby.waitingOf(USERS.bob.id)).toBeNull();
    // Cancelled again (a stale tap): said so, nothing changes.
    const again = await bob.cancel();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "not-seeking",
      message: "You are not looking for a game.",
    });
    await bob.seek(NORMAL_LONG);
    await inPrivate(h, USERS.carol, "/play anyone long");
    await h.settle();
    const state = (await bob.state()).body;
    expect(state.mine).toBeNull();
    expect(state.paired).not.toBeNull();
    expect(await h.service.getGame(state.paired!)).toMatchObject({ status: "active", rated: true });
    expect(told(h, USERS.bob.id)).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("refuses nonsense, stale taps, unsigned and forged requests, and bodies too large, in words; nothing changes", async ({
    h,
    web,
    board,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    const alice = homeOf(w, token, USERS.alice, undefined, h);
    const bob = homeOf(w, token, USERS.bob, undefined, h);
    const mine = (await alice.seek(NORMAL_LONG)).body.state.mine!;
    const waiting = () =>
      Promise.all(
        [USERS.alice, USERS.bob].map(async (u) => (await h.app.lobby.waitingOf(u.id))?.id ?? null),
      );
    const before = await waiting();
    const games = (await h.service.activeGamesAnywhere(USERS.alice.id)).length;
    const bad = [
      "not json",
      null,
      [],
      {},
      { variant: "backgammon", matchLength: 1, clock: "normal" },
      { variant: "long", matchLength: "1", clock: "normal" },
      { variant: "long", matchLength: 12, clock: "normal" },
      { variant: "long", matchLength: 0, clock: "normal" },
      { variant: "long", matchLength: 2.5, clock: "normal" },
      { variant: "long", matchLength: 1, clock: "none" },
      { variant: "long", matchLength: 1, clock: "correspondence" },
    ];
    for (const body of bad) {
      const r = await bob.seek(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ code: "bad-input", message: "That is not valid input." });
    }
    for (const body of [
      {},
      { seekId: "1" },
      { seekId: -4 },
      { seekId: 1.5 },
      { seekId: 2 ** 60 },
    ]) {
      const r = await bob.join(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // A search that ended, or one never made: gone, with the list as it is now.
    const gone = await bob.join({ seekId: mine.id + 1000 });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe("gone");
    expect(gone.body.message).toMatch(/^That search has just ended/);
    expect(gone.body.state?.seeks.map((s) => s.id)).toEqual([mine.id]);
    // One's own search, and a second search while one waits.
    const own = await alice.join({ seekId: mine.id });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ code: "own", message: "That is your own search." });
    const twice = await alice.seek({ variant: "short", matchLength: 5, clock: "blitz" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "already-seeking" });
    expect(twice.body.message).toMatch(/already looking/);
    // A body past the cap is refused before anything is read of it.
    const huge = await bob.join(JSON.stringify({ seekId: mine.id, pad: "x".repeat(5_000) }));
    expect(huge.status).toBe(413);
    // The wrong method, an unknown route.
    expect((await fetch(`${w.url}/api/home/join`)).status).toBe(405);
    expect((await fetch(`${w.url}/api/home/state`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${w.url}/api/home/nothing`)).status).toBe(404);
    // A board served without the lobby has no home (the page then says no game is named).
    const bare = await board(h);
    expect((await fetch(`http://127.0.0.1:${bare.port}/board/api/home`)).status).toBe(404);
    // Unsigned, forged, a day old.
    const unsigned = await fetch(`${w.url}/api/home/join`, {
      method: "POST",
      body: JSON.stringify({ seekId: mine.id }),
    });
    expect(unsigned.status).toBe(401);
    const forged = homeOf(w, "654321:another-bots-token", USERS.bob);
    expect((await forged.join({ seekId: mine.id })).status).toBe(401);
    const stale = homeOf(w, token, USERS.bob, launchData(token, USERS.bob, { ageS: 90_000 }));
    const staleJoin = await stale.join({ seekId: mine.id });
    expect(staleJoin.status).toBe(401);
    expect(staleJoin.body.message).toMatch(/expired/);
    expect(await waiting()).toEqual(before);
    expect(await h.service.activeGamesAnywhere(USERS.alice.id)).toHaveLength(games);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a flood of seeks and joins by one person meets their /play limit (shared with Telegram); nobody else notices", async ({
    h,
    web,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    const bob = homeOf(w, token, USERS.bob, undefined, h);
    const carol = homeOf(w, token, USERS.carol, undefined, h);
    const allowed = PERSON_RATES.challenges.count;
    for (let i = 0; i < allowed; i++) {
      expect((await bob.seek(NORMAL_LONG)).status).toBe(200);
      expect((await bob.cancel()).status).toBe(200);
    }
    const over = await bob.seek(NORMAL_LONG);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("too-many");
    expect(over.body.message).toMatch(/many challenges .* Try again in \d+ min/);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await h.app.lobby.waitingOf(USERS.bob.id)).toBeNull();
    // A join counts the same: refused before it is tried, the search left waiting.
    const carolSeek = (await carol.seek(NORMAL_LONG)).body.state.mine!;
    const join = await bob.join({ seekId: carolSeek.id });
    expect(join.status).toBe(429);
    expect((await h.app.lobby.waitingOf(USERS.carol.id))?.id).toBe(carolSeek.id);
    // The same count as /play anyone in Telegram.
    await inPrivate(h, USERS.bob, "/play anyone long");
    expect(h.lastMessage(USERS.bob.id).text).toMatch(/many challenges/);
    expect(await h.app.lobby.waitingOf(USERS.bob.id)).toBeNull();
    // Others go on: Alice joins Carol's search at once.
    const alice = homeOf(w, token, USERS.alice, undefined, h);
    expect((await alice.join({ seekId: carolSeek.id })).status).toBe(200);
    // Past the page's own request rate, Bob hears to slow down, and still nothing changes.
    const burst = await Promise.all(Array.from({ length: 60 }, () => bob.state()));
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect((await alice.state()).status).toBe(200);
    expect(h.tg.problems()).toEqual([]);
  });

  it("speaks the person's language; the leaderboards show the best, the person marked, their own rating", async ({
    h,
    web,
  }) => {
    const w = await web(h);
    const token = h.parts.deps.config.token;
    // A rated game: Olga joins Taras's search, then Taras resigns.
    const taras = homeOf(w, token, USERS.taras, undefined, h);
    const olga = homeOf(w, token, USERS.olga, undefined, h);
    const seekId = (await taras.seek({ variant: "short", matchLength: 1, clock: "casual" })).body
      .state.mine!.id;
    const gameId = (await olga.join({ seekId })).body.gameId!;
    await h.settle();
    const g = (await h.service.getGame(gameId))!;
    const resigner = g.waitingFor!;
    const winner = resigner === USERS.olga.id ? USERS.taras.id : USERS.olga.id;
    expect(
      (await h.service.act(gameId, resigner, { type: "resign", kind: "single" }, g.version)).ok,
    ).toBe(true);
    const v = (await h.service.getGame(gameId))!.version;
    expect((await h.service.act(gameId, winner, { type: "accept-resign" }, v)).ok).toBe(true);
    await h.settle();
    const ru = (await olga.boot()).body;
    expect(ru.locale).toBe("ru");
    expect(ru.texts.title).toBe("🎲 Игра с кем угодно");
    expect(ru.texts.lengths).toMatchObject({ 1: "1 партия", 3: "3 очка", 5: "5 очков" });
    expect((await taras.boot()).body.texts.lengths).toMatchObject({ 3: "3 очки", 5: "5 очок" });
    const short = ru.boards.find((b) => b.variant === "short")!;
    // Both new: the winner gains 4·√1·½·5 = 10, the loser loses as much.
    const winnerName = winner === USERS.olga.id ? "Ольга" : "Тарас";
    const loserName = winner === USERS.olga.id ? "Тарас" : "Ольга";
    expect(short.allTime.map((r) => [r.rank, r.name, r.figure])).toEqual([
      [1, winnerName, "1510 · 1 матч"],
      [2, loserName, "1490 · 1 матч"],
    ]);
    expect(short.month.map((r) => [r.name, r.figure])).toEqual([
      [winnerName, "+10,0 · сейчас 1510"],
      [loserName, "−10,0 · сейчас 1490"],
    ]);
    expect(short.allTime.filter((r) => r.me).map((r) => r.name)).toEqual(["Ольга"]);
    const mine = winner === USERS.olga.id ? 1510 : 1490;
    expect(short.you).toBe(`Ваш рейтинг: ${mine} · 1 рейтинговый матч`);
    expect(ru.boards.find((b) => b.variant === "long")!.allTime).toEqual([]);
  });
});
