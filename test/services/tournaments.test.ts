import { createHash, createHmac } from "node:crypto";
import { describe, expect } from "vitest";
import { encodePositionId } from "../../src/engine/index.js";
import {
  type GameView,
  type PlayerRef,
  TournamentService,
  type TournamentView,
} from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, HOUR, harness } from "./helpers.js";

const dave: PlayerRef = { id: 404, firstName: "Dave" };
const erin: PlayerRef = { id: 505, firstName: "Erin" };
const MIN = 60_000;

function rig() {
  const h = harness();
  const changes: TournamentView[] = [];
  const tours = new TournamentService(h.database.db, h.svc, (news) => {
    if (news.kind === "tournament") changes.push(news.tournament);
  });
  h.svc.follow((game) => tours.gameChanged(game));
  return { ...h, tours, changes };
}

/** A tournament in CHAT with `who` joined (the organiser, Alice, is in already). */
async function withPlayers(r: ReturnType<typeof rig>, who: PlayerRef[], rules?: unknown) {
  const made = await r.tours.create({
    organiser: alice,
    chat: CHAT,
    variant: "long",
    ...(rules ? { rules } : {}),
    signupMs: 30 * MIN,
  });
  if (!made.ok) throw new Error(made.error.message);
  for (const p of who) expect((await r.tours.join(made.value.id, p)).ok).toBe(true);
  return made.value.id;
}

const liveGameIds = (t: TournamentView) =>
  t.matches.filter((m) => m.liveGameId !== null).map((m) => m.liveGameId!);

describe("tournament sign-up", () => {
  it("is for groups only, one at a time per group", async () => {
    const r = rig();
    const base = { organiser: alice, variant: "long" as const, signupMs: MIN };
    const inPrivate = await r.tours.create({ ...base, chat: { id: 101, type: "private" } });
    expect(inPrivate.ok || inPrivate.error.code).toBe("group-only");
    expect((await r.tours.create({ ...base, chat: CHAT })).ok).toBe(true);
    const second = await r.tours.create({ ...base, chat: CHAT });
    expect(second.ok || second.error.code).toBe("tournament-exists");
  });

  it("joins, refuses a second join, a leave by an outsider, and settings from anyone else", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob]);
    const again = await r.tours.join(id, bob);
    expect(again.ok || again.error.code).toBe("already-entered");
    const outsider = await r.tours.leave(id, carol);
    expect(outsider.ok || outsider.error.code).toBe("not-entered");
    const notMine = await r.tours.configure(id, bob, { format: "knockout" });
    expect(notMine.ok || notMine.error.code).toBe("not-organiser");
    const running = await r.tours.configure(id, alice, { match: { kind: "running" } });
    expect(running.ok || running.error.code).toBe("bad-rules");
    expect((await r.tours.get(id))!.rules.match).toEqual({ kind: "games", count: 1 });
    const points = await r.tours.configure(id, alice, { match: { kind: "points", to: 3 } });
    expect(points.ok && points.value.rules.match).toEqual({ kind: "points", to: 3 });
    expect((await r.tours.leave(id, bob)).ok).toBe(true);
    expect((await r.tours.get(id))!.entrants.map((p) => p.id)).toEqual([alice.id]);
  });

  it("takes 32 players and no more", async () => {
    const r = rig();
    const people = Array.from({ length: 32 }, (_, i) => ({ id: 1000 + i, firstName: `P${i}` }));
    const id = await withPlayers(r, people.slice(0, 31));
    const full = await r.tours.join(id, people[31]!);
    expect(full.ok || full.error.code).toBe("tournament-full");
    expect((await r.tours.get(id))!.entrants).toHaveLength(32);
  });

  it("starts by itself when the window closes with three players, and is called off with two", async () => {
    const r = rig();
    const few = await withPlayers(r, [bob]);
    const short = await r.tours.start(few, alice);
    expect(short.ok || short.error.code).toBe("too-few-players");
    r.clock.advance(31 * MIN);
    const late = await r.tours.join(few, carol);
    expect(late.ok || late.error.code).toBe("signup-closed");
    await r.tours.closeSignups();
    expect((await r.tours.get(few))!.status).toBe("cancelled");

    const enough = await withPlayers(r, [bob, carol]);
    r.clock.advance(31 * MIN);
    await r.tours.closeSignups();
    const t = (await r.tours.get(enough))!;
    expect(t.status).toBe("running");
    // Three players: one pairing at a time.
    expect(liveGameIds(t)).toHaveLength(1);
  });
});

