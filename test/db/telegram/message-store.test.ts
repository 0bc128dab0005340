import { expect } from "vitest";
import { MessageStore } from "../../../src/db/telegram/message-store.js";
import { TournamentMessageStore } from "../../../src/db/telegram/tournament-messages.js";
import { defaultRules } from "../../../src/engine/index.js";
import { type PlayerRef, TournamentService } from "../../../src/services/index.js";
import {
  alice,
  bob,
  CHAT,
  Clock,
  carol,
  HOUR,
  seedSource,
  unwrap,
} from "../../services/helpers.js";

const dave: PlayerRef = { id: 404, firstName: "Dave" };
const erin: PlayerRef = { id: 505, firstName: "Erin" };

import { onEachDatabase, type TestDatabase } from "../../helpers/databases.js";
import { StartingService } from "../../services/starting.js";

/** The service with the Telegram front end's store as its port, as createApp builds them. */
function fixture(database: TestDatabase) {
  const clock = new Clock();
  const messages = new MessageStore(database.db);
  const svc = new StartingService(
    database.db,
    { now: clock.now, newSeed: seedSource("store") },
    messages,
  );
  return { svc, messages, clock, database };
}

onEachDatabase("where the bot shows games and challenges", (it) => {
  it("keeps a challenge's card, and a new game's board answers it in its chat", async ({
    database,
  }) => {
    const { svc, messages } = fixture(database);
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    expect(c.message).toBeNull();
    const ref = { kind: "chat", chatId: CHAT.id, messageId: 77 } as const;
    await messages.setChallengeMessage(c.id, ref);
    expect((await svc.getChallenge(c.id))!.message).toEqual(ref);
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    // The board is a message of its own, the one the game started in.
    expect(game.message).toMatchObject({ kind: "chat", chatId: CHAT.id });
    expect(await messages.gameMessage(game.id)).toEqual(game.message);
    expect(await messages.replyTargetOf(game)).toBe(77);
    expect(await messages.acceptedCardsLeftOpen()).toEqual([
      { challengeId: c.id, gameId: game.id },
    ]);
    await messages.markCardClosed(c.id);
    expect(await messages.acceptedCardsLeftOpen()).toEqual([]);
    expect(await messages.cardClosed(c.id)).toBe(true);
  });

  it("moves a game's board, and finds an inline message's newest game and challenge", async ({
    database,
  }) => {
    const { svc, messages } = fixture(database);
    const inline = { kind: "inline", inlineMessageId: "AAQ-xyz" } as const;
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, variant: "short", message: inline }),
    );
    expect(await messages.challengeInInlineMessage("AAQ-xyz")).toBe(c.id);
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    expect([game.chatId, game.message]).toEqual([null, inline]);
    expect(await messages.gameInInlineMessage("AAQ-xyz")).toBe(game.id);
    expect(await messages.gameInInlineMessage("other")).toBeNull();
    const moved = { kind: "chat", chatId: -77, messageId: 9 } as const;
    await messages.setGameMessage(game.id, moved);
    expect((await svc.getGame(game.id))!.message).toEqual(moved);
    expect(await messages.gameInInlineMessage("AAQ-xyz")).toBeNull();
  });

  it("finds boards behind their game: never shown, an older version, another status", async ({
    database,
  }) => {
    const { svc, messages } = fixture(database);
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    await messages.setGameMessage(game.id, { kind: "chat", chatId: CHAT.id, messageId: 5 });
    expect(await messages.gamesBehindBoard()).toEqual([game.id]);
    await messages.markGameShown(game.id, game.version - 1, false, "active");
    expect(await messages.gamesBehindBoard()).toEqual([game.id]);
    await messages.markGameShown(game.id, game.version, true, "active");
    expect(await messages.gamesBehindBoard()).toEqual([]);
    expect(await messages.boardShown(game.id)).toMatchObject({ shownVersion: game.version });
    // Marked broken, the game keeps its version: its board is behind until it says so.
    await messages.markGameShown(game.id, game.version, false, "broken");
    expect(await messages.gamesBehindBoard()).toEqual([game.id]);
    // Nothing of a chat the bot has lost is to be caught up.
    await messages.setChatLost(CHAT.id, true, 1);
    expect(await messages.gamesBehindBoard()).toEqual([]);
  });

  it("pauses a lost chat's timers until it is back, across a restart", async ({ database }) => {
    const { svc, messages, clock } = fixture(database);
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    unwrap(await svc.acceptChallenge(c.id, bob));
    clock.advance(3 * svc.config.idleMs);
    expect(await svc.gamesToRemind()).toHaveLength(1);
    await messages.setChatLost(CHAT.id, true, clock.now());
    expect(svc.isChatLost(CHAT.id)).toBe(true);
    expect(await svc.gamesToRemind()).toEqual([]);
    expect(await svc.claimableGames()).toEqual([]);
    expect((await MessageStore.open(database.db)).isChatLost(CHAT.id)).toBe(true);
    await messages.setChatLost(CHAT.id, false, clock.now());
    expect(await svc.gamesToRemind()).toHaveLength(1);
    expect((await MessageStore.open(database.db)).isChatLost(CHAT.id)).toBe(false);
  });

  it("keeps a tournament's messages and finds those behind", async ({ database }) => {
    const tournamentMessages = new TournamentMessageStore(database.db);
    await database.db.run(async (db, { players, chats, tournaments }) => {
      await db.insert(players).values({ id: 1, firstName: "A", createdAt: 0, updatedAt: 0 });
      await db.insert(chats).values({ id: -5, createdAt: 0, updatedAt: 0 });
      await db.insert(tournaments).values({
        id: 1,
        chatId: -5,
        organiserId: 1,
        variant: "long",
        rules: defaultRules("long"),
        format: "knockout",
        signupEndsAt: 0,
        version: 2,
        createdAt: 0,
        updatedAt: 0,
      });
    });
    expect(await tournamentMessages.of(1)).toEqual({
      messageId: null,
      standingsMessageId: null,
      shownVersion: null,
      locale: null,
    });
    expect(await tournamentMessages.behind()).toEqual([1]);
    await tournamentMessages.set(1, { messageId: 3 });
    await tournamentMessages.set(1, { standingsMessageId: 4, shownVersion: 2 });
    expect(await tournamentMessages.of(1)).toEqual({
      messageId: 3,
      standingsMessageId: 4,
      shownVersion: 2,
      locale: null,
    });
    expect(await tournamentMessages.behind()).toEqual([]);
  });

  it("writes a game in the language of what it began from: its challenge, the game before, its tournament", async ({
    database,
  }) => {
    const { svc, messages } = fixture(database);
    // Made outside writtenIn (a test, a script): no language of its own, the default's.
    const plain = unwrap(
      await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }),
    );
    expect(await messages.challengeLocale(plain.id)).toBeNull();
    const c = await messages.writtenIn("uk", async () =>
      unwrap(await svc.createChallenge({ challenger: carol, chat: CHAT, variant: "long" })),
    );
    expect(await messages.challengeLocale(c.id)).toBe("uk");
    // Outside the call, nothing more is written in it.
    const after = unwrap(await svc.createChallenge({ challenger: bob, variant: "long" }));
    expect(await messages.challengeLocale(after.id)).toBeNull();

    const first = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    expect(await messages.gameLocale(first.id)).toBe("uk");
    unwrap(await svc.act(first.id, first.waitingFor!, { type: "resign" }, first.version));
    const next = unwrap(await svc.rematch(first.id, bob)).game;
    expect(next.previousGameId).toBe(first.id);
    expect(await messages.gameLocale(next.id)).toBe("uk");
    // A later place does not change the language.
    await messages.setGameMessage(next.id, { kind: "chat", chatId: CHAT.id, messageId: 8 });
    await messages.markGameShown(next.id, next.version, false, "active");
    expect(await new MessageStore(database.db).gameLocale(next.id)).toBe("uk");

    const tours = new TournamentService(database.db, svc);
    const t = await messages.writtenIn("ru", async () =>
      unwrap(await tours.create({ organiser: alice, chat: CHAT, variant: "long", signupMs: HOUR })),
    );
    expect((await new TournamentMessageStore(database.db).of(t.id)).locale).toBe("ru");
    unwrap(await tours.join(t.id, dave));
    unwrap(await tours.join(t.id, erin));
    const started = unwrap(await tours.start(t.id, alice));
    const matchGames = started.matches.map((m) => m.liveGameId).filter((id) => id !== null);
    expect(matchGames).not.toHaveLength(0);
    for (const id of matchGames) expect(await messages.gameLocale(id!)).toBe("ru");
  });

  it("keeps in memory only board rows that were committed: a rolled-back place is not seen again", async ({
    database,
  }) => {
    const { svc, messages } = fixture(database);
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    const before = await messages.gameMessage(game.id);
    expect(before).not.toBeNull();
    const moved = { kind: "chat", chatId: CHAT.id, messageId: 501 } as const;
    const rollback = new Error("rolled back");
    await expect(
      database.db.transaction(async (tx) => {
        const inside = messages.within(tx);
        await inside.setGameMessage(game.id, moved);
        expect(await inside.gameMessage(game.id)).toEqual(moved);
        throw rollback;
      }),
    ).rejects.toThrow(rollback);
    expect(await messages.gameMessage(game.id)).toEqual(before);
    // A committed change is read again, not the row kept from before it.
    await messages.setGameMessage(game.id, moved);
    expect(await messages.gameMessage(game.id)).toEqual(moved);
    await messages.markGameShown(game.id, 3, false, "active");
    expect(await messages.boardShown(game.id)).toMatchObject({ shownVersion: 3 });
  });
});
