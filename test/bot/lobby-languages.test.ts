/**
 * Each player of a lobby game reads their own language on their own board, its buttons, the
 * notes beside it and the clock's warning, whoever sought first: an English and a Russian
 * player, then a Ukrainian and a Russian one. Texts are checked against the locale files.
 */
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { GameView } from "../../src/services/index.js";
import { type Locale, loadLocale } from "../helpers/fluent.js";
import { it } from "./fixtures.js";
import { buttons, type Harness, ownBoardOf, USERS } from "./harness.js";

const IRINA: User = {
  id: 77,
  is_bot: false,
  first_name: "Ирина",
  username: "irina",
  language_code: "ru",
};

const FILES = new Map((["en", "ru", "uk"] as const).map((l) => [l, loadLocale(l)]));

/** Message `key` of `locale`'s file, its slots filled. */
function text(locale: Locale, key: string, args: Record<string, string | number> = {}): string {
  const { bundle } = FILES.get(locale)!;
  const message = bundle.getMessage(key);
  if (!message?.value) throw new Error(`${locale} has no ${key}`);
  return bundle.formatPattern(message.value, args);
}

/** The texts of every message without slots in a locale's file: what a plain button can say. */
function plainTexts(locale: Locale): Set<string> {
  const { bundle, keys } = FILES.get(locale)!;
  const out = new Set<string>();
  for (const key of keys) {
    const m = bundle.getMessage(key);
    if (!m?.value) continue;
    const errors: Error[] = [];
    const v = bundle.formatPattern(m.value, {}, errors);
    if (errors.length === 0) out.add(v);
  }
  return out;
}

async function lobbyGame(h: Harness, first: User, second: User): Promise<GameView> {
  await h.send(first, "/play anyone short normal", { chatId: first.id });
  await h.send(second, "/play anyone short normal", { chatId: second.id });
  await h.settle();
  const game = (await h.service.activeGamesAnywhere(first.id)).find(
    (g) => g.white.id === second.id || g.black.id === second.id,
  );
  expect(game?.lobby).toBe(true);
  return game!;
}

describe("a lobby game in each player's own language", () => {
  for (const [first, second] of [
    [USERS.alice, USERS.olga],
    [USERS.taras, IRINA],
  ] as const) {
    it(`${first.first_name} (${first.language_code}) seeks first, ${second.first_name} (${second.language_code}) joins`, async ({
      harness,
    }) => {
      const h = await harness();
      const game = await lobbyGame(h, first, second);
      const now = (await h.service.getGame(game.id))!;
      for (const u of [first, second]) {
        const locale = u.language_code as Locale;
        const others = [...FILES.keys()].filter((l) => l !== locale);
        const mine = plainTexts(locale);
        const foreign = new Set(
          others.flatMap((l) => [...plainTexts(l)]).filter((t) => !mine.has(t)),
        );
        const b = ownBoardOf(h, u.id, now.id)!;
        expect(b, `${u.first_name}'s board`).toBeDefined();
        // Every button that is a text of the files is one of the reader's own.
        for (const button of buttons(b))
          expect(foreign.has(button.text), `${u.first_name}: "${button.text}"`).toBe(false);
        // The caption says whose turn it is in the reader's words.
        const mover = now.state.turn === "white" ? now.white : now.black;
        const turn = now.state.phase === "roll" ? "caption-roll-or-double" : "caption-to-move";
        const expected = text(locale, turn, {
          name: `${now.state.turn === "white" ? "⚪" : "⚫"} ${mover.firstName}`,
          dice: now.state.dice ? `${now.state.dice[0]}-${now.state.dice[1]}` : "",
        });
        expect(b.caption, `${u.first_name}'s caption`).toContain(expected);
        // The note that told them of the pairing, in their words too.
        const note = h.tg.chatMessages(u.id).find((m) => m.text?.startsWith("🎲"));
        expect(note?.text?.split(":")[0], `${u.first_name}'s note`).toBe(
          text(locale, "seek-paired", { name: "x", rating: 1500 }).split(":")[0],
        );
      }
      // The clock's warning goes to the player to act, in their language.
      const waiting = [first, second].find((u) => u.id === now.waitingFor)!;
      await h.parts.deps.privateBoards.warnLow(now);
      await h.settle();
      const warning = h.tg.chatMessages(waiting.id).at(-1)!;
      const seconds = Number(/(\d+)/.exec(warning.text ?? "")?.[1]);
      expect(warning.text).toBe(
        text(waiting.language_code as Locale, "clock-low", { seconds, game: now.id }),
      );
      expect(h.tg.problems()).toEqual([]);
    });
  }
});