describe("tournament play", () => {
  it("keeps its games out of the chat's own series and their rematch button", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol]);
    await r.tours.start(id, alice);
    const gameId = liveGameIds((await r.tours.get(id))!)[0]!;
    const game = (await r.svc.getGame(gameId))!;
    expect(game.tournamentId).toBe(id);
    // The same two may still play an ordinary game here meanwhile.
    const challenge = await r.svc.createChallenge({
      challenger: game.white.id === alice.id ? alice : game.white.id === bob.id ? bob : carol,
      chat: CHAT,
      variant: "long",
    });
    if (!challenge.ok) throw new Error(challenge.error.message);
    const other = [alice, bob, carol].find((p) => p.id === game.black.id)!;
    expect((await r.svc.acceptChallenge(challenge.value.id, other)).ok).toBe(true);
    const resigned = await r.svc.act(gameId, game.white.id, { type: "resign" }, game.version);
    expect(resigned.ok).toBe(true);
    const rematch = await r.svc.rematch(gameId, bob);
    expect(rematch.ok || rematch.error.code).toBe("tournament-game");
  });

  it("opens the next game of a longer match by itself and decides the match by its series", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol], { match: { kind: "games", count: 2 } });
    await r.tours.start(id, alice);
    const first = (await r.svc.getGame(liveGameIds((await r.tours.get(id))!)[0]!))!;
    // The next game starts with no press: its dice are committed to on this game's boards.
    expect(first.nextDiceCommitment).toMatch(/^[0-9a-f]{64}$/);
    await r.svc.act(first.id, first.white.id, { type: "resign" }, first.version);
    const t = (await r.tours.get(id))!;
    const second = (await r.svc.getGame(liveGameIds(t)[0]!))!;
    expect(second.seriesId).toBe(first.seriesId);
    expect(second.previousGameId).toBe(first.id);
    // The second game's dice are the ones the first game committed to at its end.
    expect(second.diceCommitment).toBe(first.nextDiceCommitment);
    // Its second part is the position the first game ended in, which the players made.
    const ended = (await r.svc.getGame(first.id))!.state.board;
    expect(second.diceSalt).toBe(`after:${encodePositionId(ended.white, ended.black)}`);
    // The first game's winner loses the second.
    await r.svc.act(second.id, first.black.id, { type: "resign" }, second.version);
    const after = (await r.tours.get(id))!;
    const match = after.matches.find((m) => m.status === "done")!;
    // One game each: level after two, so a third decides.
    expect(match ?? null).toBeNull();
    const third = (await r.svc.getGame(liveGameIds(after)[0]!))!;
    await r.svc.act(third.id, third.white.id, { type: "resign" }, third.version);
    const decided = (await r.tours.get(id))!.matches[0]!;
    expect(decided.status).toBe("done");
    expect(decided.winnerId).toBe(third.black.id);
  });

  it("a claim against a silent player forfeits the whole match", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol], { match: { kind: "points", to: 5 } });
    await r.tours.start(id, alice);
    const game = (await r.svc.getGame(liveGameIds((await r.tours.get(id))!)[0]!))!;
    r.clock.advance(49 * HOUR);
    const waiting = game.waitingFor!;
    const claimer = waiting === game.white.id ? game.black.id : game.white.id;
    expect((await r.svc.act(game.id, claimer, { type: "claim-timeout" }, game.version)).ok).toBe(
      true,
    );
    const m = (await r.tours.get(id))!.matches[0]!;
    expect(m).toMatchObject({ status: "done", winnerId: claimer, forfeit: true });
  });

  it("cancelled with games dropped: they are abandoned and refuse presses; nothing new opens", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol, dave, erin]);
    await r.tours.start(id, alice);
    const live = liveGameIds((await r.tours.get(id))!);
    expect(live).toHaveLength(2);
    const notMine = await r.tours.cancel(id, bob, "abandon");
    expect(notMine.ok || notMine.error.code).toBe("not-organiser");
    expect((await r.tours.cancel(id, alice, "abandon")).ok).toBe(true);
    for (const gameId of live) {
      const g = (await r.svc.getGame(gameId))!;
      expect(g.status).toBe("abandoned");
      const press = await r.svc.act(gameId, g.white.id, { type: "resign" }, g.version);
      expect(press.ok || press.error.code).toBe("abandoned");
    }
    await r.tours.advanceAll();
    expect(liveGameIds((await r.tours.get(id))!)).toEqual([]);
    expect((await r.tours.get(id))!.matches.every((m) => m.status === "abandoned")).toBe(true);
  });

  it("cancelled with games let finish: the game in play ends normally, no next one opens", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol, dave, erin]);
    await r.tours.start(id, alice);
    const [a, b] = await Promise.all(
      liveGameIds((await r.tours.get(id))!).map(async (g) => (await r.svc.getGame(g))!),
    );
    expect((await r.tours.cancel(id, alice, "finish")).ok).toBe(true);
    await r.svc.act(a!.id, a!.white.id, { type: "resign" }, a!.version);
    const t = (await r.tours.get(id))!;
    expect(t.status).toBe("cancelled");
    expect(t.matches.find((m) => m.liveGameId === null && m.status === "done")).toBeDefined();
    expect(liveGameIds(t)).toEqual([b!.id]);
    expect(t.matches).toHaveLength(2);
  });

  it("is called off by an admin of its chat as by its organiser; by no one else", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol]);
    const refused = await r.tours.cancel(id, bob, "finish");
    expect(refused.ok ? null : refused.error.code).toBe("not-organiser");
    expect((await r.tours.get(id))!.status).toBe("signup");
    expect((await r.tours.cancel(id, bob, "finish", true)).ok).toBe(true);
    expect((await r.tours.get(id))!.status).toBe("cancelled");
  });

  it("moves on only when something changed, so its pictures are not redrawn for nothing", async () => {
    const r = rig();
    const id = await withPlayers(r, [bob, carol]);
    await r.tours.start(id, alice);
    const before = r.changes.length;
    const version = (await r.tours.get(id))!.version;
    await r.tours.advanceAll();
    await r.tours.advance(id);
    expect(r.changes.length).toBe(before);
    expect((await r.tours.get(id))!.version).toBe(version);
  });
});

