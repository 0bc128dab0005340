import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { openDatabase } from "../../src/db/index.js";
import type { TournamentMessages } from "../../src/db/telegram/tournament-messages.js";
import type { StandingsPicture } from "../../src/render/standings-view.js";
import { GameService, type GameView, type TournamentView } from "../../src/services/index.js";
import { longNamed } from "../helpers/long-names.js";
import { FULL_SAMPLES } from "../helpers/samples.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, inProcessApi, USERS } from "./harness.js";

const HOUR = 3_600_000;
const more = (id: number, name: string): User => ({
  id,
  is_bot: false,
  first_name: name,
  username: name.toLowerCase(),
  language_code: "en",
});
const PEOPLE: User[] = [
  USERS.alice,
  USERS.bob,
  USERS.carol,
  USERS.olga,
  USERS.taras,
  more(77, "Dave"),
  more(88, "Erin"),
  more(99, "Frank"),
];
const userById = (id: number) => PEOPLE.find((u) => u.id === id)!;

/** The group's tournament, with its messages as the front end's store has them. */
const tournamentIn = async (h: Harness): Promise<TournamentView & TournamentMessages> => {
  const t = (await h.parts.deps.tournaments.inChat(GROUP))!;
  return { ...t, ...(await h.parts.deps.tournamentMessages.of(t.id)) };
};

const message = (h: Harness, id: number | null): StoredMessage => {
  const m = id === null ? undefined : h.tg.message(GROUP, id);
  if (!m) throw new Error(`message ${id} not in the group`);
  return m;
};

/** What the standings message shows now, read back from the stand-in picture. */
async function picture(h: Harness): Promise<StandingsPicture> {
  const photo = message(h, (await tournamentIn(h)).standingsMessageId).photo;
  if (!Buffer.isBuffer(photo)) throw new Error("the standings are not an uploaded picture");
  return JSON.parse(photo.toString().replace(/^STANDINGS:/, "")) as StandingsPicture;
}

/** The tournament's games in play now. */
async function liveGames(h: Harness): Promise<GameView[]> {
  const live = (await tournamentIn(h)).matches.filter((m) => m.liveGameId !== null);
  return Promise.all(live.map(async (m) => (await h.service.getGame(m.liveGameId!))!));
}

const COMMITMENT = /first game \(SHA-256\): <code>([0-9a-f]{64})<\/code>/;

/**
 * Alice opens sign-up; everyone else in `people` presses Join; Alice presses Start. Returns
 * the dice commitment the card showed before anyone joined.
 */
async function signUpAndStart(h: Harness, command: string, people: User[]): Promise<string> {
  await h.send(USERS.alice, command);
  const card = h.lastMessage();
  expect(card.text).toMatch(/Tournament/);
  const commitment = COMMITMENT.exec(card.text!)?.[1];
  if (!commitment) throw new Error(`no dice commitment on the card: ${card.text}`);
  for (const who of people.slice(1)) await h.press(who, card, buttonNamed(card, /Join/));
  expect(message(h, card.messageId).text).toContain(`Players (${people.length})`);
  await h.press(USERS.bob, card, buttonNamed(card, /Start/));
  expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(/organiser/);
  await h.press(USERS.alice, card, buttonNamed(card, /Start/));
  expect((await tournamentIn(h)).status).toBe("running");
  expect(message(h, card.messageId).keyboard).toEqual([]);
  return commitment;
}

/** The loser sends /resign and confirms on the question the bot asks. */
async function resign(h: Harness, game: GameView, loser: number): Promise<void> {
  const user = userById(loser);
  await h.send(user, "/resign");
  const question = h.lastMessage();
  const yes = buttons(question).find((b) =>
    /^r:\d+:\d+:\d+:0$/.test((b as { callback_data?: string }).callback_data ?? ""),
  );
  if (!yes) throw new Error(`no resign button in ${question.text}`);
  await h.press(user, question, yes);
  expect((await h.service.getGame(game.id))!.status).toBe("finished");
}

/** Plays a game to its end by pressing the board's own buttons as the player it waits for. */
async function playOut(h: Harness, game: GameView): Promise<void> {
  let seed = 11;
  for (let presses = 0; ; presses++) {
    const now = (await h.service.getGame(game.id))!;
    if (now.status !== "active") return;
    const board = message(h, now.message?.kind === "chat" ? now.message.messageId : null);
    const choices = buttons(board).filter((b) => !/Claim/.test(b.text));
    seed = (seed * 1103515245 + 12345) % 2147483648;
    await h.press(userById(now.waitingFor!), board, choices[seed % choices.length]!);
    if (presses > 3000) throw new Error("the game does not end");
  }
}

