import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { launchData } from "../../bench/testkit/init-data.js";
import { remainingPlays } from "../../src/engine/index.js";
import type { PageGame, PageReview } from "../../src/web/protocol.js";
import type { MakeHarness } from "../bot/fixtures.js";
import {
  buttonNamed,
  buttons,
  GROUP,
  groupGame,
  type Harness,
  type HarnessOptions,
  USERS,
  userById,
} from "../bot/harness.js";
import { it, type MakeWebHarness } from "./fixtures.js";
import type { PageClient, WebHarness } from "./web-harness.js";

/** Sends `text` as it is over a new connection; the first line of the answer. */
function rawRequest(port: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    socket.once("data", (d) => {
      resolve(String(d).split("\r\n")[0]!);
      socket.destroy();
    });
    socket.once("error", reject);
  });
}
async function setUp(make: MakeHarness, web: MakeWebHarness, opts: HarnessOptions = {}) {
  const h = await make(opts);
  const w = await web(h);
  return { h, w };
}

/** The page of the player the game waits for. */
const moverOf = async (h: Harness, w: WebHarness, gameId: number) =>
  w.as(userById((await h.service.getGame(gameId))!.waitingFor!));

/** A whole play of the turn to move, as one action. */
async function playOf(h: Harness, gameId: number) {
  const game = (await h.service.getGame(gameId))!;
  const steps = remainingPlays(game.state)[0]!.steps.map(({ from, to, die }) => ({
    from,
    to,
    die,
  }));
  return { version: game.version, action: { type: "play", steps } };
}

/** Moves the game to the point where its player to act must play from the dice rolled. */
async function toMove(h: Harness, page: PageClient, gameId: number): Promise<void> {
  const game = (await h.service.getGame(gameId))!;
  if (game.state.phase === "roll") await page.act(gameId, game.version, { type: "roll" });
}

