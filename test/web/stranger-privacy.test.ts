/**
 * What a stranger learns of the other player: a first name and a rating, everywhere. Two
 * people with last names and usernames meet in the lobby, open the page, offer and take a
 * resignation, press every review button and read the leaderboards; nothing either of them
 * receives (texts, captions, buttons, files, the page's boot and stream) holds the other's
 * Telegram id, last name or username.
 */
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { buttons, ownBoardOf } from "../bot/harness.js";
import { it } from "./fixtures.js";

const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };
const ANNA: User = {
  id: 730_001_234,
  is_bot: false,
  first_name: "Anna",
  last_name: "Secretova",
  username: "anna_secret",
  language_code: "en",
};
const BORIS: User = {
  id: 730_005_678,
  is_bot: false,
  first_name: "Boris",
  last_name: "Hiddenko",
  username: "boris_hidden",
  language_code: "en",
};

/** Everything a message shows or carries: its text, caption, buttons and file. */
const contentOf = (m: StoredMessage): string =>
  [
    m.text ?? "",
    m.caption ?? "",
    JSON.stringify(m.keyboard),
    m.file ? (typeof m.file.data === "string" ? m.file.data : m.file.data.toString("latin1")) : "",
    m.file?.name ?? "",
  ].join("\n");

const secretsOf = (u: User): string[] => [String(u.id), u.last_name!, u.username!];

const pressable = (m: StoredMessage) => buttons(m).filter((b) => "callback_data" in b);

describe("what a stranger learns", () => {
  it("a whole lobby game, its review and the leaderboards: no id, last name or username of the other", async ({
    harness,
    web,
  }) => {
    const h = await harness({ env: WEB });
    const w = await web(h);
    await h.send(ANNA, "/play anyone long normal", { chatId: ANNA.id });
    await h.send(BORIS, "/play anyone long normal", { chatId: BORIS.id });
    await h.settle();
    const [game] = await h.service.activeGamesAnywhere(ANNA.id);
    expect(game?.lobby).toBe(true);
    const gameId = game!.id;
    // What each one's page received: its boots and its stream.
    const page = new Map<number, string[]>([
      [ANNA.id, []],
      [BORIS.id, []],
    ]);
    const streams = [];
    for (const u of [ANNA, BORIS]) {
      const boot = await w.as(u).boot(gameId);
      expect(boot.status).toBe(200);
      page.get(u.id)!.push(JSON.stringify(boot.body));
      streams.push({ u, stream: await w.as(u).events(gameId) });
    }
    // Boris gives the game up: the question, then its confirmation.
    await h.send(BORIS, "/resign", { chatId: BORIS.id });
    const question = h.lastMessage(BORIS.id);
    expect(question.text).toMatch(/Anna/);
    await h.press(BORIS, question, pressable(question)[0]!);
    expect((await h.service.getGame(gameId))!.status).toBe("finished");
    for (const { stream } of streams) await stream.next((e) => e.event === "game" && e.id !== null);
    // Each presses every review button on their own final board, then reads the leaders.
    for (const u of [ANNA, BORIS]) {
      const board = ownBoardOf(h, u.id, gameId)!;
      expect(board, `${u.first_name}'s final board`).toBeDefined();
      for (const b of pressable(board)) await h.press(u, board, b);
      await h.send(u, "/top global", { chatId: u.id });
      page.get(u.id)!.push(JSON.stringify((await w.as(u).boot(gameId)).body));
    }
    await h.settle();
    for (const { u, stream } of streams) {
      page.get(u.id)!.push(JSON.stringify(stream.events));
      stream.close();
    }
    const received = (u: User) =>
      [...h.tg.chatMessages(u.id).map(contentOf), ...page.get(u.id)!].join("\n");
    for (const [reader, other] of [
      [ANNA, BORIS],
      [BORIS, ANNA],
    ] as const) {
      const all = received(reader);
      // They did learn the other's first name.
      expect(all).toContain(other.first_name);
      for (const secret of secretsOf(other))
        expect(all.includes(secret), `${reader.first_name} reads "${secret}"`).toBe(false);
    }
    // The review went out: the analysis, the replay and the record, to each.
    for (const u of [ANNA, BORIS]) {
      const files = h.tg.chatMessages(u.id).filter((m) => m.file !== null);
      expect(files.length, `${u.first_name}'s files`).toBeGreaterThanOrEqual(2);
    }
    expect(h.tg.problems()).toEqual([]);
  });
});
