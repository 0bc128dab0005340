import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/index.js";
import { MessageStore } from "../../../src/db/telegram/message-store.js";
import { TournamentMessageStore } from "../../../src/db/telegram/tournament-messages.js";
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

import { StartingService } from "../../services/starting.js";

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const d of opened.splice(0)) d.close();
});

/** The service with the Telegram front end's store as its port, as createApp builds them. */
function fixture() {
  const database = openDatabase(":memory:");
  opened.push(database);
  const clock = new Clock();
  const messages = new MessageStore(database.db);
  const svc = new StartingService(
    database.db,
    { now: clock.now, newSeed: seedSource("store") },
    messages,
  );
  return { svc, messages, clock, database };
}

describe("where the bot shows games and challenges", () => {
  it("keeps a challenge's card, and a new game's board answers it in its chat", () => {
    const { svc, messages } = fixture();
    const c = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    expect(c.message).toBeNull();
    const ref = { kind: "chat", chatId: CHAT.id, messageId: 77 } as const;
    messages.setChallengeMessage(c.id, ref);
    expect(svc.getChallenge(c.id)!.message).toEqual(ref);
    const game = unwrap(svc.acceptChallenge(c.id, bob)).game;
    // The board is a message of its own, the one the game started in.
    expect(game.message).toMatchObject({ kind: "chat", chatId: CHAT.id });
    expect(messages.gameMessage(game.id)).toEqual(game.message);
    expect(messages.replyTargetOf(game)).toBe(77);
    expect(messages.acceptedCardsLeftOpen()).toEqual([{ challengeId: c.id, gameId: game.id }]);
    messages.markCardClosed(c.id);
    expect(messages.acceptedCardsLeftOpen()).toEqual([]);
    expect(messages.cardClosed(c.id)).toBe(true);
  });

  it("moves a game's board, and finds an inline message's newest game and challenge", () => {
    const { svc, messages } = fixture();
    const inline = { kind: "inline", inlineMessageId: "AAQ-xyz" } as const;
    const c = unwrap(svc.createChallenge({ challenger: alice, variant: "short", message: inline }));
    expect(messages.challengeInInlineMessage("AAQ-xyz")).toBe(c.id);
    const game = unwrap(svc.acceptChallenge(c.id, bob)).game;
    expect([game.chatId, game.message]).toEqual([null, inline]);
    expect(messages.gameInInlineMessage("AAQ-xyz")).toBe(game.id);
    expect(messages.gameInInlineMessage("other")).toBeNull();
    const moved = { kind: "chat", chatId: -77, messageId: 9 } as const;
    messages.setGameMessage(game.id, moved);
    expect(svc.getGame(game.id)!.message).toEqual(moved);
    expect(messages.gameInInlineMessage("AAQ-xyz")).toBeNull();
  });

  it("finds boards behind their game: never shown, an older version, another status", () => {
    const { svc, messages } = fixture();
    const c = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(svc.acceptChallenge(c.id, bob)).game;
    messages.setGameMessage(game.id, { kind: "chat", chatId: CHAT.id, messageId: 5 });
    expect(messages.gamesBehindBoard()).toEqual([game.id]);
    messages.markGameShown(game.id, game.version - 1, false, "active");
    expect(messages.gamesBehindBoard()).toEqual([game.id]);
    messages.markGameShown(game.id, game.version, true, "active");
    expect(messages.gamesBehindBoard()).toEqual([]);
    expect(messages.boardShown(game.id)).toMatchObject({ shownVersion: game.version });
    // Marked broken, the game keeps its version: its board is behind until it says so.
    messages.markGameShown(game.id, game.version, false, "broken");
    expect(messages.gamesBehindBoard()).toEqual([game.id]);
    // Nothing of a chat the bot has lost is to be caught up.
    messages.setChatLost(CHAT.id, true, 1);
    expect(messages.gamesBehindBoard()).toEqual([]);
  });

  it("pauses a lost chat's timers until it is back, across a restart", () => {
    const { svc, messages, database, clock } = fixture();
    const c = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    unwrap(svc.acceptChallenge(c.id, bob));
    clock.advance(3 * svc.config.idleMs);
    expect(svc.gamesToRemind()).toHaveLength(1);
    messages.setChatLost(CHAT.id, true, clock.now());
    expect(svc.isChatLost(CHAT.id)).toBe(true);
    expect(svc.gamesToRemind()).toEqual([]);
    expect(svc.claimableGames()).toEqual([]);
    expect(new MessageStore(database.db).isChatLost(CHAT.id)).toBe(true);
    messages.setChatLost(CHAT.id, false, clock.now());
    expect(svc.gamesToRemind()).toHaveLength(1);
    expect(new MessageStore(database.db).isChatLost(CHAT.id)).toBe(false);
  });

  it("keeps a tournament's messages and finds those behind", () => {
    const { database } = fixture();
    const tournamentMessages = new TournamentMessageStore(database.db);
    database.sqlite.exec(
      `insert into players (id, first_name, created_at, updated_at) values (1, 'A', 0, 0);
       insert into chats (id, created_at, updated_at) values (-5, 0, 0);
       insert into tournaments (id, chat_id, organiser_id, variant, rules, format,
         signup_ends_at, version, created_at, updated_at)
       values (1, -5, 1, 'long', '{}', 'knockout', 0, 2, 0, 0)`,
    );
    expect(tournamentMessages.of(1)).toEqual({
      messageId: null,
      standingsMessageId: null,
      shownVersion: null,
      locale: null,
    });
    expect(tournamentMessages.behind()).toEqual([1]);
    tournamentMessages.set(1, { messageId: 3 });
    tournamentMessages.set(1, { standingsMessageId: 4, shownVersion: 2 });
    expect(tournamentMessages.of(1)).toEqual({
      messageId: 3,
      standingsMessageId: 4,
      shownVersion: 2,
      locale: null,
    });
    expect(tournamentMessages.behind()).toEqual([]);
  });

  it("writes a game in the language of what it began from: its challenge, the game before, its tournament", () => {
    const { svc, messages, database } = fixture();
    // Made outside writtenIn (a test, a script): no language of its own, the default's.
    const plain = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    expect(messages.challengeLocale(plain.id)).toBeNull();
    const c = messages.writtenIn("uk", () =>
      unwrap(svc.createChallenge({ challenger: carol, chat: CHAT, variant: "long" })),
    );
    expect(messages.challengeLocale(c.id)).toBe("uk");
    // Outside the call, nothing more is written in it.
    const after = unwrap(svc.createChallenge({ challenger: bob, variant: "long" }));
    expect(messages.challengeLocale(after.id)).toBeNull();

    const first = unwrap(svc.acceptChallenge(c.id, bob)).game;
    expect(messages.gameLocale(first.id)).toBe("uk");
    unwrap(svc.act(first.id, first.waitingFor!, { type: "resign" }, first.version));
    const next = unwrap(svc.rematch(first.id, bob)).game;
    expect(next.previousGameId).toBe(first.id);
    expect(messages.gameLocale(next.id)).toBe("uk");
    // A later place does not change the language.
    messages.setGameMessage(next.id, { kind: "chat", chatId: CHAT.id, messageId: 8 });
    messages.markGameShown(next.id, next.version, false, "active");
    expect(new MessageStore(database.db).gameLocale(next.id)).toBe("uk");

    const tours = new TournamentService(database.db, svc);
    const t = messages.writtenIn("ru", () =>
      unwrap(tours.create({ organiser: alice, chat: CHAT, variant: "long", signupMs: HOUR })),
    );
    expect(new TournamentMessageStore(database.db).of(t.id).locale).toBe("ru");
    unwrap(tours.join(t.id, dave));
    unwrap(tours.join(t.id, erin));
    const started = unwrap(tours.start(t.id, alice));
    const matchGames = started.matches.map((m) => m.liveGameId).filter((id) => id !== null);
    expect(matchGames).not.toHaveLength(0);
    for (const id of matchGames) expect(messages.gameLocale(id!)).toBe("ru");
  });

  it("keeps in memory only board rows that were committed: a rolled-back place is not seen again", () => {
    const { svc, messages, database } = fixture();
    const c = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(svc.acceptChallenge(c.id, bob)).game;
    const before = messages.gameMessage(game.id);
    expect(before).not.toBeNull();
    const moved = { kind: "chat", chatId: CHAT.id, messageId: 501 } as const;
    const rollback = new Error("rolled back");
    expect(() =>
      database.db.transaction(() => {
        messages.setGameMessage(game.id, moved);
        expect(messages.gameMessage(game.id)).toEqual(moved);
        throw rollback;
      }),
    ).toThrow(rollback);
    expect(messages.gameMessage(game.id)).toEqual(before);
    // A committed change is read again, not the row kept from before it.
    messages.setGameMessage(game.id, moved);
    expect(messages.gameMessage(game.id)).toEqual(moved);
    messages.markGameShown(game.id, 3, false, "active");
    expect(messages.boardShown(game.id)).toMatchObject({ shownVersion: 3 });
  });
});
