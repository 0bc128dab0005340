import { describe, expect } from "vitest";
import { MAX_COMPUTER_GAMES, PERSON_RATES } from "../../src/bot/person-limits.js";
import { resignedEarly } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, GROUP, startAgainstBot, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const TOO_MANY_CHALLENGES =
  /^⏳ You have made many challenges in the last few minutes\. Try again in (\d+) min\.$/;

describe("what one person may ask for", () => {
  it("challenges: ten in ten minutes, then one clear no (once), then again when the window frees", async ({
    harness,
  }) => {
    let now = Date.now();
    const h = await harness({ now: () => now });
    expect(PERSON_RATES.challenges).toEqual({ count: 10, perMs: 600_000 });
    const challenges = () =>
      h!.database.sqlite.prepare("select count(*) as n from challenges").get() as { n: number };
    for (let i = 0; i < 10; i++) {
      await h.send(USERS.alice, "/play short");
      now += 30_000;
    }
    expect(challenges().n).toBe(10);
    await h.send(USERS.alice, "/play short");
    // The first of the ten frees a place 10 min after it: 5 min from now.
    expect(h.lastMessage().text).toMatch(TOO_MANY_CHALLENGES);
    expect(TOO_MANY_CHALLENGES.exec(h.lastMessage().text!)![1]).toBe("5");
    const said = h.tg.chatMessages(GROUP).length;
    // Asked again at once, and through /new: refused without another message.
    await h.send(USERS.alice, "/play");
    await h.send(USERS.alice, "/new");
    expect(h.tg.chatMessages(GROUP)).toHaveLength(said);
    expect(challenges().n).toBe(10);
    // Someone else is not held up.
    await h.send(USERS.bob, "/play short");
    expect(challenges().n).toBe(11);
    // The cards of inline mode too: none offered, and the reason on the button above the list.
    await h.handle({ inline_query: { id: "iq-limit", from: USERS.alice, query: "", offset: "" } });
    const answer = h.tg.callsOf("answerInlineQuery").at(-1)!.payload;
    expect(answer.results).toEqual([]);
    expect(answer.button).toMatchObject({
      text: "⏳ Many challenges just now: try again in 5 min",
      start_parameter: "limit",
    });
    now += 5 * 60_000;
    await h.send(USERS.alice, "/play short");
    expect(challenges().n).toBe(12);
    // And a card, once the next of the ten is past too.
    now += 30_000;
    await sendCard(h, "ss", "inl-after", true);
    expect(challenges().n).toBe(13);
    expect(h.tg.problems()).toEqual([]);
  });

  it(`games against the computer: ${MAX_COMPUTER_GAMES} going at once`, async ({ harness }) => {
    const h = await harness({ computer: { level: "pipcount" } });
    const chats = [-100_501, -100_502, -100_503, -100_504];
    const limit = "You already have 3 games against me going. Finish or resign one first.";
    // A card posted in the fourth chat before the third game starts: its 🎲 counts then.
    await h.send(USERS.alice, "/play bot", { chatId: chats[3] });
    const early = h.lastMessage(chats[3]);
    for (const chat of chats.slice(0, 3)) {
      await h.send(USERS.alice, "/play bot", { chatId: chat });
      await startAgainstBot(h, chat);
    }
    expect(await h.service.activeGamesAnywhere(USERS.alice.id)).toHaveLength(3);
    await h.press(USERS.alice, early, buttonNamed(early, /🎲/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(limit);
    await h.send(USERS.alice, "/play bot", { chatId: chats[3] });
    expect(h.lastMessage(chats[3]).text).toBe(limit);
    expect(await h.service.activeGamesAnywhere(USERS.alice.id)).toHaveLength(3);
    // In a chat where one is going: that game, as before, not the limit.
    await h.send(USERS.alice, "/play bot", { chatId: chats[0] });
    expect(h.lastMessage(chats[0]).text).not.toMatch(/against me going/);
    // Another person plays the computer meanwhile.
    await h.send(USERS.bob, "/play bot", { chatId: chats[3] });
    await startAgainstBot(h, chats[3], USERS.bob);
    expect(await h.service.activeGamesAnywhere(USERS.bob.id)).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("/history and /analysis: five in five minutes each, then one clear no", async ({
    harness,
  }) => {
    let now = Date.now();
    const h = await harness({ now: () => now });
    await resignedEarly(h, USERS.alice, USERS.bob, "/play short", 0);
    for (const command of ["/history", "/analysis"]) {
      for (let i = 0; i < 5; i++) {
        await h.send(USERS.carol, command);
        expect(h.lastMessage().text ?? "").not.toMatch(/^⏳/);
      }
      await h.send(USERS.carol, command);
      expect(h.lastMessage().text).toBe(
        "⏳ You have asked for this often in the last few minutes. Try again in 5 min.",
      );
      const said = h.tg.chatMessages(GROUP).length;
      await h.send(USERS.carol, command);
      expect(h.tg.chatMessages(GROUP)).toHaveLength(said);
    }
    now += 5 * 60_000;
    await h.send(USERS.carol, "/history");
    expect(h.lastMessage().text).toMatch(/Finished games here/);
    expect(h.tg.problems()).toEqual([]);
  });
});
