import { expect } from "vitest";
import { TelegramStore } from "../../../src/db/telegram/store.js";
import { onEachDatabase } from "../../helpers/databases.js";
import { alice, bob, CHAT, Clock, seedSource, unwrap } from "../../services/helpers.js";
import { StartingService } from "../../services/starting.js";

onEachDatabase("the Telegram front end's store", (it) => {
  it("replaces the saved spends, in chunks past one statement's values, and reads them from a time on", async ({
    database,
  }) => {
    const store = new TelegramStore(database.db);
    await store.saveSpends([{ lane: "chat:-5", at: 10 }]);
    // More than one insert holds (500 a statement): all of them land, the old one is gone.
    const many = Array.from({ length: 1_234 }, (_, i) => ({ lane: `chat:${i % 7}`, at: 100 + i }));
    await store.saveSpends(many);
    const read = await store.spendsSince(0);
    expect(read).toHaveLength(many.length);
    expect(read.some((s) => s.lane === "chat:-5")).toBe(false);
    expect(await store.spendsSince(100 + 1_200)).toHaveLength(34);
  });

  it("keeps each player's private board of a game, and what it last showed", async ({
    database,
  }) => {
    const clock = new Clock();
    const store = await TelegramStore.open(database.db);
    const svc = new StartingService(
      database.db,
      { now: clock.now, newSeed: seedSource("private") },
      store.messages,
    );
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    expect(await store.privateBoards(game.id)).toEqual([]);
    await store.setPrivateBoard(game.id, alice.id, 40, 1);
    await store.setPrivateBoard(game.id, bob.id, 41, 1);
    await store.markPrivateShown(game.id, alice.id, 3, 2);
    expect(await store.privateBoard(game.id, alice.id)).toMatchObject({
      messageId: 40,
      shownVersion: 3,
    });
    // A new message for the board shows nothing known yet.
    await store.setPrivateBoard(game.id, alice.id, 42, 3);
    expect(await store.privateBoard(game.id, alice.id)).toMatchObject({
      messageId: 42,
      shownVersion: null,
    });
    // What the memory holds is what a fresh store reads.
    const fresh = new TelegramStore(database.db);
    expect(await fresh.privateBoards(game.id)).toEqual(await store.privateBoards(game.id));
    expect(await fresh.privateBoard(game.id, bob.id)).toMatchObject({ messageId: 41 });
  });
});
