/**
 * The board page starts a player's time at its own delivery: the game written to the page of
 * the player to act (its boot, or an event on its stream) counts like the board's message in
 * the chat, whichever comes first; the opponent's page starts nothing.
 */
import { describe, expect } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { GROUP, groupGame, type Harness, USERS, userById } from "../bot/harness.js";
import { it } from "./fixtures.js";

const START = Date.UTC(2026, 11, 4, 12);

/** Plays the whole turn of the side to act through the service (rolling first if asked). */
async function playTurn(h: Harness, gameId: number): Promise<void> {
  let g = (await h.service.getGame(gameId))!;
  if (g.state.phase === "roll") {
    const rolled = await h.service.act(gameId, g.waitingFor!, { type: "roll" }, g.version);
    if (!rolled.ok) throw new Error(rolled.error.message);
    g = rolled.value.game;
  }
  let version = g.version;
  for (const step of remainingPlays(g.state)[0]!.steps) {
    const r = await h.service.act(gameId, g.waitingFor!, { type: "step", ...step }, version);
    if (!r.ok) throw new Error(r.error.message);
    version = r.value.game.version;
  }
}

async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await done()); i++) await new Promise((r) => setTimeout(r, 5));
  if (!(await done())) throw new Error("timed out");
}

describe("the page and the clock", () => {
  it("the mover's page starts their time while the group's board is held up; the opponent's does not", async ({
    harness,
    web,
  }) => {
    let now = START;
    const h = await harness({ now: () => now });
    const w = await web(h);
    const { gameId } = await groupGame(h, "/play short blitz");
    const first = (await h.service.getGame(gameId))!;
    const mover = userById(first.waitingFor!);
    const other = mover.id === USERS.alice.id ? USERS.bob : USERS.alice;
    // Both pages open on the mover's turn: the opponent's stream is what carries the next.
    const waiting = await w.as(other).events(gameId, first.version);
    now += 2_000;
    // The group's edits are held on the network: only the page can show the next turn.
    const held = h.tg.holdNext("editMessageMedia", {
      at: "request",
      match: (p) => Number(p.chat_id) === GROUP,
    });
    await playTurn(h, gameId);
    await held.reached;
    await until(async () => (await h.service.getGame(gameId))!.clock!.runningSince !== null);
    const g = (await h.service.getGame(gameId))!;
    expect(g.waitingFor).toBe(other.id);
    expect(g.clock!.running).toBe(g.white.id === other.id ? "white" : "black");
    expect(g.clock!.runningSince).toBe(now);

    // The next turn's mover is `mover` again once `other` plays; the group is still held, and
    // the mover's page, opened only later, starts their time at its boot, not before.
    now += 5_000;
    await playTurn(h, gameId);
    const next = (await h.service.getGame(gameId))!;
    expect(next.waitingFor).toBe(mover.id);
    expect(next.clock!.runningSince).toBeNull();
    now += 3_000;
    expect((await w.as(other).boot(gameId)).status).toBe(200);
    expect((await h.service.getGame(gameId))!.clock!.runningSince).toBeNull();
    expect((await w.as(mover).boot(gameId)).status).toBe(200);
    expect((await h.service.getGame(gameId))!.clock!.runningSince).toBe(now);
    waiting.close();
    held.release();
    await h.settle();
  });
});
