import type { User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_INFO } from "../../bench/testkit/index.js";
import { createI18n, LOCALES, type Locale } from "../../src/bot/i18n.js";
import { createHarness, GROUP, type Harness, USERS } from "./harness.js";

/** `/start` and `/help` answer in the user's language, in private chats and in groups. */

const USER_OF: Record<Locale, User> = { en: USERS.alice, ru: USERS.olga, uk: USERS.taras };
const i18n = createI18n(() => "en");
const bot = { bot: BOT_INFO.username };
/** "Something went wrong" in every language: the reply to a failed update. */
const failures = LOCALES.map((l) => i18n.t(l, "err-generic"));

const CASES = [
  { command: "/start play", chat: "private", key: "start-inline-hint" },
  { command: "/start", chat: "private", key: "help" },
  { command: "/help", chat: "private", key: "help" },
  // The hint is for private chats only: in a group, `/start play` is `/start`.
  { command: "/start play", chat: "group", key: "help" },
  { command: "/start", chat: "group", key: "help" },
  { command: "/help", chat: "group", key: "help" },
] as const;

describe.each(LOCALES)("in %s", (locale) => {
  const user = USER_OF[locale];
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it.each(CASES)("$command in a $chat chat gets $key", async ({ command, chat, key }) => {
    const chatId = chat === "private" ? user.id : GROUP;
    const before = h.tg.callsOf("sendMessage").length;
    await h.send(user, command, { chatId });
    const sent = h.tg.callsOf("sendMessage").slice(before);
    expect(sent.map((c) => c.payload.chat_id)).toEqual([chatId]);
    const text = h.lastMessage(chatId).text!;
    expect(failures).not.toContain(text);
    expect(text).toBe(i18n.t(locale, key, bot));
    expect(text).toContain(`@${BOT_INFO.username}`);
  });
});
