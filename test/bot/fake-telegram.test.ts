/**
 * The two fakes of the Bot API hold the bot to Telegram's rules: the same cases run against
 * the in-process fake (FakeTelegram) and the HTTP one (FakeBotApi, here through its `fetch`),
 * through grammY's own Api client. Then what only the in-process fake and the harness do.
 */
import { Api, GrammyError, InputFile } from "grammy";
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../e2e/fake-bot-api.js";
import { type BotApiRules, chatOf, TG } from "../helpers/bot-api-rules.js";
import { BOT_INFO } from "../helpers/bot-info.js";
import { FakeTelegram } from "./fake-telegram.js";
import { buttons, createHarness, GROUP, type Harness, USERS } from "./harness.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]);
const ALICE: User = { id: 11, is_bot: false, first_name: "Alice", username: "alice" };
const OTHER_BOT: User = { id: 55, is_bot: true, first_name: "Helper", username: "helper_bot" };

interface Shown {
  text: string | null;
  caption: string | null;
  keyboard: InlineKeyboardButton[][];
  forceReply?: { placeholder: string | null; selective: boolean } | null;
}

/** One fake, seen the same way whichever it is. */
interface Subject {
  readonly api: Api;
  readonly rules: BotApiRules;
  advance(ms: number): void;
  /** A user types a text; whether the bot got it, and the message id. */
  userSays(
    chatId: number,
    from: User,
    text: string,
    replyTo?: number,
    extra?: object,
  ): { delivered: boolean; messageId: number };
  /** A user presses a button of a bot message; the query id. */
  press(chatId: number, messageId: number, data: string): string;
  kick(chatId: number): void;
  failNext(method: string, code: number, description: string): void;
  shown(chatId: number, messageId: number): Shown | undefined;
  problems(): string[];
  /** Moves the clock Telegram's flood limits run on. */
  floodPass(ms: number): void;
}

function inProcess(): Subject {
  let now = 1_000_000;
  const tg = new FakeTelegram({ now: () => now });
  return {
    api: new Api(TOKEN, { fetch: tg.fetch as never }),
    rules: tg.rules,
    advance: (ms) => {
      now += ms;
    },
    userSays(chatId, from, text, replyTo, extra = {}) {
      const chat = chatOf(chatId, tg.rules.chatType(chatId));
      const replied = replyTo === undefined ? undefined : tg.message(chatId, replyTo);
      const message = { ...tg.userMessage(chat, from, text, replied), ...extra };
      return { delivered: tg.deliver({ message } as never), messageId: message.message_id };
    },
    press(chatId, messageId, data) {
      const id = tg.nextQueryId();
      tg.deliver({
        callback_query: {
          id,
          from: ALICE,
          chat_instance: "ci",
          data,
          message: { message_id: messageId, date: 0, chat: chatOf(chatId) },
        },
      } as never);
      return id;
    },
    kick: (chatId) => void tg.kick(chatId),
    failNext: (method, code, description) => tg.failNext(method, code, description),
    shown: (chatId, messageId) => tg.message(chatId, messageId),
    problems: () => tg.problems(),
    floodPass: (ms) => tg.wire.pass(ms),
  };
}

function overHttpFake(): Subject {
  let now = 1_000_000;
  const fake = new FakeBotApi({ token: TOKEN, now: () => now });
  return {
    api: new Api(TOKEN, { fetch: fake.fetch as never }),
    rules: fake.rules,
    advance: (ms) => {
      now += ms;
    },
    userSays(chatId, from, text, replyTo, extra = {}) {
      const replied = replyTo === undefined ? undefined : fake.message(chatId, replyTo);
      const { update_id: _, ...update } = fake.textUpdate(from, chatId, text, replied);
      const message = { ...update.message!, ...extra };
      return {
        delivered: fake.pushUpdate({ message } as never) !== null,
        messageId: message.message_id,
      };
    },
    press: (chatId, messageId, data) => fake.press(ALICE, fake.message(chatId, messageId)!, data),
    kick: (chatId) => fake.kick(chatId),
    failNext: (method, error_code, description) =>
      fake.failNext(method, { ok: false, error_code, description }),
    shown: (chatId, messageId) => fake.message(chatId, messageId),
    problems: () => fake.problems(),
    floodPass: (ms) => {
      now += ms;
    },
  };
}