describe("the board page's files", () => {
  it("serves the page with its script and style named by content, compressed, cached, under a strict policy", async ({
    harness,
    web,
  }) => {
    const { w } = await setUp(harness, web);
    const page = await fetch(w.url, { headers: { "accept-encoding": "gzip, br" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(
      /default-src 'none'; script-src 'self'/,
    );
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    const script = /src="(\/board\/page\.js\?v=[\w-]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    // The same page at the path with a slash; nothing else under it.
    expect((await fetch(`${w.url}/`)).status).toBe(200);
    expect((await fetch(`${w.url}/secret.txt`)).status).toBe(404);
    expect((await fetch(`${w.url}/api/game/1/nothing`)).status).toBe(404);
    expect((await fetch(`${w.url}/api/game/1/act`)).status).toBe(405);
    const origin = new URL(w.url).origin;
    const js = await fetch(`${origin}${script}`, { headers: { "accept-encoding": "br" } });
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await js.text()).toBe("console.log('page')");
    const again = await fetch(`${origin}${script}`, {
      headers: { "if-none-match": js.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    const plain = await fetch(`${origin}/board/page.css`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    // A request target that is no URL at all does not bring the server down.
    const raw = await rawRequest(new URL(w.url).port, "GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(raw).toMatch(/^HTTP\/1\.1 (400|404)/);
    // The server's other routes are as they were.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/elsewhere`)).status).toBe(404);
  });
});

/** Every number held by a field whose name says it is an id ("id", "waitingFor", "…Id"). */
function idsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) =>
    /^(id|waitingFor)$|Id$/.test(key) && typeof v === "number" ? [v] : idsIn(v),
  );
}

describe("the board page's API", () => {
  it("opens a game for its players with the page's texts in their language", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    await h.send(USERS.olga, "/start", { chatId: USERS.olga.id });
    const alice = await w.as(USERS.alice).boot(gameId);
    expect(alice.status).toBe(200);
    const seat = (await h.service.getGame(gameId))!.white.id === USERS.alice.id ? "white" : "black";
    expect(alice.body.role).toBe(seat);
    // People are seats on the page, never Telegram ids: the viewer's own included.
    expect(alice.body.me).toEqual({ id: seat === "white" ? 1 : 2, name: "Alice" });
    const people = [USERS.alice.id, USERS.bob.id];
    expect(idsIn(alice.body).filter((id) => people.includes(id))).toEqual([]);
    expect([alice.body.game.white.id, alice.body.game.black.id]).toEqual([1, 2]);
    expect(alice.body.texts.roll).toBe("🎲 Roll");
    expect(alice.body.game).toMatchObject({ id: gameId, variant: "short", status: "active" });
    // Bookkeeping of the chat's message and the dice's secrets are not the page's.
    expect(Object.keys(alice.body.game)).not.toContain("message");
    expect(JSON.stringify(alice.body.game)).not.toContain(
      (await h.service.getGame(gameId))!.diceCommitment,
    );
    expect(alice.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses requests without launch data, with forged or day-old data, in the sender's language", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const token = h.parts.deps.config.token;
    const none = await w.as(USERS.alice, { initData: "" }).boot(gameId);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: "missing" });
    // Bob's signed data with Alice's id put in: the signature no longer fits.
    const bobs = launchData(token, USERS.bob);
    const forged = bobs.replace(`%22id%22%3A${USERS.bob.id}`, `%22id%22%3A${USERS.alice.id}`);
    expect(forged).not.toBe(bobs);
    const r = await w.as(USERS.alice, { initData: forged }).boot(gameId);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({
      code: "forged",
      message: expect.stringMatching(/Telegram could not confirm/),
    });
    const stale = await w.as(USERS.alice, { ageS: 86_400 + 60 }).boot(gameId);
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("stale");
    expect(stale.body.message).toMatch(/session has expired/);
    // The refusal speaks the language the data names, signed or not.
    const olga = await w.as(USERS.olga, { ageS: 90_000 }).boot(gameId);
    expect(olga.body.message).toMatch(/Сеанс этой доски истёк/);
    const olgaForged = await w
      .as(USERS.olga, {
        initData: forged.replace("language_code%22%3A%22en", "language_code%22%3A%22ru"),
      })
      .boot(gameId);
    expect(olgaForged.body.message).toMatch(/Telegram не подтвердил/);
    // Nothing was done with any of them.
    const act = await w.as(USERS.alice, { initData: forged }).act(gameId, 1, { type: "roll" });
    expect(act.status).toBe(401);
  });

  it("shows a group's game read-only to its members, to nobody else; a private game to its player only", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web, { computer: {} });
    const { gameId } = await groupGame(h);
    const carol = w.as(USERS.carol);
    const seen = await carol.boot(gameId);
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe("spectator");
    const game = (await h.service.getGame(gameId))!;
    const tried = await carol.act(gameId, game.version, { type: "roll" });
    expect(tried.status).toBe(403);
    expect(tried.body).toMatchObject({
      code: "not-a-player",
      message: "You are not playing in this game.",
    });
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
    expect((await carol.rematch(gameId)).status).toBe(403);

    // Taras has left the group: Telegram says so, and the game is not his to see.
    h.tg.makeOutsider(USERS.taras.id, GROUP);
    const outsider = await w.as(USERS.taras).boot(gameId);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({
      code: "not-allowed",
      message: expect.stringMatching(/лише гравці/),
    });
    expect((await w.as(USERS.taras).events(gameId)).status).toBe(403);
    expect((await w.as(USERS.carol).boot(999)).status).toBe(404);

    // A game against the bot in Alice's private chat is hers alone.
    await h.send(USERS.alice, "/play bot", { chatId: USERS.alice.id });
    const card = h.lastMessage(USERS.alice.id);
    await h.press(USERS.alice, card, buttonNamed(card, /🎲/));
    const own = (await h.service.activeGames(USERS.alice.id, USERS.alice.id))[0]!;
    expect((await w.as(USERS.alice).boot(own.id)).status).toBe(200);
    expect((await w.as(USERS.carol).boot(own.id)).status).toBe(403);
    expect(h.tg.problems()).toEqual([]);
  });

  it("plays a whole turn as one action, as the signed player only", async ({ harness, web }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const mover = await moverOf(h, w, gameId);
    await toMove(h, mover, gameId);
    const { version, action } = await playOf(h, gameId);
    const other =
      (await h.service.getGame(gameId))!.waitingFor === USERS.alice.id ? USERS.bob : USERS.alice;
    // The opponent's page cannot move the mover's checkers.
    const theirs = await w.as(other).act(gameId, version, action);
    expect(theirs.status).toBe(422);
    expect(theirs.body.message).toMatch(/not your turn|turn/);
    const r = await mover.act(gameId, version, action);
    expect(r.status).toBe(200);
    const after = (await h.service.getGame(gameId))!;
    expect(r.body.game?.version).toBe(after.version);
    expect(after.waitingFor).toBe(other.id);
    // One step event per step, all by the mover.
    const events = (await h.events(gameId)).filter((e) => e.seq > version && e.actorId !== null);
    expect(events.map((e) => e.type)).toEqual(action.steps.map(() => "step"));
  });

  it("a button press and a page action on the same version at the same moment: one applies", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId, board } = await groupGame(h);
    const mover = await moverOf(h, w, gameId);
    await toMove(h, mover, gameId);
    await h.settle();
    const { version, action } = await playOf(h, gameId);
    const user = userById((await h.service.getGame(gameId))!.waitingFor!);
    const live = h.tg.message(GROUP, board.messageId)!;
    const button = buttons(live).find((b) => !/Claim|Undo/.test(b.text))!;
    const [page] = await Promise.all([
      mover.act(gameId, version, action),
      h.press(user, live, button),
    ]);
    const applied = (await h.events(gameId)).filter((e) => e.seq === version + 1);
    expect(applied).toHaveLength(1);
    const answers = h.tg.callsOf("answerCallbackQuery").at(-1)!;
    const pressWon = answers.payload.text === undefined;
    // Exactly one of the two went through; the other heard the board moved on.
    expect(page.status === 200).toBe(!pressWon);
    if (pressWon) {
      expect(page.status).toBe(409);
      expect(page.body).toMatchObject({
        code: "stale",
        game: { version: (await h.service.getGame(gameId))!.version },
      });
    } else expect(answers.payload.text).toMatch(/out of date/);
    expect(h.tg.problems()).toEqual([]);
  });

  it("refuses an older version, a malformed action, a body too large", async ({ harness, web }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const mover = await moverOf(h, w, gameId);
    const game = (await h.service.getGame(gameId))!;
    const old = await mover.act(gameId, game.version - 1, { type: "roll" });
    expect(old.status).toBe(409);
    expect(old.body.game?.version).toBe(game.version);
    const bad = await mover.act(gameId, game.version, { type: "play", steps: [{ from: 99 }] });
    expect(bad.status).toBe(400);
    const big = await mover.act(gameId, game.version, { type: "roll", pad: "x".repeat(10_000) });
    expect(big.status).toBe(413);
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });
});

