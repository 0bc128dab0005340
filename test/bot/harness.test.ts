/** The harness hands the bot only what Telegram would deliver, and every press is one to answer. */
import { afterEach, describe, expect, it } from "vitest";
import { buttons, createHarness, GROUP, type Harness, USERS } from "./harness.js";

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

describe("the harness delivers only what Telegram would", () => {
  it("send says whether the bot got the text; the bot never sees the rest", async () => {
    h = await createHarness();
    expect(await h.send(USERS.alice, "good luck everyone")).toBe(false);
    expect(h.tg.calls.filter((c) => c.method !== "getMe")).toEqual([]);
    expect(await h.send(USERS.alice, "/help@helper_bot")).toBe(false);
    expect(await h.send(USERS.alice, "/help")).toBe(true);
    const help = h.lastMessage();
    expect(help.text).toBeTruthy();
    expect(await h.send(USERS.bob, "thanks", { replyTo: help })).toBe(true);
    expect(await h.send(USERS.alice, "hi", { chatId: USERS.alice.id })).toBe(true);
    expect(h.tg.undelivered.map((u) => u.reason)).toEqual([
      "privacy mode: not a command, reply to or mention of the bot",
      "privacy mode: not a command, reply to or mention of the bot",
    ]);
  });

  it("presses are registered: each needs one answer in time", async () => {
    h = await createHarness();
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    const accept = buttons(challenge)[0]!;
    expect(await h.press(USERS.bob, challenge, accept)).toBe(true);
    expect(h.tg.unansweredQueries()).toEqual([]);
    h.tg.kick(GROUP);
    expect(await h.press(USERS.bob, challenge, accept)).toBe(false);
    expect(h.tg.unansweredQueries()).toEqual([]);
  });
});
