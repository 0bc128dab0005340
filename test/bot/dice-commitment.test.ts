import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { diceOfEvents, diceOfSeed } from "../../src/services/index.js";
import { sampled } from "../helpers/samples.js";
import type { StoredMessage } from "./fake-telegram.js";
import { buttonNamed, buttons, createHarness, type Harness, USERS, userById } from "./harness.js";

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

const sha256 = (hex: string) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");
const commitmentIn = (text: string | null) =>
  /dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(text ?? "")?.[1];
const plain = (m: StoredMessage) => m.text ?? m.caption ?? "";

async function playOut(harness: Harness, board: StoredMessage, gameId: number) {
  for (let presses = 0; presses < 3000; presses++) {
    const game = harness.service.getGame(gameId)!;
    if (game.state.phase === "over") return;
    const live = harness.tg.message(board.chatId!, board.messageId)!;
    const choices = buttons(live).filter((b) => !/Drop|Claim|Undo|Double/.test(b.text));
    await harness.press(userById(game.waitingFor!), live, choices[presses % choices.length]!);
  }
  throw new Error("the game does not end");
}

describe("the dice are committed to before any die falls", () => {
  // The same flow for both games: `npm test` runs the short one, the slow suite both.
  const commands = ["/play", "/play short"];
  for (const command of sampled(commands, commands.slice(1)))
    it(`${command}: the challenge shows the hash; the end reveals its seed and the next game's hash`, async () => {
      h = await createHarness();
      await h.send(USERS.alice, command);
      const challenge = h.lastMessage();
      const committed = commitmentIn(challenge.text);
      expect(committed).toMatch(/^[0-9a-f]{64}$/);

      await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
      // The accepted challenge keeps the hash in the chat; the first board shows it too.
      expect(commitmentIn(h.tg.message(challenge.chatId!, challenge.messageId)!.text)).toBe(
        committed,
      );
      const board = h.lastMessage();
      expect(commitmentIn(board.caption)).toBe(committed);
      expect(board.caption).toMatch(/lot: /);

      await playOut(h, board, 1);
      const game = h.service.getGame(1)!;
      const final = plain(h.tg.message(board.chatId!, board.messageId)!);
      const seed = /dice seed: <code>([0-9a-f]{64})<\/code>/.exec(final)?.[1];
      expect(seed).toBeDefined();
      expect(sha256(seed!)).toBe(committed);
      // Every die the players saw comes from that seed, in order.
      const shown = diceOfEvents(h.events(game.id));
      expect(shown).toEqual(diceOfSeed(Buffer.from(seed!, "hex"), shown.length));

      // The next game's seed is drawn already: its hash is on the final board.
      const next = /next game's dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(
        final,
      )?.[1];
      expect(next).toMatch(/^[0-9a-f]{64}$/);
      const live = h.tg.message(board.chatId!, board.messageId)!;
      await h.press(USERS.alice, live, buttonNamed(live, /Next game/));
      const rematch = h.service.getGame(2)!;
      expect(rematch.diceCommitment).toBe(next);
      expect(commitmentIn(h.lastMessage().caption)).toBe(next);
      expect(h.tg.problems()).toEqual([]);
    }, 120_000);
});