describe("a tournament's dice", () => {
  const sha256 = (hex: string) =>
    createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");
  const childSeed = (parent: string, k: number) =>
    createHmac("sha256", Buffer.from(parent, "hex")).update(`match ${k}`).digest("hex");
  /** Sign-up opened by Alice's `/tournament` (message 41): her entry's mark. */
  const openedByAlice = async (r: ReturnType<typeof rig>) => {
    const made = await r.tours.create({
      organiser: alice,
      chat: CHAT,
      variant: "long",
      signupMs: 30 * MIN,
      mark: "41:1767225600",
    });
    if (!made.ok) throw new Error(made.error.message);
    return made;
  };

  it("seeds each match's first game from the seed committed before anyone joined, with a second part its players fixed", async () => {
    const r = rig();
    const made = await openedByAlice(r);
    const id = made.value.id;
    const commitment = made.value.diceCommitment!;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(made.value.diceSeed).toBeNull();
    const marks = new Map([
      [alice.id, "41:1767225600"],
      [bob.id, "p1816874327"],
      [carol.id, `w${"ab".repeat(16)}`],
    ]);
    expect((await r.tours.join(id, bob, marks.get(bob.id)!)).ok).toBe(true);
    expect((await r.tours.join(id, carol, marks.get(carol.id)!)).ok).toBe(true);
    await r.tours.start(id, alice);

    const firstGames = [];
    let previous: GameView | null = null;
    for (let k = 1; k <= 3; k++) {
      const t = (await r.tours.get(id))!;
      // Not shown while a game seeded from it is in play: its games' dice would follow.
      expect(t.diceSeed).toBeNull();
      const m = t.matches[k - 1]!;
      const g = (await r.svc.getGame(m.liveGameId!))!;
      expect(g.previousGameId).toBeNull();
      if (previous === null) {
        // Before they have played: both entries' own acts, in the match's order.
        expect(g.diceSalt).toBe(`entry:${marks.get(m.a.id)}:${marks.get(m.b.id)}`);
      } else {
        // The game whose end freed them: the position its players' moves made.
        const ended = previous.state.board;
        expect(g.diceSalt).toBe(`after:${encodePositionId(ended.white, ended.black)}`);
      }
      await r.svc.act(g.id, g.white.id, { type: "resign" }, g.version);
      previous = (await r.svc.getGame(g.id))!;
      firstGames.push(previous);
    }
    const over = (await r.tours.get(id))!;
    expect(over.status).toBe("finished");
    const seed = over.diceSeed!;
    expect(sha256(seed)).toBe(commitment);
    // Each game's own seed, shown at its end, is the k-th child of the committed one.
    expect(firstGames.map((g) => g.diceSeed)).toEqual([1, 2, 3].map((k) => childSeed(seed, k)));
    expect(firstGames.map((g) => g.diceCommitment)).toEqual(
      [1, 2, 3].map((k) => sha256(childSeed(seed, k))),
    );
  });

  it("a mark that is not one is dropped: that entrant's first game takes its first board", async () => {
    const r = rig();
    const made = await openedByAlice(r);
    for (const p of [bob, carol]) await r.tours.join(made.value.id, p, "entry:forged:part");
    await r.tours.start(made.value.id, alice);
    const t = (await r.tours.get(made.value.id))!;
    const g = (await r.svc.getGame(t.matches[0]!.liveGameId!))!;
    expect(g.diceSalt).not.toMatch(/^entry:/);
    expect(g.diceSalt).not.toContain("forged");
  });
});

