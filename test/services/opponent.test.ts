/**
 * The computer never leaves a turn of its own unplayed: the service may end a turn under its
 * plan (a forced rest played for it, the other side's pass), and it must go on from there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { chooseAction } from "../../src/ai/index.js";
import { GamesRepo } from "../../src/db/index.js";
import type { Variant } from "../../src/engine/index.js";
import { silentLogger } from "../../src/log.js";
import type { PlayerRef } from "../../src/services/index.js";
import { ComputerOpponent } from "../../src/services/opponent.js";
import { alice, CHAT, expectAllGamesReplay, harness, unwrap } from "./helpers.js";

const computerSeat: PlayerRef = { id: 9000, firstName: "Nardy", username: "nardy_bot" };

afterEach(expectAllGamesReplay);

describe("the computer's turns", () => {
  for (const variant of ["short", "long"] as const satisfies readonly Variant[])
    it(`${variant} nardy: after every move of the person's, the game waits for the person or is over`, async () => {
      const { svc, database } = harness({}, `opponent-${variant}`);
      const computer = new ComputerOpponent(svc, computerSeat, {
        // A pause, as in production: the turn runs apart from the change that started it.
        delayMs: 1,
        level: "easy",
        logger: silentLogger,
      });
      svc.onGameChanged((g) => computer.notice(g));
      let games = 0;
      let computerActions = 0;
      for (; games < 3; games++) {
        let game = unwrap(
          svc.playComputer({ challenger: alice, chat: CHAT, variant, locale: "en" }, computerSeat),
        ).game;
        await computer.settled();
        for (let turns = 0; ; turns++) {
          game = svc.getGame(game.id)!;
          if (game.status !== "active") break;
          // Never left waiting for a computer that has stopped thinking.
          expect(game.waitingFor, `game ${game.id} version ${game.version}`).toBe(alice.id);
          expect(turns).toBeLessThan(500);
          const move = chooseAction(game.state, { player: "pipcount" })!;
          const planned = game.state;
          for (const action of move.actions) {
            game = unwrap(svc.act(game.id, alice.id, action, game.version)).game;
            // A forced rest is played for her, as for the computer.
            if (game.state.turnNumber !== planned.turnNumber || game.state.phase !== planned.phase)
              break;
          }
          await computer.settled();
        }
        computerActions += new GamesRepo(database.db)
          .events(game.id)
          .filter((e) => e.actorId === computerSeat.id).length;
      }
      expect(games).toBe(3);
      expect(computerActions).toBeGreaterThan(3 * 10);
    }, 60_000);
});
