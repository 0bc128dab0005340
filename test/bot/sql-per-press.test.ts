/**
 * SQL statements a press on a game's board costs, its board's edit included, over whole games
 * in a group: the game's read, its write, its events (one insert however many steps), the
 * board's read of the game, its edit's share of the chat's budget (written before it goes, for
 * the process after this one), the version it shows, and one more read of the game (the press
 * asks for the board the change asked for already). `SQL_DEBUG=1` prints them.
 */
import { describe, expect } from "vitest";
import { countStatements } from "../../bench/sql-count.js";
import { openDatabase } from "../../src/db/index.js";
import { it } from "./fixtures.js";
import { buttons, GROUP, groupGame, userById } from "./harness.js";

const dataOf = (b: ReturnType<typeof buttons>[number]) =>
  "callback_data" in b ? (b.callback_data ?? "") : "";

describe("SQL statements per press over whole games in a group", () => {
  for (const command of ["/play", "/play short"])
    it(`${command}: a press that leaves the game going costs 7 statements at most`, async ({
      harness,
    }) => {
      const database = openDatabase(":memory:");
      const statements = countStatements(database.sqlite);
      const h = await harness({ database });
      const { gameId, board } = await groupGame(h, command);
      const spent: number[] = [];
      let seed = 7;
      for (let n = 0; ; n++) {
        const game = (await h.service.getGame(gameId))!;
        if (game.status !== "active") break;
        const live = h.tg.message(GROUP, board.messageId)!;
        const choices = buttons(live).filter((b) => !/Drop|Claim/.test(b.text));
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const data = dataOf(choices[seed % choices.length]!);
        const before = statements().queries;
        await h.pressData(userById(game.waitingFor!), live, data);
        const count = statements().queries - before;
        // The press that ends the game also records its result: a cost of its own.
        if ((await h.service.getGame(gameId))!.status === "active") spent.push(count);
        if (n > 3000) throw new Error("the game does not end");
      }
      if (process.env.SQL_DEBUG) console.log(command, spent.length, "presses", spent.join(" "));
      expect(spent.length).toBeGreaterThan(40);
      expect(Math.max(...spent)).toBeLessThanOrEqual(7);
    }, 60_000);
});
