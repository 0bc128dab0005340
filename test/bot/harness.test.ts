/** The harness hands the bot only what Telegram would deliver, and every press is one to answer. */
import { describe, expect } from "vitest";
import { it } from "./fixtures.js";
import { buttons, GROUP, USERS } from "./harness.js";

describe("the harness delivers only what Telegram would", () => {
  it("send says whether the bot got the text; the bot never sees the rest", async ({ h }) => {
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

  it("presses are registered: each needs one answer in time", async ({ h }) => {
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