describe("after the game", () => {
  it("gives the replay turn by turn, and the stored analysis's marks once there are some", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const alice = w.as(USERS.alice);
    expect((await alice.review(gameId)).status).toBe(409);
    for (let i = 0; i < 2; i++) {
      const mover = await moverOf(h, w, gameId);
      await toMove(h, mover, gameId);
      const { version, action } = await playOf(h, gameId);
      expect((await mover.act(gameId, version, action)).status).toBe(200);
    }
    const g = (await h.service.getGame(gameId))!;
    await alice.act(gameId, g.version, { type: "resign", kind: "single" });
    const offered = (await h.service.getGame(gameId))!;
    await w.as(USERS.bob).act(gameId, offered.version, { type: "accept-resign" });
    const review = await w.as(USERS.carol).review(gameId);
    expect(review.status).toBe(200);
    const body = review.body as PageReview;
    expect(body.turns).toHaveLength(2);
    expect(body.turns[1]!.board).toEqual((await h.service.getGame(gameId))!.state.board);
    expect(body.marks).toBeNull();
    const turn = body.turns[0]!;
    const decision = {
      kind: "play" as const,
      turn: 1,
      color: turn.color,
      dice: turn.dice,
      board: body.start,
      after: turn.board,
      bestAfter: turn.board,
      played: turn.steps,
      best: turn.steps,
      playedMoves: ["24/18"],
      bestMoves: ["13/7"],
      playedEquity: 0.1,
      bestEquity: 0.2,
      loss: 0.1,
    };
    const cube = {
      kind: "cube" as const,
      turn: 2,
      color: turn.color,
      board: body.start,
      cube: { value: 1, owner: null },
      action: "no-double" as const,
      bestAction: "double" as const,
      chosenEquity: 0,
      bestEquity: 0.05,
      loss: 0.05,
    };
    const player = (costliest: object[]) => ({
      decisions: 2,
      errors: 1,
      blunders: 0,
      lost: 0.1,
      luck: 0,
      costliest,
    });
    await h.parts.deps.reviews.setAnalysis(gameId, {
      white: player(turn.color === "white" ? [cube, decision] : []),
      black: player(turn.color === "black" ? [cube, decision] : []),
    } as never);
    const marked = (await w.as(USERS.carol).review(gameId)).body as PageReview;
    expect(marked.marks).toMatchObject([
      { kind: "play", turn: 1, level: "blunder", loss: 0.1, bestMoves: ["13/7"] },
      { kind: "cube", turn: 2, level: "error", action: "no-double", bestAction: "double" },
    ]);
  });
});