/** The error a call got, or null. */
async function refusal(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
    return null;
  } catch (e) {
    if (e instanceof GrammyError) return e.description;
    throw e;
  }
}

const kb = (...rows: [string, string][][]) => ({
  inline_keyboard: rows.map((r) => r.map(([text, callback_data]) => ({ text, callback_data }))),
});

for (const [name, make] of [
  ["FakeTelegram", inProcess],
  ["FakeBotApi", overHttpFake],
] as const) {
  describe(`${name}: Telegram's rules`, () => {
    const CHAT = -100_777;
    let s: Subject;
    const fresh = () => {
      s = make();
      return s;
    };

    describe("flood limits", () => {
      it("a group takes 20 sends and edits in any minute; then 429 with retry_after", async () => {
        const { api } = fresh();
        const first = await api.sendMessage(CHAT, "1");
        for (let i = 2; i <= 19; i++) await api.sendMessage(CHAT, String(i));
        s.floodPass(30_000);
        await api.editMessageText(CHAT, first.message_id, "edited");
        const refused = await api.sendMessage(CHAT, "21").catch((e: GrammyError) => e);
        expect(refused).toBeInstanceOf(GrammyError);
        expect((refused as GrammyError).error_code).toBe(429);
        // The first nineteen leave the window a minute after they went.
        expect((refused as GrammyError).parameters.retry_after).toBe(30);
        expect(s.problems()).toEqual([
          expect.stringMatching(/^rejected sendMessage \(429 Too Many/),
        ]);
        // Answers to presses are not limited.
        await api.answerCallbackQuery(s.press(CHAT, first.message_id, "x"));
        s.floodPass(30_000);
        await api.sendMessage(CHAT, "21");
        expect(s.problems()).toHaveLength(1);
      });

      it("a private chat takes a burst of three, then one a second", async () => {
        const { api, userSays } = fresh();
        userSays(ALICE.id, ALICE, "/start");
        for (let i = 0; i < 3; i++) await api.sendMessage(ALICE.id, `burst ${i}`);
        expect(await refusal(api.sendMessage(ALICE.id, "too soon"))).toMatch(/^Too Many Requests/);
        s.floodPass(1_000);
        await api.sendMessage(ALICE.id, "a second later");
        expect(await refusal(api.sendMessage(ALICE.id, "again"))).toMatch(/retry after 1$/);
      });
    });

    describe("callback data and keyboards", () => {
      it("callback data of 1 to 64 bytes passes everywhere; longer is BUTTON_DATA_INVALID", async () => {
        const { api } = fresh();
        const good = kb([["ok", "я".repeat(32)]]);
        const long = kb([["no", "я".repeat(33)]]);
        const text = await api.sendMessage(CHAT, "hi", { reply_markup: good });
        expect(await refusal(api.sendMessage(CHAT, "hi", { reply_markup: long }))).toBe(
          TG.buttonData,
        );
        expect(
          await refusal(api.sendPhoto(CHAT, new InputFile(PNG, "b.png"), { reply_markup: long })),
        ).toBe(TG.buttonData);
        const photo = await api.sendPhoto(CHAT, new InputFile(PNG, "b.png"), { caption: "c" });
        const edits: [string, () => Promise<unknown>][] = [
          ["text", () => api.editMessageText(CHAT, text.message_id, "new", { reply_markup: long })],
          [
            "caption",
            () =>
              api.editMessageCaption(CHAT, photo.message_id, { caption: "d", reply_markup: long }),
          ],
          [
            "media",
            () =>
              api.editMessageMedia(
                CHAT,
                photo.message_id,
                { type: "photo", media: new InputFile(PNG, "c.png") },
                { reply_markup: long },
              ),
          ],
          [
            "markup",
            () => api.editMessageReplyMarkup(CHAT, text.message_id, { reply_markup: long }),
          ],
          [
            "empty data",
            () =>
              api.editMessageReplyMarkup(CHAT, text.message_id, {
                reply_markup: kb([["x", ""]]),
              }),
          ],
        ];
        for (const [what, call] of edits) expect(await refusal(call()), what).toBe(TG.buttonData);
        expect(s.rules.rejected.map((r) => r.method)).toEqual([
          "sendMessage",
          "sendPhoto",
          "editMessageText",
          "editMessageCaption",
          "editMessageMedia",
          "editMessageReplyMarkup",
          "editMessageReplyMarkup",
        ]);
        expect(s.rules.rejected[0]!.payload.reply_markup).toEqual(long);
      });

      it("inline query results are checked like messages", async () => {
        const { api, rules } = fresh();
        rules.registerQuery("inline", "iq1");
        rules.registerQuery("inline", "iq2");
        const result = (data: string, text = "<b>card</b>") => ({
          type: "article" as const,
          id: "r1",
          title: "t",
          input_message_content: { message_text: text, parse_mode: "HTML" as const },
          reply_markup: kb([["Accept", data]]),
        });
        expect(await refusal(api.answerInlineQuery("iq1", [result("x".repeat(65))]))).toBe(
          TG.buttonData,
        );
        expect(await refusal(api.answerInlineQuery("iq1", [result("a", "<p>card</p>")]))).toMatch(
          /^Bad Request: can't parse entities: Unsupported start tag "p"/,
        );
        expect(await refusal(api.answerInlineQuery("iq1", [result("a"), result("b")]))).toBe(
          TG.resultIdDuplicate,
        );
        expect(await refusal(api.answerInlineQuery("iq1", [result("a")]))).toBeNull();
        expect(await refusal(api.answerInlineQuery("iq1", [result("a")]))).toBe(TG.queryInvalid);
        expect(
          await refusal(
            api.answerInlineQuery("iq2", [
              { type: "photo", id: "p", photo_file_id: "no-such-file" },
            ]),
          ),
        ).toBe(TG.wrongFile);
      });

      it("100 buttons at most; a row over 8 is taken but is a violation; buttons need an action", async () => {
        const { api, rules } = fresh();
        const rows = (n: number, per: number) =>
          Array.from({ length: n }, (_, r) =>
            Array.from({ length: per }, (_, i) => ({ text: "b", callback_data: `${r}:${i}` })),
          );
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", { reply_markup: { inline_keyboard: rows(20, 5) } }),
          ),
        ).toBeNull();
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", { reply_markup: { inline_keyboard: rows(11, 10) } }),
          ),
        ).toBe(TG.markupTooLong);
        expect(rules.violations).toEqual([]);
        await api.sendMessage(CHAT, "x", { reply_markup: { inline_keyboard: rows(1, 9) } });
        expect(rules.violations).toEqual([
          "sendMessage: inline keyboard row 0 has 9 buttons; Telegram shows at most 8",
        ]);
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", {
              reply_markup: { inline_keyboard: [[{ text: "t" }]] },
            } as never),
          ),
        ).toBe(TG.textButton);
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", {
              reply_markup: { inline_keyboard: [[{ text: "t", url: "ftp://x" }]] },
            }),
          ),
        ).toBe(TG.buttonUrl);
      });

      it("force_reply asks for a reply; its placeholder is 64 characters at most", async () => {
        const { api, rules } = fresh();
        const sent = await api.sendMessage(CHAT, "Whom?", {
          reply_markup: {
            force_reply: true,
            input_field_placeholder: "@username",
            selective: true,
          },
        });
        expect(s.shown(CHAT, sent.message_id)!.forceReply).toEqual({
          placeholder: "@username",
          selective: true,
        });
        await api.sendMessage(CHAT, "Whom?", {
          reply_markup: { force_reply: true, input_field_placeholder: "p".repeat(65) },
        });
        expect(rules.violations).toEqual([
          "sendMessage: input_field_placeholder has 65 characters; Telegram shows at most 64",
        ]);
        expect(
          await refusal(
            api.editMessageText(CHAT, sent.message_id, "x", {
              reply_markup: { force_reply: true },
            } as never),
          ),
        ).toBe(TG.inlineKeyboardExpected);
        expect(rules.rejected).toHaveLength(1);
      });
    });

    describe("texts", () => {
      it("HTML as Telegram parses it; errors are can't parse entities", async () => {
        const { api } = fresh();
        const html = (text: string) => api.sendMessage(CHAT, text, { parse_mode: "HTML" });
        expect(
          await refusal(
            html(
              '<b>a</b> <i>b</i> <u>c</u> <s>d</s> <a href="tg://user?id=1">e</a> <code>f</code> ' +
                "<tg-spoiler>g</tg-spoiler> <blockquote>h</blockquote> &lt;3 &amp; &quot;",
            ),
          ),
        ).toBeNull();
        expect(await refusal(html("<div>x</div>"))).toBe(
          `Bad Request: can't parse entities: Unsupported start tag "div" at byte offset 0`,
        );
        expect(await refusal(html("<b>bold"))).toBe(
          `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
        );
        expect(await refusal(html("<b><i>x</b></i>"))).toMatch(
          /Unmatched end tag at byte offset 7/,
        );
        expect(await refusal(html("1 < 2"))).toMatch(/Unsupported start tag "" at byte offset 2/);
        expect(await refusal(html("Tom & Jerry"))).toMatch(/Character "&" at byte offset 4/);
        // Without parse_mode nothing is parsed.
        expect(await refusal(api.sendMessage(CHAT, "1 < 2 & <div>"))).toBeNull();
      });

      it("lengths count the text after parsing: 4096 for texts, 1024 for captions", async () => {
        const { api } = fresh();
        const t = await api.sendMessage(CHAT, `<b>${"a".repeat(4096)}</b>`, { parse_mode: "HTML" });
        expect(await refusal(api.sendMessage(CHAT, "a".repeat(4097)))).toBe(TG.textTooLong);
        expect(await refusal(api.sendMessage(CHAT, "😀".repeat(4096)))).toBeNull();
        expect(await refusal(api.editMessageText(CHAT, t.message_id, `${"b".repeat(4097)}`))).toBe(
          TG.textTooLong,
        );
        expect(await refusal(api.sendMessage(CHAT, "<b> </b>", { parse_mode: "HTML" }))).toBe(
          TG.textEmpty,
        );
        const photo = (caption: string) =>
          api.sendPhoto(CHAT, new InputFile(PNG, "b.png"), { caption, parse_mode: "HTML" });
        const p = await photo(`<i>${"c".repeat(1024)}</i>`);
        expect(await refusal(photo("c".repeat(1025)))).toBe(TG.captionTooLong);
        expect(await refusal(photo("<x>"))).toMatch(/^Bad Request: can't parse entities/);
        expect(
          await refusal(api.editMessageCaption(CHAT, p.message_id, { caption: "d".repeat(1025) })),
        ).toBe(TG.captionTooLong);
        expect(
          await refusal(
            api.editMessageCaption(CHAT, p.message_id, { caption: "<b>d", parse_mode: "HTML" }),
          ),
        ).toMatch(/Can't find end tag/);
      });
    });

    describe("callback queries", () => {
      it("answered once, in time, only if delivered", async () => {
        const { api, rules } = fresh();
        const m = await api.sendMessage(CHAT, "x", { reply_markup: kb([["b", "d"]]) });
        const q1 = s.press(CHAT, m.message_id, "d");
        const q2 = s.press(CHAT, m.message_id, "d");
        const q3 = s.press(CHAT, m.message_id, "d");
        const q4 = s.press(CHAT, m.message_id, "d");
        expect(await refusal(api.answerCallbackQuery(q1))).toBeNull();
        expect(await refusal(api.answerCallbackQuery(q1))).toBe(TG.queryInvalid);
        expect(await refusal(api.answerCallbackQuery("9999"))).toBe(TG.queryInvalid);
        expect(await refusal(api.answerCallbackQuery(q2, { text: "x".repeat(201) }))).toBe(
          TG.alertTooLong,
        );
        s.advance(15_000);
        expect(await refusal(api.answerCallbackQuery(q2, { text: "ok" }))).toBeNull();
        s.advance(1);
        expect(await refusal(api.answerCallbackQuery(q3))).toBe(TG.queryInvalid);
        expect(rules.unansweredQueries().map((q) => q.id)).toEqual([q3, q4]);
        expect(s.problems().filter((p) => /never answered/.test(p))).toHaveLength(2);
      });
    });

    describe("editing and replying", () => {
      it("identical content is not modified, compared as users see it", async () => {
        const { api } = fresh();
        const m = await api.sendMessage(CHAT, "<b>x</b>", {
          parse_mode: "HTML",
          reply_markup: kb([["b", "d"]]),
        });
        const same = { parse_mode: "HTML" as const, reply_markup: kb([["b", "d"]]) };
        expect(
          await refusal(api.editMessageText(CHAT, m.message_id, "<strong>x</strong>", same)),
        ).toBe(TG.notModified);
        expect(
          await refusal(
            api.editMessageReplyMarkup(CHAT, m.message_id, { reply_markup: kb([["b", "d"]]) }),
          ),
        ).toBe(TG.notModified);
        // Without reply_markup the buttons go: that is a change.
        expect(
          await refusal(
            api.editMessageText(CHAT, m.message_id, "<b>x</b>", { parse_mode: "HTML" }),
          ),
        ).toBeNull();
        expect(s.shown(CHAT, m.message_id)!.keyboard).toEqual([]);
      });

      it("text, caption and media edits only fit their kind of message", async () => {
        const { api } = fresh();
        const text = await api.sendMessage(CHAT, "t");
        const photo = await api.sendPhoto(CHAT, new InputFile(PNG, "b.png"), { caption: "c" });
        expect(await refusal(api.editMessageText(CHAT, photo.message_id, "x"))).toBe(
          TG.noTextToEdit,
        );
        expect(await refusal(api.editMessageCaption(CHAT, text.message_id, { caption: "x" }))).toBe(
          TG.noCaptionToEdit,
        );
        expect(
          await refusal(
            api.editMessageMedia(CHAT, text.message_id, {
              type: "photo",
              media: new InputFile(PNG, "c.png"),
            }),
          ),
        ).toBe(TG.noMediaToEdit);
        expect(await refusal(api.editMessageText(CHAT, 9999, "x"))).toBe(TG.editNotFound);
        await api.deleteMessage(CHAT, text.message_id);
        expect(await refusal(api.editMessageText(CHAT, text.message_id, "x"))).toBe(
          TG.editNotFound,
        );
        expect(await refusal(api.deleteMessage(CHAT, text.message_id))).toBe(TG.deleteNotFound);
        const said = s.userSays(CHAT, ALICE, "/play");
        expect(await refusal(api.editMessageText(CHAT, said.messageId, "x"))).toBe(TG.cantBeEdited);
        expect(await refusal(api.deleteMessage(CHAT, said.messageId))).toBe(TG.cantBeDeleted);
      });

      it("a reply needs its message unless allow_sending_without_reply", async () => {
        const { api } = fresh();
        const said = s.userSays(CHAT, ALICE, "/play");
        const ok = await api.sendMessage(CHAT, "x", {
          reply_parameters: { message_id: said.messageId },
        });
        expect(
          await refusal(api.sendMessage(CHAT, "x", { reply_parameters: { message_id: 9999 } })),
        ).toBe(TG.replyNotFound);
        expect(
          await refusal(
            api.sendPhoto(CHAT, new InputFile(PNG, "b.png"), {
              reply_parameters: { message_id: 9999 },
            }),
          ),
        ).toBe(TG.replyNotFound);
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", {
              reply_parameters: { message_id: 9999, allow_sending_without_reply: true },
            }),
          ),
        ).toBeNull();
        expect(
          await refusal(
            api.sendMessage(CHAT, "x", { reply_parameters: { message_id: ok.message_id } }),
          ),
        ).toBeNull();
      });

      it("a message can be deleted for 48 hours", async () => {
        const { api } = fresh();
        const a = await api.sendMessage(CHAT, "a");
        const b = await api.sendMessage(CHAT, "b");
        s.advance(48 * 3_600_000 - 1);
        expect(await refusal(api.deleteMessage(CHAT, a.message_id))).toBeNull();
        s.advance(1);
        expect(await refusal(api.deleteMessage(CHAT, b.message_id))).toBe(TG.cantBeDeleted);
      });
    });

    describe("chats the bot lost", () => {
      it("after a kick every call into the chat is 403, and nothing from it comes", async () => {
        const { api, rules } = fresh();
        const m = await api.sendMessage(CHAT, "x");
        s.kick(CHAT);
        expect(await refusal(api.sendMessage(CHAT, "y"))).toBe(TG.kickedSupergroup);
        expect(await refusal(api.editMessageText(CHAT, m.message_id, "z"))).toBe(
          TG.kickedSupergroup,
        );
        expect(await refusal(api.sendPhoto(CHAT, new InputFile(PNG, "b.png")))).toBe(
          TG.kickedSupergroup,
        );
        expect(await refusal(api.deleteMessage(CHAT, m.message_id))).toBe(TG.kickedSupergroup);
        expect(s.userSays(CHAT, ALICE, "/play").delivered).toBe(false);
        expect(rules.rejected.map((r) => r.error_code)).toEqual([403, 403, 403, 403]);
        rules.setChatType(-5, "group");
        s.kick(-5);
        expect(await refusal(api.sendMessage(-5, "y"))).toBe(TG.kickedGroup);
        rules.rejoin(CHAT);
        expect(await refusal(api.sendMessage(CHAT, "back"))).toBeNull();
      });

      it("a private chat: only after the user wrote; blocked after a kick", async () => {
        const { api } = fresh();
        expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBe(TG.cantInitiate);
        expect(s.userSays(ALICE.id, ALICE, "hi there").delivered).toBe(true);
        expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBeNull();
        s.kick(ALICE.id);
        expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBe(TG.blocked);
        expect(s.userSays(ALICE.id, ALICE, "hi again").delivered).toBe(false);
      });
    });

    describe("privacy mode in groups", () => {
      it("a group message reaches the bot only as a command, a reply to it or a mention", async () => {
        const { api, rules } = fresh();
        const said = (text: string, replyTo?: number) =>
          s.userSays(CHAT, ALICE, text, replyTo).delivered;
        expect(said("hello all")).toBe(false);
        expect(said("/play")).toBe(true);
        expect(said("/play@nardy_test_bot short")).toBe(true);
        expect(said("/play@helper_bot")).toBe(false);
        expect(said("hey @nardy_test_bot, a game?")).toBe(true);
        expect(said("hey @somebody_else")).toBe(false);
        const bot = await api.sendMessage(CHAT, "Whom?");
        expect(said("@bob", bot.message_id)).toBe(true);
        const user = s.userSays(CHAT, ALICE, "/play").messageId;
        expect(said("me too", user)).toBe(false);
        expect(rules.undelivered.map((u) => u.reason)).toEqual([
          "privacy mode: not a command, reply to or mention of the bot",
          "privacy mode: not a command, reply to or mention of the bot",
          "privacy mode: not a command, reply to or mention of the bot",
          "privacy mode: not a command, reply to or mention of the bot",
        ]);
        // Everything in a private chat.
        expect(s.userSays(ALICE.id, ALICE, "hello").delivered).toBe(true);
      });

      it("other bots: never heard; when one spoke last, a plain /command goes to it", async () => {
        const { api } = fresh();
        expect(s.userSays(CHAT, OTHER_BOT, "/play@nardy_test_bot").delivered).toBe(false);
        expect(s.userSays(CHAT, ALICE, "/play").delivered).toBe(false);
        expect(s.userSays(CHAT, ALICE, "/play@nardy_test_bot").delivered).toBe(true);
        await api.sendMessage(CHAT, "I am here");
        expect(s.userSays(CHAT, ALICE, "/play").delivered).toBe(true);
      });

      it("service messages always; everything with privacy off or as an admin", () => {
        const { rules } = fresh();
        expect(
          s.userSays(CHAT, ALICE, "", undefined, { new_chat_members: [ALICE] }).delivered,
        ).toBe(true);
        rules.setBotAdmin(CHAT);
        expect(s.userSays(CHAT, ALICE, "chatter").delivered).toBe(true);
        rules.setBotAdmin(CHAT, false);
        expect(s.userSays(CHAT, ALICE, "chatter").delivered).toBe(false);
        rules.privacyMode = false;
        expect(s.userSays(CHAT, ALICE, "chatter").delivered).toBe(true);
        expect(s.userSays(CHAT, OTHER_BOT, "chatter").delivered).toBe(false);
      });
    });

    describe("accounting", () => {
      it("injected failures are not rejections; problems() lists what went wrong", async () => {
        const { api, rules } = fresh();
        s.failNext("sendMessage", 400, "Bad Request: injected");
        expect(await refusal(api.sendMessage(CHAT, "x"))).toBe("Bad Request: injected");
        expect(rules.rejected).toEqual([]);
        expect(rules.injected.map((r) => r.description)).toEqual(["Bad Request: injected"]);
        expect(s.problems()).toEqual([]);
        await refusal(api.sendMessage(CHAT, ""));
        expect(rules.rejected).toEqual([
          {
            method: "sendMessage",
            payload: { chat_id: CHAT, text: "" },
            error_code: 400,
            description: TG.textEmpty,
          },
        ]);
        expect(s.problems()).toEqual([
          `rejected sendMessage (400 ${TG.textEmpty}) {"chat_id":${CHAT},"text":""}`,
        ]);
      });
    });
  });
}

describe("FakeTelegram alone", () => {
  it("inline messages: no uploads, file ids it issued, Telegram's answers", async () => {
    const tg = new FakeTelegram();
    const api = new Api(TOKEN, { fetch: tg.fetch as never });
    await expect(api.getMe()).resolves.toMatchObject({ username: BOT_INFO.username });
    tg.addInlineMessage("inl", "card", [[{ text: "Accept", callback_data: "a" }]]);
    const media = (m: InputFile | string) =>
      api.editMessageMediaInline("inl", { type: "photo", media: m });
    expect(await refusal(media(new InputFile(PNG, "b.png")))).toBe(TG.uploadInInline);
    expect(await refusal(media("made-up-id"))).toBe(TG.wrongFile);
    const sent = await api.sendPhoto(-1, new InputFile(PNG, "b.png"));
    expect(await refusal(media(sent.photo[0]!.file_id))).toBeNull();
    expect(tg.inlineMessage("inl")!.photo).toBe(sent.photo[0]!.file_id);
    expect(await refusal(api.editMessageTextInline("inl", "x"))).toBe(TG.noTextToEdit);
    expect(await refusal(api.editMessageTextInline("nope", "x"))).toBe(TG.editNotFound);
    expect(await refusal(api.raw.sendDice({ chat_id: -1 }))).toMatch(/^Not Found/);
    expect(tg.rejected.map((r) => r.method)).toEqual([
      "editMessageMedia",
      "editMessageMedia",
      "editMessageText",
      "editMessageText",
      "sendDice",
    ]);
  });

  it("kick gives Telegram's my_chat_member update", () => {
    const tg = new FakeTelegram();
    const update = tg.kick(-100_5) as Update;
    expect(update.my_chat_member).toMatchObject({
      chat: { id: -100_5, type: "supergroup" },
      new_chat_member: { status: "left", user: { id: BOT_INFO.id } },
    });
    expect(tg.deliver(update)).toBe(true);
  });
});

describe("the harness delivers only what Telegram would", () => {
  let h: Harness | null = null;
  afterEach(() => {
    h?.close();
    h = null;
  });

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