/** Wins, losses and points per player, from the finished games themselves. */
function tallyGames(h: Harness, tournamentId: number) {
  const tally = new Map<number, { wins: number; losses: number; for: number; against: number }>();
  const row = (id: number) => {
    const r = tally.get(id) ?? { wins: 0, losses: 0, for: 0, against: 0 };
    tally.set(id, r);
    return r;
  };
  const db = h.database.sqlite;
  const games = db
    .prepare(
      `select g.winner_id as winner, g.white_id as white, g.black_id as black, g.points as points
       from games g join series s on s.id = g.series_id
       where s.tournament_id = ? and g.status = 'finished'`,
    )
    .all(tournamentId) as { winner: number; white: number; black: number; points: number }[];
  for (const g of games) {
    const loser = g.winner === g.white ? g.black : g.white;
    row(g.winner).wins++;
    row(g.winner).for += g.points;
    row(loser).losses++;
    row(loser).against += g.points;
  }
  return { tally, games: games.length };
}

describe("a round robin of five, played through the bot", () => {
  it("everyone meets everyone once; the table and the final message follow the games", async ({
    harness,
  }) => {
    const h = await harness();
    const five = PEOPLE.slice(0, 5);
    const commitment = await signUpAndStart(h, "/tournament", five);
    const t0 = await tournamentIn(h);
    expect(t0.format).toBe("round-robin");
    // Five players: two pairings at a time, one player resting.
    expect(await liveGames(h)).toHaveLength(2);
    const first = await picture(h);
    expect(first.kind).toBe("table");
    // Nobody pressed to start these games: their dice's second part is both players' own
    // entries (Alice's command, the others' Join presses), and names neither player.
    for (const g of await liveGames(h)) {
      expect(g.diceSalt).toMatch(/^entry:(\d+:\d+|p\d+):p\d+$|^entry:p\d+:(\d+:\d+|p\d+)$/);
      // A press's part only: the upper half of Telegram's id for it is the presser's id.
      for (const [, n] of g.diceSalt!.matchAll(/p(\d+)/g)) expect(Number(n)).toBeLessThan(2 ** 32);
    }
    // The standings show the same commitment while it is played.
    const running = message(h, t0.standingsMessageId).caption!;
    expect(COMMITMENT.exec(running)?.[1]).toBe(commitment);

    let played = 0;
    for (let guard = 0; (await tournamentIn(h)).status === "running"; guard++) {
      const [game] = await liveGames(h);
      if (!game || guard > 40) throw new Error("the tournament does not move on");
      // Nobody is ever in two tournament games at once.
      const busy = (await liveGames(h)).flatMap((g) => [g.white.id, g.black.id]);
      expect(new Set(busy).size).toBe(busy.length);
      // The slow suite plays the first game out move by move; the rest are resigned.
      if (played === 0 && FULL_SAMPLES) await playOut(h, game);
      else await resign(h, game, played % 3 === 0 ? game.white.id : game.black.id);
      played++;
    }
    expect(played).toBe(10);

    const t = await tournamentIn(h);
    expect(t.status).toBe("finished");
    const pairs = new Set(t.matches.map((m) => [m.a.id, m.b.id].sort().join("-")));
    expect(pairs.size).toBe(10);
    const { tally, games } = tallyGames(h, t.id);
    expect(games).toBe(10);
    const table = await picture(h);
    if (table.kind !== "table") throw new Error("not a table");
    expect(table.rows).toHaveLength(5);
    for (const [i, r] of table.rows.entries()) {
      const who = PEOPLE.find((p) => p.first_name === r.name)!;
      const expected = tally.get(who.id) ?? { wins: 0, losses: 0, for: 0, against: 0 };
      expect(r).toMatchObject({
        place: i + 1,
        played: 4,
        wins: expected.wins,
        losses: expected.losses,
        pointsFor: expected.for,
        pointsAgainst: expected.against,
      });
      if (i > 0) expect(r.wins).toBeLessThanOrEqual(table.rows[i - 1]!.wins);
    }
    // Once no game of it is in play, its standings show the seed the commitment was of.
    const caption = message(h, t.standingsMessageId).caption!;
    const seed = /first game: <code>([0-9a-f]{64})<\/code>/.exec(caption)?.[1];
    expect(createHash("sha256").update(Buffer.from(seed!, "hex")).digest("hex")).toBe(commitment);
    const winner = userById(t.winnerId!);
    expect(table.rows[0]!.name).toBe(winner.first_name);
    expect(table.rows[0]!.highlight).toBe(true);
    const final = h.lastMessage();
    expect(final.text).toContain(`${winner.first_name}</a> wins the tournament`);
    for (const [i, r] of table.rows.entries()) expect(final.text).toContain(`${i + 1}. ${r.name}`);

    // The results count as ordinary games, and /top names the champion.
    await h.send(USERS.bob, "/top");
    expect(h.lastMessage().text).toContain(`Tournaments won: ${winner.first_name} 1`);
    await h.send(USERS.bob, "/score");
    // Ten matches, each its own series, marked as the tournament's.
    expect(
      h
        .lastMessage()
        .text!.split("\n")
        .filter((l) => l.endsWith(" · 🏆")),
    ).toHaveLength(10);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a knock-out of eight, with a forfeit and a restart", () => {
  it("plays to a champion across a restart; the silent player's match is forfeited", async ({
    harness,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-tour-")), "bot.sqlite");
    let now = Date.UTC(2026, 10, 1, 12);
    const clock = () => now;
    const tg = inProcessApi({ now: clock });
    const env = { IDLE_HOURS: "1" };
    let h = await harness({ path: file, tg, now: clock, env });
    await signUpAndStart(h, "/tournament ko", PEOPLE);
    expect((await tournamentIn(h)).format).toBe("knockout");
    expect(await liveGames(h)).toHaveLength(4);
    const bracket0 = await picture(h);
    if (bracket0.kind !== "bracket") throw new Error("not a bracket");
    expect(bracket0.rounds.map((r) => r.matches.length)).toEqual([4, 2, 1]);

    // Round one: two games resigned, one claimed from a silent player.
    const [g1, g2, g3, g4] = await liveGames(h);
    await resign(h, g1!, g1!.white.id);
    await resign(h, g2!, g2!.black.id);
    now += 2 * HOUR + 60_000;
    await h.tick(now);
    const silent = (await h.service.getGame(g3!.id))!;
    const claimer = userById(
      silent.waitingFor === silent.white.id ? silent.black.id : silent.white.id,
    );
    const board3 = message(h, silent.message?.kind === "chat" ? silent.message.messageId : null);
    await h.press(claimer, board3, buttonNamed(board3, /Claim/));
    expect((await h.service.getGame(g3!.id))!.state.result?.reason).toBe("timeout");
    const forfeited = (await tournamentIn(h)).matches.find((m) => m.forfeit);
    expect(forfeited?.winnerId).toBe(claimer.id);
    // The two decided pairs on the top half meet in a semi-final as soon as both are free.
    expect(await liveGames(h)).toHaveLength(2);
    const standingsId = (await tournamentIn(h)).standingsMessageId;

    // The bot stops; meanwhile the last first-round game ends without it (another process).
    await h.close();
    const down = openDatabase(file);
    const bare = new GameService(down.db, memoryFrontEnd(), { now: clock });
    const g4now = (await bare.getGame(g4!.id))!;
    expect((await bare.act(g4!.id, g4now.white.id, { type: "resign" }, g4now.version)).ok).toBe(
      true,
    );
    down.close();

    h = await harness({ path: file, tg, now: clock, env });
    await h.tick(now);
    expect((await tournamentIn(h)).standingsMessageId).toBe(standingsId);
    expect(await liveGames(h)).toHaveLength(2);
    for (let guard = 0; (await tournamentIn(h)).status === "running"; guard++) {
      const [game] = await liveGames(h);
      if (!game || guard > 10) throw new Error("the tournament does not move on");
      await resign(h, game, game.black.id);
    }

    const t = await tournamentIn(h);
    expect(t.status).toBe("finished");
    expect(t.matches).toHaveLength(7);
    const bracket = await picture(h);
    if (bracket.kind !== "bracket") throw new Error("not a bracket");
    const final = bracket.rounds.at(-1)!.matches[0]!;
    const champion = userById(t.winnerId!);
    expect([final.a, final.b].find((s) => s?.won)?.name).toBe(champion.first_name);
    expect(bracket.rounds[0]!.matches.flatMap((m) => [m.a?.score, m.b?.score])).toContain("w/o");
    // Every match's winner is the winner of its last game.
    for (const m of t.matches) {
      const last = h.database.sqlite
        .prepare(
          `select g.winner_id as w from games g join tournament_matches m on m.series_id = g.series_id
           where m.id = ? order by g.id desc limit 1`,
        )
        .get(m.id) as { w: number };
      expect(m.winnerId).toBe(last.w);
    }
    const places = t.places.map((p) => p.place).sort((a, b) => a - b);
    expect(places).toEqual([1, 2, 3, 3, 5, 5, 5, 5]);
    expect(h.lastMessage().text).toContain(`${champion.first_name}</a> wins the tournament`);
    expect(tg.problems()).toEqual([]);
  });
});

describe("tournament seams", () => {
  it("/new sets one up with custom rules; a Russian organiser gets Russian texts", async ({
    harness,
  }) => {
    const h = await harness();
    await h.send(USERS.olga, "/new");
    const dialog = h.lastMessage();
    const step = async (label: string | RegExp) => {
      const live = message(h, dialog.messageId);
      await h.press(USERS.olga, live, buttonNamed(live, label));
    };
    await step("короткие нарды");
    await step(/своим правилам|свои правила|Свои/i);
    await step(/жребий|Жребий/);
    await step("Без кубика удвоения");
    await step(/проигравш|Проигравш/);
    await step("До 3 очков");
    await step("⚡ Блиц");
    await step(/Турнир/);
    await step(/олимпийка/);
    expect(message(h, dialog.messageId).text).toMatch(/Запись на турнир открыта/);
    const t = await tournamentIn(h);
    expect(t).toMatchObject({ variant: "short", format: "knockout", locale: "ru" });
    expect(t.rules).toMatchObject({ cube: false, match: { kind: "points", to: 3 } });
    const card = message(h, t.messageId);
    expect(card.text).toContain("Турнир");
    expect(card.text).toContain("до 3 очков");
    // Short nardy's blitz: 8 s a move and 20 s a point, so a minute for a match to 3.
    expect(card.text).toContain("⏱ Часы: блиц, 8 с на ход + 1:00 в запасе");
    expect(buttons(card).map((b) => b.text)).toContain("✋ Участвую");
    expect(buttons(card).map((b) => b.text)).toContain("⏱ Часы: блиц");
    expect(h.tg.problems()).toEqual([]);
  });

  it("in private it points to groups; /tournament again shows it anew; old presses are answered", async ({
    harness,
  }) => {
    const h = await harness();
    await h.send(USERS.alice, "/tournament", { chatId: USERS.alice.id });
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/played in groups/);
    await h.send(USERS.alice, "/tournament long nonsense");
    expect(h.lastMessage().text).toMatch(/I don't know "nonsense"/);
    await h.send(USERS.alice, "/tournament 3p");
    const card = h.lastMessage();
    expect(card.text).toContain("to 3 points");
    await h.press(USERS.alice, card, buttonNamed(card, /Sign-up time/));
    await h.press(USERS.bob, card, buttonNamed(card, /round robin/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(/organiser/);
    await h.press(USERS.alice, card, buttonNamed(card, /round robin/));
    expect(message(h, card.messageId).text).toContain("Format: knock-out");
    // The first card as a chat app may still show it after the card is posted again.
    const stale = structuredClone(message(h, card.messageId));
    await h.send(USERS.bob, "/tournament");
    const again = h.lastMessage();
    expect(again.messageId).not.toBe(card.messageId);
    expect(again.text).toContain("Format: knock-out");
    // Only the new card has buttons.
    expect(message(h, card.messageId).keyboard).toEqual([]);
    await h.press(USERS.alice, again, buttonNamed(again, /Cancel tournament/));
    expect((await tournamentIn(h)).status).toBe("cancelled");
    expect(message(h, again.messageId).text).toMatch(/cancelled/);
    // A press on the first card, long after: answered, nothing changes.
    await h.press(USERS.carol, stale, buttonNamed(stale, /Join/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(/no longer active/);
    expect((await tournamentIn(h)).entrants).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("the organiser cancels in play and drops the games: their boards say so", async ({
    harness,
  }) => {
    const h = await harness();
    await signUpAndStart(h, "/tournament", PEOPLE.slice(0, 4));
    const live = await liveGames(h);
    expect(live).toHaveLength(2);
    const standings = message(h, (await tournamentIn(h)).standingsMessageId);
    await h.press(USERS.bob, standings, buttonNamed(standings, /Cancel tournament/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(/organiser/);
    await h.press(USERS.alice, standings, buttonNamed(standings, /Cancel tournament/));
    const asking = message(h, standings.messageId);
    await h.press(USERS.alice, asking, buttonNamed(asking, /Back/));
    expect(buttons(message(h, standings.messageId)).map((b) => b.text)).toEqual([
      "✖️ Cancel tournament",
    ]);
    await h.press(USERS.alice, asking, buttonNamed(asking, /Cancel tournament/));
    await h.press(USERS.alice, asking, buttonNamed(message(h, standings.messageId), /Drop games/));
    expect((await tournamentIn(h)).status).toBe("cancelled");
    for (const g of live) {
      const board = message(h, g.message?.kind === "chat" ? g.message.messageId : null);
      expect(board.caption).toMatch(/dropped when its tournament was cancelled/);
      expect(board.keyboard).toEqual([]);
    }
    expect(h.lastMessage().text).toMatch(/tournament was cancelled/);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("32 entrants with the longest names", () => {
  it("the card, the standings' caption and the boards all go through, the lists cut to fit", async ({
    harness,
  }) => {
    const h = await harness();
    const crowd: User[] = Array.from({ length: 31 }, (_, i) => {
      const { id, firstName, lastName } = longNamed(i);
      return {
        id,
        is_bot: false,
        first_name: firstName,
        last_name: lastName!,
        language_code: "en",
      };
    });
    await signUpAndStart(h, "/tournament", [USERS.alice, ...crowd]);
    const t = await tournamentIn(h);
    expect(t.entrants).toHaveLength(32);
    const caption = message(h, t.standingsMessageId).caption!;
    expect(caption).toMatch(/Playing now: .*…and \d+ more/);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("the sign-up card", () => {
  it("counts its minutes down in five-minute steps, with at most one edit a step", async ({
    harness,
  }) => {
    let now = Date.UTC(2026, 10, 1, 12);
    const clock = () => now;
    const h = await harness({ tg: inProcessApi({ now: clock }), now: clock });
    await h.send(USERS.alice, "/tournament 30m");
    const card = h.lastMessage();
    expect(card.text).toContain("closes within 30 min");
    const edits = () =>
      h.tg.callsOf("editMessageText").filter((c) => c.payload.message_id === card.messageId);
    const before = edits().length;
    now += 4 * 60_000;
    await h.tick(now);
    expect(edits()).toHaveLength(before);
    now += 3 * 60_000 + 1000;
    await h.tick(now);
    expect(message(h, card.messageId).text).toContain("closes within 25 min");
    const after = edits().length;
    for (let minute = 0; minute < 2; minute++) {
      now += 60_000;
      await h.tick(now);
    }
    expect(edits()).toHaveLength(after);
    now += 60_000;
    await h.tick(now);
    expect(message(h, card.messageId).text).toContain("closes within 20 min");
    expect(edits()).toHaveLength(after + 1);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("calling a tournament off", () => {
  it("a group admin may, in sign-up and in play; another member may not", async ({ harness }) => {
    const h = await harness();
    h.tg.makeAdmin(USERS.carol.id, GROUP);
    await h.send(USERS.alice, "/tournament");
    const card = h.lastMessage();
    await h.press(USERS.bob, card, buttonNamed(card, /Cancel tournament/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(
      /organiser or an admin/,
    );
    expect((await tournamentIn(h)).status).toBe("signup");
    await h.press(USERS.carol, card, buttonNamed(card, /Cancel tournament/));
    expect((await tournamentIn(h)).status).toBe("cancelled");

    await signUpAndStart(h, "/tournament", PEOPLE.slice(0, 4));
    const standings = message(h, (await tournamentIn(h)).standingsMessageId);
    await h.press(USERS.bob, standings, buttonNamed(standings, /Cancel tournament/));
    expect(buttons(message(h, standings.messageId)).map((b) => b.text)).toEqual([
      "✖️ Cancel tournament",
    ]);
    await h.press(USERS.carol, standings, buttonNamed(standings, /Cancel tournament/));
    const asking = message(h, standings.messageId);
    await h.press(USERS.bob, asking, buttonNamed(asking, /Drop games/));
    expect((await tournamentIn(h)).status).toBe("running");
    await h.press(USERS.carol, asking, buttonNamed(asking, /Drop games/));
    expect((await tournamentIn(h)).status).toBe("cancelled");
    // Telegram was asked about the others only, and only when they tried to call it off.
    const asked = h.tg.callsOf("getChatMember").map((c) => Number(c.payload.user_id));
    expect(new Set(asked)).toEqual(new Set([USERS.bob.id, USERS.carol.id]));
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("the standings shown again", () => {
  it("/tournament in play posts the standings anew; the old picture loses its buttons", async ({
    harness,
  }) => {
    const h = await harness();
    await signUpAndStart(h, "/tournament", PEOPLE.slice(0, 4));
    const old = (await tournamentIn(h)).standingsMessageId;
    await h.send(USERS.carol, "/tournament");
    const now = (await tournamentIn(h)).standingsMessageId;
    expect(now).not.toBe(old);
    expect(h.lastMessage().messageId).toBe(now);
    expect(h.lastMessage().photo).not.toBeNull();
    expect(message(h, old).keyboard).toEqual([]);
    expect(buttons(message(h, now)).map((b) => b.text)).toEqual(["✖️ Cancel tournament"]);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("tournament cancelled with its games let finish", () => {
  it("the games in play go on to their end and count; nothing new opens", async ({ harness }) => {
    const h = await harness();
    await signUpAndStart(h, "/tournament", PEOPLE.slice(0, 4));
    const [first, second] = await liveGames(h);
    const standings = message(h, (await tournamentIn(h)).standingsMessageId);
    await h.press(USERS.alice, standings, buttonNamed(standings, /Cancel tournament/));
    const asking = message(h, standings.messageId);
    await h.press(USERS.alice, asking, buttonNamed(asking, /Let games finish/));
    expect((await tournamentIn(h)).status).toBe("cancelled");
    expect(h.lastMessage().text).toMatch(/games already finished still count/);
    // The boards still play; a finished one opens no next pairing.
    await resign(h, first!, first!.white.id);
    expect((await h.service.getGame(second!.id))!.status).toBe("active");
    await resign(h, second!, second!.black.id);
    const t = await tournamentIn(h);
    expect(t.matches).toHaveLength(2);
    expect(t.matches.every((m) => m.status === "done")).toBe(true);
    expect(message(h, t.standingsMessageId).keyboard).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a tournament's buttons pressed elsewhere", () => {
  const OTHER = -100_300;
  const eve = more(101, "Eve");

  it("an admin of another group cannot call it off with its buttons' data", async ({ harness }) => {
    const h = await harness();
    h.tg.makeAdmin(eve.id, OTHER);
    await signUpAndStart(h, "/tournament", PEOPLE.slice(0, 4));
    const id = (await tournamentIn(h)).id;
    // Eve has a bot message of her own group to press on.
    await h.send(eve, "/score", { chatId: OTHER });
    const hers = h.lastMessage(OTHER);
    for (const code of ["x", "xa", "xf"]) await h.pressData(eve, hers, `t:${id}:${code}`);
    expect((await tournamentIn(h)).status).toBe("running");
    const answers = h.tg.callsOf("answerCallbackQuery").slice(-3);
    for (const a of answers) expect(a.payload.text).toMatch(/another chat/);
    // Telegram was never asked about Eve in her own group (nor anywhere).
    expect(h.tg.callsOf("getChatMember")).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("an admin of the tournament's own group still may; Join from another chat is refused", async ({
    harness,
  }) => {
    const h = await harness();
    h.tg.makeAdmin(eve.id, OTHER);
    h.tg.makeAdmin(USERS.carol.id, GROUP);
    await h.send(USERS.alice, "/tournament");
    const card = h.lastMessage();
    const id = (await tournamentIn(h)).id;
    await h.send(eve, "/score", { chatId: OTHER });
    await h.pressData(eve, h.lastMessage(OTHER), `t:${id}:j`);
    expect((await tournamentIn(h)).entrants.map((e) => e.id)).not.toContain(eve.id);
    // From a private chat too.
    await h.send(eve, "/start", { chatId: eve.id });
    await h.pressData(eve, h.lastMessage(eve.id), `t:${id}:j`);
    expect((await tournamentIn(h)).entrants.map((e) => e.id)).not.toContain(eve.id);
    // An admin of the group, on the card itself: the cancel goes through.
    await h.press(USERS.carol, card, buttonNamed(card, /Cancel tournament/));
    expect((await tournamentIn(h)).status).toBe("cancelled");
    expect(h.tg.callsOf("getChatMember").map((c) => Number(c.payload.chat_id))).toEqual([GROUP]);
    expect(h.tg.problems()).toEqual([]);
  });
});