describe("changes pushed to the open pages", () => {
  it("every open page of the game hears a change within 200 ms; a reconnect catches up", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const game = (await h.service.getGame(gameId))!;
    const streams = await Promise.all(
      [USERS.alice, USERS.bob, USERS.carol].map((u) => w.as(u).events(gameId)),
    );
    // Each page first gets the game as it is.
    for (const s of streams)
      expect((await s.next((e) => e.event === "game")).id).toBe(game.version);
    const mover = await moverOf(h, w, gameId);
    await toMove(h, mover, gameId);
    const { version, action } = await playOf(h, gameId);
    const sent = performance.now();
    const r = await mover.act(gameId, version, action);
    const now = r.body.game!.version;
    for (const s of streams) {
      const e = await s.next((x) => x.id === now);
      expect((e.data as PageGame).version).toBe(now);
      expect(e.at - sent).toBeLessThan(200);
    }
    // A page that lost its connection names the last version it has; it gets the newer one.
    streams[2]!.close();
    const back = await w.as(USERS.carol).events(gameId, version);
    expect((await back.next((e) => e.event === "game")).id).toBe(now);
    // One that is up to date gets nothing until the next change.
    const current = await w.as(USERS.bob).events(gameId, now);
    await new Promise((r) => setTimeout(r, 100));
    expect(current.events).toEqual([]);
    for (const s of [...streams, back, current]) s.close();
  });

  it("a change made while a new stream reads the game reaches that stream", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const mover = await moverOf(h, w, gameId);
    await toMove(h, mover, gameId);
    const { version, action } = await playOf(h, gameId);
    // The stream's own read of the game returns it as it was, and a move lands meanwhile.
    const read = h.service.getGame.bind(h.service);
    let moved: number | null = null;
    h.service.getGame = async (id: number) => {
      const game = await read(id);
      if (moved === null && id === gameId && /openStream/.test(new Error().stack ?? "")) {
        const r = await mover.act(gameId, version, action);
        moved = (r.body as { game: PageGame }).game.version;
      }
      return game;
    };
    const stream = await w.as(USERS.carol).events(gameId);
    await expect.poll(() => moved).not.toBeNull();
    // The page hears the move: the stream was open before its read.
    expect((await stream.next((e) => e.event === "game" && e.id === moved)).id).toBe(moved);
    // And never goes back to the version read before it.
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.events.filter((e) => e.event === "game").map((e) => e.id)).toEqual([moved]);
    stream.close();
  });

  it("a rematch tells the old game's pages where the next game is", async ({ harness, web }) => {
    const { h, w } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const alice = w.as(USERS.alice);
    const game = (await h.service.getGame(gameId))!;
    // Alice offers to resign a single game, Bob accepts; she asks for the next game.
    await alice.act(gameId, game.version, { type: "resign", kind: "single" });
    const offered = (await h.service.getGame(gameId))!;
    const stream = await w.as(USERS.bob).events(gameId, offered.version);
    await w.as(USERS.bob).act(gameId, offered.version, { type: "accept-resign" });
    expect((await h.service.getGame(gameId))!.status).toBe("finished");
    const next = await alice.rematch(gameId);
    expect(next.status).toBe(200);
    expect((await stream.next((e) => e.event === "next")).data).toEqual({
      gameId: next.body.gameId,
    });
    await h.settle();
    expect((await h.service.getGame(next.body.gameId!))!.starting).toBe(false);
    const again = await alice.rematch(gameId);
    expect(again.body).toMatchObject({ code: "rematch-exists", gameId: next.body.gameId });
    stream.close();
  });

  it("a next game started on the page takes the bytes the presser's device drew for its dice, and nothing else", async ({
    harness,
    web,
  }) => {
    const { h, w } = await setUp(harness, web);
    const alice = w.as(USERS.alice);
    const resigned = async (gameId: number) => {
      const game = (await h.service.getGame(gameId))!;
      await alice.act(gameId, game.version, { type: "resign", kind: "single" });
      await w.as(USERS.bob).act(gameId, game.version + 1, { type: "accept-resign" });
      expect((await h.service.getGame(gameId))!.status).toBe("finished");
    };
    const { gameId } = await groupGame(h);
    await resigned(gameId);
    const bytes = randomBytes(16).toString("hex");
    const next = await alice.rematch(gameId, { nonce: bytes });
    expect(next.status).toBe(200);
    await h.settle();
    const second = (await h.service.getGame(next.body.gameId!))!;
    expect(second.starting).toBe(false);
    expect(second.diceSalt).toBe(`page:${bytes}`);
    // Bytes of the wrong shape are no part: the game takes the message it starts in.
    await resigned(second.id);
    const third = await alice.rematch(second.id, { nonce: `${bytes.slice(2)}zz` });
    expect(third.status).toBe(200);
    await h.settle();
    expect((await h.service.getGame(third.body.gameId!))!.diceSalt).toMatch(/^-?\d+:\d+:\d+$/);
  });
});

