import { describe, expect } from "vitest";
import { type Action, remainingPlays, turnView } from "../../src/engine/index.js";
import type { GameService, GameView } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, errorCode, harness, unwrap } from "./helpers.js";

async function newGame(
  svc: GameService,
  variant: "long" | "short",
  rules?: unknown,
): Promise<GameView> {
  const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  return unwrap(await svc.acceptChallenge(c.id, bob)).game;
}

const mover = (g: GameView) => g.waitingFor!;
const opponent = (g: GameView) => (g.waitingFor === g.white.id ? g.black.id : g.white.id);

function firstStep(g: GameView): Action {
  const st = turnView(g.state)!.nextSteps[0]!;
  return { type: "step", from: st.from, to: st.to, die: st.die };
}

describe("act", () => {
  it("applies a step, bumps the version by its events and refuses the same press again", async () => {
    const { svc } = harness({}, "act-step");
    const g = await newGame(svc, "short");
    expect(g.state.phase).toBe("move");
    const step = firstStep(g);
    const r = unwrap(await svc.act(g.id, mover(g), step, g.version));
    expect(r.events[0]).toMatchObject({ seq: g.version + 1, type: "step", actorId: mover(g) });
    expect(r.game.version).toBe(g.version + r.events.length);
    const again = await svc.act(g.id, mover(g), step, g.version);
    expect(again).toMatchObject({
      ok: false,
      error: { code: "stale", message: "This board is out of date." },
    });
    // The refusal carries the game as it stands, so the live board can be shown at once.
    expect(!again.ok && again.error.game?.version).toBe(r.game.version);
  });

  it("plays a whole turn in one press, each step its own event; a bad play changes nothing", async () => {
    const { svc } = harness({}, "act-play");
    let g = await newGame(svc, "short");
    const plays = remainingPlays(g.state);
    expect(plays.length).toBeGreaterThan(1);
    const play = plays.at(-1)!;
    const steps = play.steps.map((st) => ({ from: st.from, to: st.to, die: st.die }));
    // The first step of it followed by a step its dice cannot make: refused, nothing kept.
    const bad = await svc.act(
      g.id,
      mover(g),
      { type: "play", steps: [steps[0]!, { ...steps[0]!, die: 6, to: 0 }] },
      g.version,
    );
    expect(bad.ok).toBe(false);
    expect((await svc.getGame(g.id))!.version).toBe(g.version);
    const by = mover(g);
    const r = unwrap(await svc.act(g.id, by, { type: "play", steps }, g.version));
    const own = r.events.filter((e) => e.actorId === by);
    expect(own.map((e) => e.type)).toEqual(steps.map(() => "step"));
    expect(r.game.state.lastMove?.steps.map((st) => [st.from, st.to])).toEqual(
      steps.map((st) => [st.from, st.to]),
    );
    expect(r.game.waitingFor).not.toBe(by);
    g = r.game;
    expect(await svc.act(g.id, by, { type: "play", steps: [] }, g.version)).toMatchObject({
      ok: false,
      error: { code: "bad-input" },
    });
  });

  it("refuses presses by others, out of turn, illegal or malformed, with typed errors", async () => {
    const { svc } = harness({}, "act-errors");
    const g = await newGame(svc, "short");
    expect(errorCode(await svc.act(g.id, carol.id, firstStep(g), g.version))).toBe("not-a-player");
    expect(errorCode(await svc.act(g.id, opponent(g), firstStep(g), g.version))).toBe(
      "not-your-turn",
    );
    const off = { type: "step", from: 24, to: 0 } as const;
    expect(errorCode(await svc.act(g.id, mover(g), off, g.version))).toBe("illegal-step");
    expect(errorCode(await svc.act(g.id, mover(g), { type: "roll" }, g.version))).toBe(
      "wrong-phase",
    );
    expect(errorCode(await svc.act(g.id, mover(g), { type: "undo" }, g.version))).toBe(
      "nothing-to-undo",
    );
    const junk = [
      { type: "fly" },
      { type: "step", from: "a", to: 3 },
      null,
      { type: "step", from: 3, to: 1, die: 9 },
    ];
    for (const a of junk)
      expect(errorCode(await svc.act(g.id, mover(g), a as unknown as Action, g.version))).toBe(
        "bad-input",
      );
    expect(errorCode(await svc.act(999, mover(g), { type: "roll" }, 1))).toBe("not-found");
    expect(errorCode(await svc.act(Number.NaN, mover(g), { type: "roll" }, 1))).toBe("bad-input");
    expect(errorCode(await svc.act(g.id, mover(g), { type: "roll" }, 1.5))).toBe("bad-input");
    expect(await svc.getGame(Number.NaN)).toBeNull();
    expect((await svc.getGame(g.id))?.version).toBe(g.version);
  });

  it("undoes a step, and a forced rest is not replayed at once after an undo", async () => {
    const { svc } = harness({}, "act-undo");
    const g = await newGame(svc, "short");
    const stepped = unwrap(await svc.act(g.id, mover(g), firstStep(g), g.version)).game;
    expect(stepped.state.steps).toHaveLength(1);
    const undone = unwrap(await svc.act(g.id, mover(g), { type: "undo" }, stepped.version));
    expect(undone.events.map((e) => e.type)).toEqual(["undo"]);
    expect(undone.game.state.steps).toEqual([]);
    expect(undone.game.state.board).toEqual(g.state.board);
  });

  it("rolls at once for a player who could not double, but waits for one who could", async () => {
    const { svc } = harness({}, "act-autoroll");
    let g = await newGame(svc, "short");
    // Play the starter's turn; the other side may double now, so nothing is rolled for it.
    while (g.state.turn === g.state.starter)
      g = unwrap(await svc.act(g.id, mover(g), firstStep(g), g.version)).game;
    expect(g.state.phase).toBe("roll");
    const doubler = mover(g);
    const d = unwrap(await svc.act(g.id, doubler, { type: "double" }, g.version));
    expect(d.game.state.phase).toBe("double");
    expect(d.game.waitingFor).toBe(opponent(g));
    const t = unwrap(await svc.act(g.id, opponent(g), { type: "take" }, d.game.version));
    // The cube now belongs to the taker: the doubler cannot double again, so it is rolled.
    expect(t.events.map((e) => [e.type, e.actorId])).toEqual([
      ["take", opponent(g)],
      ["roll", null],
      ...t.events.slice(2).map((e) => [e.type, null]),
    ]);
    expect(t.game.state.cube).toEqual({
      value: 2,
      owner: g.state.turn === "white" ? "black" : "white",
    });
  });

  it("ends the game on a dropped double, reveals the seed and refuses further presses", async () => {
    const { svc } = harness({}, "act-drop");
    let g = await newGame(svc, "short");
    while (g.state.turn === g.state.starter)
      g = unwrap(await svc.act(g.id, mover(g), firstStep(g), g.version)).game;
    const doubler = mover(g);
    const taker = opponent(g);
    g = unwrap(await svc.act(g.id, doubler, { type: "double" }, g.version)).game;
    const r = unwrap(await svc.act(g.id, taker, { type: "drop" }, g.version));
    expect(r.game.status).toBe("finished");
    expect(r.game.winnerId).toBe(doubler);
    expect(r.game.points).toBe(1);
    expect(r.finished?.result).toMatchObject({ kind: "drop", points: 1, reason: "drop" });
    expect(r.finished?.seed).toBe(r.game.diceSeed);
    expect(r.game.diceSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(errorCode(await svc.act(g.id, doubler, { type: "roll" }, r.game.version))).toBe(
      "game-over",
    );
  });

  it("long nardy: a resignation ends the game at once, scored on the position", async () => {
    const { svc } = harness({}, "act-resign-long");
    const g = await newGame(svc, "long");
    const loser = opponent(g);
    const r = unwrap(await svc.act(g.id, loser, { type: "resign" }, g.version));
    expect(r.finished?.result).toMatchObject({ kind: "mars", points: 2, reason: "resign" });
    expect(r.finished?.winnerId).toBe(mover(g));
  });

  it("short nardy: a resignation is an offer the opponent accepts or declines", async () => {
    const { svc } = harness({}, "act-resign-short");
    const g = await newGame(svc, "short");
    const me = mover(g);
    const them = opponent(g);
    expect(errorCode(await svc.act(g.id, me, { type: "resign" }, g.version))).toBe("bad-resign");
    const offer = unwrap(
      await svc.act(g.id, me, { type: "resign", kind: "gammon" }, g.version),
    ).game;
    expect(offer.state.phase).toBe("resign");
    expect(offer.waitingFor).toBe(them);
    const declined = unwrap(
      await svc.act(g.id, them, { type: "decline-resign" }, offer.version),
    ).game;
    expect(declined.state.phase).toBe("move");
    expect(declined.waitingFor).toBe(me);
    const again = unwrap(
      await svc.act(g.id, me, { type: "resign", kind: "single" }, declined.version),
    );
    const done = unwrap(await svc.act(g.id, them, { type: "accept-resign" }, again.game.version));
    expect(done.finished?.result).toMatchObject({ kind: "single", points: 1, reason: "resign" });
    expect(done.game.winnerId).toBe(them);
  });

  it("lets the waiting player claim the win only after twice the idle time", async () => {
    const { svc, clock } = harness({ idleMs: 1000 }, "act-claim");
    const g = await newGame(svc, "long");
    const waiting = opponent(g);
    expect(errorCode(await svc.act(g.id, waiting, { type: "claim-timeout" }, g.version))).toBe(
      "too-early",
    );
    clock.advance(1999);
    expect(errorCode(await svc.act(g.id, waiting, { type: "claim-timeout" }, g.version))).toBe(
      "too-early",
    );
    expect(await svc.claimableGames()).toEqual([]);
    clock.advance(1);
    expect((await svc.claimableGames()).map((x) => x.id)).toEqual([g.id]);
    // The one the game waits for is told so, in the service's own words.
    expect(errorCode(await svc.act(g.id, mover(g), { type: "claim-timeout" }, g.version))).toBe(
      "claim-own-turn",
    );
    expect(svc.mayClaim((await svc.getGame(g.id))!, mover(g))).toBe(false);
    expect(svc.mayClaim((await svc.getGame(g.id))!, waiting)).toBe(true);
    expect(svc.mayClaim((await svc.getGame(g.id))!, 999_999)).toBe(false);
    const r = unwrap(await svc.act(g.id, waiting, { type: "claim-timeout" }, g.version));
    expect(r.finished?.result.reason).toBe("timeout");
    expect(r.finished?.winnerId).toBe(waiting);
    expect(await svc.claimableGames()).toEqual([]);
  });

  it("no claim by the player whose resignation offer waits for an answer", async () => {
    const { svc, clock } = harness({ idleMs: 1000 }, "act-claim-offer");
    const g = await newGame(svc, "short");
    const offerer = mover(g);
    const answerer = opponent(g);
    const offered = unwrap(
      await svc.act(g.id, offerer, { type: "resign", kind: "single" }, g.version),
    );
    expect(offered.game.waitingFor).toBe(answerer);
    clock.advance(2000);
    const now = (await svc.getGame(g.id))!;
    expect(errorCode(await svc.act(g.id, offerer, { type: "claim-timeout" }, now.version))).toBe(
      "claim-own-offer",
    );
    expect(svc.mayClaim(now, offerer)).toBe(false);
    expect(errorCode(await svc.act(g.id, answerer, { type: "claim-timeout" }, now.version))).toBe(
      "claim-own-turn",
    );
    expect((await svc.getGame(g.id))!.status).toBe("active");
  });

  it("reminds once about a game idle for the idle time (24 h by default)", async () => {
    const { svc, clock } = harness({}, "act-remind");
    const g = await newGame(svc, "short");
    clock.advance(24 * 3_600_000 - 1);
    expect(await svc.gamesToRemind()).toEqual([]);
    clock.advance(1);
    const due = await svc.gamesToRemind();
    expect(due.map((x) => [x.id, x.waitingFor])).toEqual([[g.id, mover(g)]]);
    await svc.markReminded(g.id);
    expect(await svc.gamesToRemind()).toEqual([]);
    // A move starts the clock again, and a new reminder is due after the next silence.
    const moved = unwrap(await svc.act(g.id, mover(g), firstStep(g), g.version)).game;
    clock.advance(24 * 3_600_000);
    expect((await svc.gamesToRemind()).map((x) => x.id)).toEqual([moved.id]);
  });

  it("lists a user's active games in a chat", async () => {
    const { svc } = harness({}, "act-list");
    const g = await newGame(svc, "short");
    expect((await svc.activeGames(CHAT.id, alice.id)).map((x) => x.id)).toEqual([g.id]);
    expect(await svc.activeGames(CHAT.id, carol.id)).toEqual([]);
    expect(await svc.activeGames(42, alice.id)).toEqual([]);
    unwrap(await svc.act(g.id, alice.id, { type: "resign", kind: "single" }, g.version));
    expect((await svc.activeGames(CHAT.id, alice.id)).map((x) => x.id)).toEqual([g.id]);
  });

  it("can ask for a commit at the end of each turn (confirmTurns)", async () => {
    const { svc } = harness({ confirmTurns: true }, "act-confirm");
    let g = await newGame(svc, "short");
    const me = mover(g);
    while (!turnView(g.state)!.complete)
      g = unwrap(await svc.act(g.id, me, firstStep(g), g.version)).game;
    expect(g.waitingFor).toBe(me);
    const back = unwrap(await svc.act(g.id, me, { type: "undo" }, g.version)).game;
    expect(turnView(back.state)!.complete).toBe(false);
    g = unwrap(await svc.act(g.id, me, firstStep(back), back.version)).game;
    const done = unwrap(await svc.act(g.id, me, { type: "commit" }, g.version));
    expect(done.events[0]?.type).toBe("commit");
    expect(done.game.state.turn).not.toBe(back.state.turn);
  });
});