describe("a tournament's clock", () => {
  it("is one control for every game, its reserve sized to each pairing's length", async () => {
    const r = rig();
    const made = await r.tours.create({
      organiser: alice,
      chat: CHAT,
      variant: "short",
      signupMs: 30 * MIN,
      timeControl: "blitz",
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    // Short nardy's blitz: 8 s a move and 20 s a point of the match.
    expect(made.value.timeControl).toEqual({
      kind: "delay",
      preset: "blitz",
      delayMs: 8_000,
      reserveMs: 20_000,
    });
    const longer = await r.tours.configure(id, alice, { match: { kind: "points", to: 5 } });
    expect(longer.ok && longer.value.timeControl).toMatchObject({ reserveMs: 100_000 });
    const forged = await r.tours.configure(id, alice, { timeControl: "bullet" as "blitz" });
    expect(forged.ok || forged.error.code).toBe("bad-input");
    expect((await r.tours.get(id))!.timeControl).toMatchObject({
      preset: "blitz",
      reserveMs: 100_000,
    });
    const normal = await r.tours.configure(id, alice, { timeControl: "normal" });
    expect(normal.ok && normal.value.timeControl).toMatchObject({
      delayMs: 10_000,
      reserveMs: 300_000,
    });
    for (const p of [bob, carol]) expect((await r.tours.join(id, p)).ok).toBe(true);
    const started = await r.tours.start(id, alice);
    if (!started.ok) throw new Error(started.error.message);
    const games = await Promise.all(
      liveGameIds(started.value).map(async (g) => (await r.svc.getGame(g))!),
    );
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) expect(g.timeControl).toEqual(started.value.timeControl);
  });

  it("is none unless asked for, and an unknown one creates nothing", async () => {
    const r = rig();
    const base = { organiser: alice, chat: CHAT, variant: "long" as const, signupMs: MIN };
    const forged = await r.tours.create({ ...base, timeControl: "bullet" as "blitz" });
    expect(forged.ok || forged.error.code).toBe("bad-input");
    const plain = await r.tours.create(base);
    expect(plain.ok && plain.value.timeControl).toEqual({ kind: "none" });
  });
});