describe("the page's costs are bounded", () => {
  it("a user's requests past the burst wait; launch data that fails is limited per address", async ({
    harness,
    web,
  }) => {
    const h = await harness();
    const w = await web(h, {
      limits: { burst: 3, perSecond: 1, failedBurst: 2, failedPerSecond: 1 },
    });
    const { gameId } = await groupGame(h);
    const alice = w.as(USERS.alice);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await alice.boot(gameId)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const late = await alice.boot(gameId);
    expect(late.headers.get("retry-after")).toMatch(/^[1-9]/);
    // Bob is not held back by Alice's requests.
    expect((await w.as(USERS.bob).boot(gameId)).status).toBe(200);
    const forged = w.as(USERS.carol, { initData: "user=x&hash=00" });
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push((await forged.boot(gameId)).status);
    expect(tries).toEqual([401, 401, 429]);
  });

  it("a user keeps a few pages open at most: a newer one closes the oldest", async ({
    harness,
    web,
  }) => {
    const h = await harness();
    const w = await web(h, { limits: { streamsPerUser: 2 } });
    const { gameId } = await groupGame(h);
    const alice = w.as(USERS.alice);
    const first = await alice.events(gameId);
    const second = await alice.events(gameId);
    expect(w.web.openPages).toBe(2);
    const third = await alice.events(gameId);
    await first.ended;
    expect(w.web.openPages).toBe(2);
    // The oldest is told why, so it stays closed instead of reconnecting and closing the next.
    expect(first.events.at(-1)).toMatchObject({ event: "closed", data: { reason: "newer-page" } });
    for (const s of [second, third]) s.close();
  });

  it("a stream whose page closed while its viewer was being checked is never counted", async ({
    harness,
    web,
  }) => {
    const h = await harness();
    const w = await web(h, { limits: { streamsPerUser: 1 } });
    const { gameId } = await groupGame(h);
    // Carol watches Alice and Bob's group game: her membership is asked of Telegram.
    const open = async (who: User) => {
      const held = h.tg.holdNext("getChatMember", { at: "request" });
      const stop = new AbortController();
      const asked = fetch(`${w.url}/api/game/${gameId}/events`, {
        headers: { authorization: `tma ${w.as(who).initData}` },
        signal: stop.signal,
      }).catch(() => null);
      await held.reached;
      // The page goes away while Telegram is asked; the answer comes after.
      stop.abort();
      await asked;
      await new Promise((r) => setTimeout(r, 50));
      held.release();
      await new Promise((r) => setTimeout(r, 100));
    };
    // Each watcher once (a membership is remembered a while).
    for (const who of [USERS.carol, USERS.olga, USERS.taras]) await open(who);
    expect(w.web.openPages).toBe(0);
    // Her real page opens, and is the only one counted.
    const page = await w.as(USERS.carol).events(gameId);
    expect(page.status).toBe(200);
    expect(w.web.openPages).toBe(1);
    page.close();
    await page.ended;
    await new Promise((r) => setTimeout(r, 50));
    expect(w.web.openPages).toBe(0);
  });
});
