/**
 * The computer never leaves a turn of its own unplayed: the service may end a turn under its
 * plan (a forced rest played for it, the other side's pass), and it must go on from there.
 */
import { describe, expect } from "vitest";
import { silentLogger } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import { GamesRepo } from "../../src/db/index.js";
import type { Variant } from "../../src/engine/index.js";
import { createLogger } from "../../src/log.js";
import {
  type Decide,
  decideHere,
  type GameView,
  type PlayerRef,
} from "../../src/services/index.js";
import { ComputerOpponent } from "../../src/services/opponent.js";
import { sampled } from "../helpers/samples.js";
import { it } from "./fixtures.js";
import { alice, CHAT, harness, unwrap } from "./helpers.js";
import type { StartingService } from "./starting.js";

const computerSeat: PlayerRef = { id: 9000, firstName: "Nardy", username: "nardy_bot" };

/** Alice's game against the computer, as her 🎲 press starts it: a challenge it accepts. */
async function againstComputer(svc: StartingService, variant: Variant): Promise<GameView> {
  const c = unwrap(
    await svc.createChallenge({
      challenger: alice,
      chat: CHAT,
      variant,
      target: { user: computerSeat },
    }),
  );
  return unwrap(await svc.acceptChallenge(c.id, computerSeat)).game;
}

/**
 * Alice (the pip-count player) plays `count` games against the easy computer; after each of
 * her moves the game must wait for her again or be over. Returns every game's event log.
 */
async function playGames(variant: Variant, count: number, label: string) {
  const { svc, database } = harness({}, label);
  const computer = new ComputerOpponent(svc, computerSeat, {
    // A pause, as in production: the turn runs apart from the change that started it.
    delayMs: 1,
    level: "easy",
    logger: silentLogger,
  });
  svc.follow((g) => computer.notice(g));
  const logs = [];
  for (let games = 0; games < count; games++) {
    let game = await againstComputer(svc, variant);
    await computer.settled();
    for (let turns = 0; ; turns++) {
      game = (await svc.getGame(game.id))!;
      if (game.status !== "active") break;
      // Never left waiting for a computer that has stopped thinking.
      expect(game.waitingFor, `game ${game.id} version ${game.version}`).toBe(alice.id);
      expect(turns).toBeLessThan(500);
      const move = chooseAction(game.state, { player: "pipcount" })!;
      const planned = game.state;
      for (const action of move.actions) {
        game = unwrap(await svc.act(game.id, alice.id, action, game.version)).game;
        // A forced rest is played for her, as for the computer.
        if (game.state.turnNumber !== planned.turnNumber || game.state.phase !== planned.phase)
          break;
      }
      await computer.settled();
    }
    logs.push(
      (await new GamesRepo(database.db).events(game.id)).map((e) => ({
        by: e.actorId,
        type: e.type,
        payload: e.payload,
      })),
    );
  }
  return logs;
}

/** Games per variant: one in `npm test`, three in the slow suite. */
const GAMES = sampled(3, 1);

describe("the computer's turns", () => {
  for (const variant of ["short", "long"] as const satisfies readonly Variant[])
    it(`${variant} nardy: after every move of the person's, the game waits for the person or is over`, async () => {
      const logs = await playGames(variant, GAMES, `opponent-${variant}`);
      const computerActions = logs.flat().filter((e) => e.by === computerSeat.id);
      expect(computerActions.length).toBeGreaterThan(GAMES * 10);
    }, 60_000);

  it("the easy level's noise comes from the game: the same game played again gets the same decisions", async () => {
    const first = await playGames("short", 1, "opponent-again");
    const again = await playGames("short", 1, "opponent-again");
    expect(first[0]!.filter((e) => e.by === computerSeat.id).length).toBeGreaterThan(10);
    expect(again).toEqual(first);
  }, 60_000);
});

/** A long game against the easy computer, deciding with `decide`, at the computer's turn. */
async function atComputersTurn(label: string, decide: Decide) {
  const { svc } = harness({}, label);
  const lines: string[] = [];
  const logger = createLogger("warn", { write: (line: string) => void lines.push(line) });
  const computer = new ComputerOpponent(svc, computerSeat, {
    delayMs: 0,
    level: "easy",
    logger,
    decide,
  });
  svc.follow((g) => computer.notice(g));
  let game: GameView = await againstComputer(svc, "long");
  if (game.waitingFor === alice.id)
    for (const action of chooseAction(game.state, { player: "pipcount" })!.actions)
      game = unwrap(await svc.act(game.id, alice.id, action, game.version)).game;
  expect(game.waitingFor).toBe(computerSeat.id);
  return { svc, computer, game, lines };
}

/** Resolves once `ready()` holds, looking after each turn of the event loop. */
async function until(ready: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1_000 && !(await ready()); i++) await new Promise((r) => setImmediate(r));
  expect(await ready()).toBe(true);
}

describe("decisions made apart from the turn (the bot makes them in a worker thread)", () => {
  it("the person resigns while the computer thinks: its turn ends quietly and the game stays resigned", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let asked = 0;
    const { svc, computer, game, lines } = await atComputersTurn(
      "opponent-resign-thinking",
      async (req) => {
        asked++;
        await gate;
        return decideHere(req);
      },
    );
    await until(() => asked === 1);
    const resigned = unwrap(await svc.act(game.id, alice.id, { type: "resign" }, game.version));
    expect(resigned.game.status).toBe("finished");
    release();
    await computer.settled();
    expect(lines).toEqual([]);
    const after = (await svc.getGame(game.id))!;
    expect(after.version).toBe(resigned.game.version);
    expect(after.state.result).toMatchObject({
      winner: resigned.game.state.result!.winner,
      reason: "resign",
    });
  });

  it("a decision that fails is logged and leaves the turn waiting; the next look plays it", async () => {
    let failures = 1;
    const { svc, computer, game, lines } = await atComputersTurn(
      "opponent-decision-fails",
      async (req) => {
        if (failures-- > 0) throw new Error("the thread stopped");
        return decideHere(req);
      },
    );
    await computer.settled();
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["computer turn failed"]);
    expect((await svc.getGame(game.id))!.version).toBe(game.version);
    // The bot's maintenance tick takes up waiting turns.
    await computer.resumeWaiting();
    await computer.settled();
    const played = (await svc.getGame(game.id))!;
    expect(played.version).toBeGreaterThan(game.version);
    expect(played.waitingFor).not.toBe(computerSeat.id);
  });

  it("a decision cut off by the process stopping is no error: the turn waits for the next start", async () => {
    let release = (_: Error) => {};
    let asked = 0;
    const { svc, computer, game, lines } = await atComputersTurn(
      "opponent-stopping",
      () =>
        new Promise((_, reject) => {
          asked++;
          release = reject;
        }),
    );
    await until(() => asked === 1);
    // As the bot's shutdown does: stop the player, then close its thread under it.
    computer.stop();
    release(new Error("the computer thread was closed"));
    await computer.settled();
    expect(lines).toEqual([]);
    expect((await svc.getGame(game.id))!.version).toBe(game.version);
  });
});
