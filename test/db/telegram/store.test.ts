import { expect } from "vitest";
import { TelegramStore } from "../../../src/db/telegram/store.js";
import { onEachDatabase } from "../../helpers/databases.js";
import { alice, bob, CHAT, Clock, seedSource, unwrap } from "../../services/helpers.js";
import { StartingService } from "../../services/starting.js";

onEachDatabase("the Telegram front end's store", (it) => {
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
