/**
 * The fake Bot API holds the bot to Telegram's rules: the cases run through grammY's own Api
 * client, in process (`fetch`); then what only the HTTP transport does (long polling, chunked
 * uploads, tokens, dropped connections). TDLib's HTML parser is checked on its own at the end.
 */
import { Api, GrammyError, InputFile } from "grammy";
import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHtml } from "../../bench/testkit/bot-api/html.js";
import { typedEntities } from "../../bench/testkit/bot-api/updates.js";
import { BOT_INFO, FakeBotApi, plainText, TG, WarpClock } from "../../bench/testkit/index.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]);
const ALICE: User = { id: 11, is_bot: false, first_name: "Alice", username: "alice" };
const OTHER_BOT: User = { id: 55, is_bot: true, first_name: "Helper", username: "helper_bot" };
const CHAT = -100_777;

/** A fake with a clock the test moves, its flood limits on a warp clock; and a client. */
function fresh() {
  let now = 1_000_000;
  const fake = new FakeBotApi({ now: () => now, wire: new WarpClock() });
  const api = new Api(TOKEN, { fetch: fake.fetch as never });
  const advance = (ms: number) => {
    now += ms;
  };
  /** A user types into a chat: whether the bot gets it, and the message's id. */
  const says = (chatId: number, from: User, text: string, replyTo?: number, extra = {}) => {
    const replied = replyTo === undefined ? undefined : fake.message(chatId, replyTo);
    const update = fake.textUpdate(from, chatId, text, replied);
    Object.assign(update.message!, extra);
    return { delivered: fake.deliver(update), messageId: update.message!.message_id };
  };
  /** Alice presses a button of a bot message; the query's id. */
  const press = (chatId: number, messageId: number, data = "d") => {
    const { queryId, update } = fake.pressUpdate(ALICE, fake.message(chatId, messageId)!, data);
    fake.deliver(update);
    return queryId;
  };
  return { fake, api, advance, says, press };
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
const photo = () => new InputFile(PNG, "b.png");

describe("flood limits", () => {
  it("a group takes 20 sends and edits in any minute; then 429 with retry_after", async () => {
    const { fake, api, press } = fresh();
    const first = await api.sendMessage(CHAT, "1");
    for (let i = 2; i <= 19; i++) await api.sendMessage(CHAT, String(i));
    fake.wire.pass(30_000);
    await api.editMessageText(CHAT, first.message_id, "edited");
    const refused = await api.sendMessage(CHAT, "21").catch((e: GrammyError) => e);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).error_code).toBe(429);
    // The first nineteen leave the window a minute after they went.
    expect((refused as GrammyError).parameters.retry_after).toBe(30);
    expect(fake.problems()).toEqual([
      expect.stringMatching(/^rejected sendMessage \(429 Too Many/),
    ]);
    // Answers to presses are not limited.
    await api.answerCallbackQuery(press(CHAT, first.message_id));
    fake.wire.pass(30_000);
    await api.sendMessage(CHAT, "21");
    expect(fake.problems()).toHaveLength(1);
  });

  it("a private chat takes a burst of three, then one a second", async () => {
    const { fake, api, says } = fresh();
    says(ALICE.id, ALICE, "/start");
    for (let i = 0; i < 3; i++) await api.sendMessage(ALICE.id, `burst ${i}`);
    expect(await refusal(api.sendMessage(ALICE.id, "too soon"))).toMatch(/^Too Many Requests/);
    fake.wire.pass(1_000);
    await api.sendMessage(ALICE.id, "a second later");
    expect(await refusal(api.sendMessage(ALICE.id, "again"))).toMatch(/retry after 1$/);
  });
});

describe("keyboards and callback data", () => {
  it("callback data is 1 to 64 bytes of UTF-8 on every method; the refused payload is kept", async () => {
    const { fake, api } = fresh();
    const text = await api.sendMessage(CHAT, "hi", { reply_markup: kb([["ok", "я".repeat(32)]]) });
    await api.sendMessage(CHAT, "hi", { reply_markup: kb([["ok", "x".repeat(64)]]) });
    for (const data of ["", "x".repeat(65), "я".repeat(33), "🎲".repeat(17)])
      expect(await refusal(api.sendMessage(CHAT, "x", { reply_markup: kb([["no", data]]) }))).toBe(
        TG.buttonData,
      );
    const long = kb([["no", "я".repeat(33)]]);
    const pic = await api.sendPhoto(CHAT, photo(), { caption: "c" });
    const calls: (() => Promise<unknown>)[] = [
      () => api.sendPhoto(CHAT, photo(), { reply_markup: long }),
      () => api.editMessageText(CHAT, text.message_id, "new", { reply_markup: long }),
      () => api.editMessageCaption(CHAT, pic.message_id, { caption: "d", reply_markup: long }),
      () =>
        api.editMessageMedia(
          CHAT,
          pic.message_id,
          { type: "photo", media: photo() },
          { reply_markup: long },
        ),
      () => api.editMessageReplyMarkup(CHAT, text.message_id, { reply_markup: long }),
    ];
    for (const call of calls) expect(await refusal(call())).toBe(TG.buttonData);
    expect(fake.rejected.map((r) => r.method)).toEqual([
      ...Array(4).fill("sendMessage"),
      "sendPhoto",
      "editMessageText",
      "editMessageCaption",
      "editMessageMedia",
      "editMessageReplyMarkup",
    ]);
    expect(fake.rejected.at(-1)!.payload.reply_markup).toEqual(long);
  });

  it("100 buttons at most; a row over 8 is taken but is a violation; every button needs an action", async () => {
    const { fake, api } = fresh();
    const rows = (n: number, per: number) =>
      Array.from({ length: n }, (_, r) =>
        Array.from({ length: per }, (_, i) => ({ text: "b", callback_data: `${r}:${i}` })),
      );
    const send = (markup: unknown) =>
      refusal(api.sendMessage(CHAT, "x", { reply_markup: markup as never }));
    expect(await send({ inline_keyboard: rows(20, 5) })).toBeNull();
    expect(await send({ inline_keyboard: rows(17, 6) })).toBe(TG.markupTooLong);
    expect(fake.violations).toEqual([]);
    await send({ inline_keyboard: rows(1, 9) });
    expect(fake.violations).toEqual([
      "sendMessage: inline keyboard row 0 has 9 buttons; Telegram shows at most 8",
    ]);
    const one = (b: object) => send({ inline_keyboard: [[b]] });
    expect(await one({ text: "t" })).toBe(TG.textButton);
    expect(await one({ text: 1, callback_data: "a" })).toBe(TG.buttonText);
    expect(await one({ text: "t", url: "ftp://x" })).toBe(TG.buttonUrl);
    expect(await one({ text: "t", url: "javascript:alert(1)" })).toBe(TG.buttonUrl);
    expect(await one({ text: "t", url: "https://t.me/nardy_test_bot?start=1" })).toBeNull();
    expect(await one({ text: "t", switch_inline_query: "" })).toBeNull();
    expect(await send({ inline_keyboard: [{ text: "x" }] })).toBe(TG.notArrayOfArrays);
    expect(await send({ remove_keyboard: true })).toBeNull();
  });

  it("force_reply asks for a reply on sends only; its placeholder is 64 characters at most", async () => {
    const { fake, api } = fresh();
    const sent = await api.sendMessage(CHAT, "Whom?", {
      reply_markup: { force_reply: true, input_field_placeholder: "@username", selective: true },
    });
    expect(fake.message(CHAT, sent.message_id)!.forceReply).toEqual({
      placeholder: "@username",
      selective: true,
    });
    await api.sendMessage(CHAT, "Whom?", {
      reply_markup: { force_reply: true, input_field_placeholder: "p".repeat(65) },
    });
    expect(fake.violations).toEqual([
      "sendMessage: input_field_placeholder has 65 characters; Telegram shows at most 64",
    ]);
    const onEdit = api.editMessageText(CHAT, sent.message_id, "x", {
      reply_markup: { force_reply: true },
    } as never);
    expect(await refusal(onEdit)).toBe(TG.inlineKeyboardExpected);
    expect(fake.rejected).toHaveLength(1);
  });

  it("inline query results are checked like messages, answered once", async () => {
    const { fake, api } = fresh();
    fake.rules.registerQuery("inline", "iq1");
    fake.rules.registerQuery("inline", "iq2");
    const result = (data: string, text = "<b>card</b>") => ({
      type: "article" as const,
      id: "r1",
      title: "t",
      input_message_content: { message_text: text, parse_mode: "HTML" as const },
      reply_markup: kb([["Accept", data]]),
    });
    const answer = (id: string, results: unknown[]) =>
      refusal(api.answerInlineQuery(id, results as never));
    expect(await answer("iq1", [result("x".repeat(65))])).toBe(TG.buttonData);
    expect(await answer("iq1", [result("a", "<p>card</p>")])).toMatch(
      /^Bad Request: can't parse entities: Unsupported start tag "p"/,
    );
    expect(await answer("iq1", [result("a"), result("b")])).toBe(TG.resultIdDuplicate);
    expect(
      await answer(
        "iq1",
        Array.from({ length: 51 }, (_, i) => ({ ...result("a"), id: `${i}` })),
      ),
    ).toBe(TG.resultsTooMuch);
    expect(await answer("iq1", [result("a")])).toBeNull();
    expect(await answer("iq1", [result("a")])).toBe(TG.queryInvalid);
    expect(await answer("iq2", [{ type: "photo", id: "p", photo_file_id: "no-such-file" }])).toBe(
      TG.wrongFile,
    );
  });
});

describe("texts", () => {
  it("HTML as Telegram parses it; errors are can't parse entities", async () => {
    const { api } = fresh();
    const html = (text: string, mode = "HTML") =>
      refusal(api.sendMessage(CHAT, text, { parse_mode: mode as "HTML" }));
    expect(
      await html(
        '<b>a</b> <i>b</i> <u>c</u> <s>d</s> <a href="tg://user?id=1">e</a> <code>f</code> ' +
          "<tg-spoiler>g</tg-spoiler> <blockquote>h</blockquote> &lt;3 &amp; &quot;",
      ),
    ).toBeNull();
    expect(await html("<div>x</div>")).toBe(
      `Bad Request: can't parse entities: Unsupported start tag "div" at byte offset 0`,
    );
    expect(await html("<b>bold")).toBe(
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    );
    expect(await html("Tom & Jerry")).toMatch(/Character "&" at byte offset 4/);
    expect(await html("<b>x</b>", "html")).toBeNull();
    expect(await html("x", "Klingon")).toBe(TG.unsupportedParseMode);
    // Without parse_mode nothing is parsed.
    expect(await refusal(api.sendMessage(CHAT, "1 < 2 & <div>"))).toBeNull();
  });

  it("lengths count code points after parsing and trimming: 4096 for texts, 1024 for captions", async () => {
    const { api } = fresh();
    const t = await api.sendMessage(CHAT, `<b>${"a".repeat(4096)}</b>`, { parse_mode: "HTML" });
    expect(await refusal(api.sendMessage(CHAT, "a".repeat(4097)))).toBe(TG.textTooLong);
    expect(await refusal(api.sendMessage(CHAT, "😀".repeat(4096)))).toBeNull();
    expect(await refusal(api.sendMessage(CHAT, `  ${"b".repeat(4096)}\n\n`))).toBeNull();
    expect(await refusal(api.editMessageText(CHAT, t.message_id, "b".repeat(4097)))).toBe(
      TG.textTooLong,
    );
    for (const empty of ["", "   \n", "<b></b>", "<b> </b>"])
      expect(await refusal(api.sendMessage(CHAT, empty, { parse_mode: "HTML" }))).toBe(
        TG.textEmpty,
      );
    const captioned = (caption: string) =>
      api.sendPhoto(CHAT, photo(), { caption, parse_mode: "HTML" });
    const p = await captioned(`<i>${"c".repeat(1024)}</i>`);
    expect(await refusal(captioned("c".repeat(1025)))).toBe(TG.captionTooLong);
    expect(await refusal(captioned("<x>"))).toMatch(/^Bad Request: can't parse entities/);
    // An empty caption is no caption.
    expect((await captioned("")).caption).toBeUndefined();
    const edit = (caption: string, mode?: "HTML") =>
      refusal(api.editMessageCaption(CHAT, p.message_id, { caption, parse_mode: mode }));
    expect(await edit("d".repeat(1025))).toBe(TG.captionTooLong);
    expect(await edit("<b>d", "HTML")).toMatch(/Can't find end tag/);
  });
});

describe("callback queries", () => {
  it("answered once, in time, only if delivered; start links only", async () => {
    const { fake, api, advance, press } = fresh();
    const m = await api.sendMessage(CHAT, "x", { reply_markup: kb([["b", "d"]]) });
    const [q1, q2, q3, q4, q5] = [1, 2, 3, 4, 5].map(() => press(CHAT, m.message_id));
    expect(await refusal(api.answerCallbackQuery(q1!))).toBeNull();
    expect(await refusal(api.answerCallbackQuery(q1!))).toBe(TG.queryInvalid);
    expect(await refusal(api.answerCallbackQuery("9999"))).toBe(TG.queryInvalid);
    expect(await refusal(api.answerCallbackQuery(q2!, { text: "x".repeat(201) }))).toBe(
      TG.alertTooLong,
    );
    expect(await refusal(api.answerCallbackQuery(q5!, { url: "https://example.com" }))).toBe(
      TG.urlInvalid,
    );
    expect(
      await refusal(api.answerCallbackQuery(q5!, { url: `t.me/${BOT_INFO.username}?start=p1` })),
    ).toBeNull();
    advance(15_000);
    expect(await refusal(api.answerCallbackQuery(q2!, { text: "ok" }))).toBeNull();
    advance(1);
    expect(await refusal(api.answerCallbackQuery(q3!))).toBe(TG.queryInvalid);
    expect(fake.unansweredQueries().map((q) => q.id)).toEqual([q3, q4]);
    expect(fake.problems().filter((p) => /never answered/.test(p))).toEqual([
      `callback query ${q3} (data "d") was never answered`,
      `callback query ${q4} (data "d") was never answered`,
    ]);
  });

  it("an inline query is not a callback query", async () => {
    const { fake, api } = fresh();
    fake.rules.registerQuery("inline", "b");
    expect(await refusal(api.answerCallbackQuery("b"))).toBe(TG.queryInvalid);
  });
});

describe("editing, replying, deleting", () => {
  it("identical content is not modified, compared as users see it", async () => {
    const { fake, api } = fresh();
    const same = { parse_mode: "HTML" as const, reply_markup: kb([["b", "d"]]) };
    const m = await api.sendMessage(CHAT, "<b>x</b>", same);
    expect(await refusal(api.editMessageText(CHAT, m.message_id, "<strong>x</strong>", same))).toBe(
      TG.notModified,
    );
    expect(
      await refusal(
        api.editMessageReplyMarkup(CHAT, m.message_id, { reply_markup: kb([["b", "d"]]) }),
      ),
    ).toBe(TG.notModified);
    // Without reply_markup the buttons go: that is a change.
    const bare = api.editMessageText(CHAT, m.message_id, "<b>x</b>", { parse_mode: "HTML" });
    expect(await refusal(bare)).toBeNull();
    expect(fake.message(CHAT, m.message_id)!.keyboard).toEqual([]);
  });

  it("text, caption and media edits only fit their kind of message; users' messages are theirs", async () => {
    const { api, says } = fresh();
    const text = await api.sendMessage(CHAT, "t");
    const pic = await api.sendPhoto(CHAT, photo(), { caption: "c" });
    expect(await refusal(api.editMessageText(CHAT, pic.message_id, "x"))).toBe(TG.noTextToEdit);
    expect(await refusal(api.editMessageCaption(CHAT, text.message_id, { caption: "x" }))).toBe(
      TG.noCaptionToEdit,
    );
    const media = api.editMessageMedia(CHAT, text.message_id, { type: "photo", media: photo() });
    expect(await refusal(media)).toBe(TG.noMediaToEdit);
    expect(await refusal(api.editMessageText(CHAT, 9999, "x"))).toBe(TG.editNotFound);
    await api.deleteMessage(CHAT, text.message_id);
    expect(await refusal(api.editMessageText(CHAT, text.message_id, "x"))).toBe(TG.editNotFound);
    expect(await refusal(api.deleteMessage(CHAT, text.message_id))).toBe(TG.deleteNotFound);
    const said = says(CHAT, ALICE, "/play");
    expect(await refusal(api.editMessageText(CHAT, said.messageId, "x"))).toBe(TG.cantBeEdited);
    expect(await refusal(api.deleteMessage(CHAT, said.messageId))).toBe(TG.cantBeDeleted);
  });

  it("a reply needs its message unless allow_sending_without_reply", async () => {
    const { api, says } = fresh();
    const said = says(CHAT, ALICE, "/play");
    const ok = await api.sendMessage(CHAT, "x", {
      reply_parameters: { message_id: said.messageId },
    });
    const to = (message_id: number, allow?: boolean) =>
      refusal(
        api.sendMessage(CHAT, "x", {
          reply_parameters: { message_id, ...(allow ? { allow_sending_without_reply: true } : {}) },
        }),
      );
    expect(await to(9999)).toBe(TG.replyNotFound);
    expect(await to(9999, true)).toBeNull();
    expect(await to(ok.message_id)).toBeNull();
    const legacy = api.raw.sendMessage({
      chat_id: CHAT,
      text: "x",
      reply_to_message_id: 9999,
    } as never);
    expect(await refusal(legacy)).toBe(TG.replyNotFound);
    const onPhoto = api.sendPhoto(CHAT, photo(), { reply_parameters: { message_id: 9999 } });
    expect(await refusal(onPhoto)).toBe(TG.replyNotFound);
  });

  it("a message can be deleted for 48 hours", async () => {
    const { api, advance } = fresh();
    const a = await api.sendMessage(CHAT, "a");
    const b = await api.sendMessage(CHAT, "b");
    advance(48 * 3_600_000 - 1);
    expect(await refusal(api.deleteMessage(CHAT, a.message_id))).toBeNull();
    advance(1);
    expect(await refusal(api.deleteMessage(CHAT, b.message_id))).toBe(TG.cantBeDeleted);
  });

  it("photos: uploads must be pictures; file ids only as Telegram issued them", async () => {
    const { fake, api } = fresh();
    const sent = await api.sendPhoto(CHAT, photo());
    const id = sent.photo[0]!.file_id;
    expect(fake.fileBytes(id)).toEqual(PNG);
    expect(await refusal(api.sendPhoto(CHAT, id))).toBeNull();
    expect(await refusal(api.sendPhoto(CHAT, "made-up-id"))).toBe(TG.wrongFile);
    expect(
      await refusal(api.sendPhoto(CHAT, new InputFile(Buffer.from("not a picture"), "x.png"))),
    ).toBe(TG.notAnImage);
  });

  it("inline messages: no uploads, file ids it issued, Telegram's answers", async () => {
    const { fake, api } = fresh();
    await expect(api.getMe()).resolves.toMatchObject({ username: BOT_INFO.username });
    fake.addInlineMessage("inl", "card", [[{ text: "Accept", callback_data: "a" }]]);
    const media = (m: InputFile | string) =>
      api.editMessageMediaInline("inl", { type: "photo", media: m });
    expect(await refusal(media(photo()))).toBe(TG.uploadInInline);
    expect(await refusal(media("made-up-id"))).toBe(TG.wrongFile);
    const sent = await api.sendPhoto(-1, photo());
    expect(await refusal(media(sent.photo[0]!.file_id))).toBeNull();
    expect(fake.inlineMessage("inl")!.photo).toBe(sent.photo[0]!.file_id);
    expect(await refusal(api.editMessageTextInline("inl", "x"))).toBe(TG.noTextToEdit);
    expect(await refusal(api.editMessageTextInline("nope", "x"))).toBe(TG.editNotFound);
    expect(await refusal(api.raw.sendDice({ chat_id: -1 }))).toMatch(/^Not Found/);
    expect(fake.rejected.map((r) => r.method)).toEqual([
      "editMessageMedia",
      "editMessageMedia",
      "editMessageText",
      "editMessageText",
      "sendDice",
    ]);
  });
});

describe("chats the bot lost, or never had", () => {
  it("after a kick every call into the chat is 403, nothing from it comes; my_chat_member tells", async () => {
    const { fake, api, says } = fresh();
    const m = await api.sendMessage(CHAT, "x");
    const update = fake.kick(CHAT);
    expect(update.my_chat_member).toMatchObject({
      chat: { id: CHAT, type: "supergroup" },
      new_chat_member: { status: "left", user: { id: BOT_INFO.id } },
    });
    expect(fake.deliver(update)).toBe(true);
    expect(await refusal(api.sendMessage(CHAT, "y"))).toBe(TG.kickedSupergroup);
    expect(await refusal(api.editMessageText(CHAT, m.message_id, "z"))).toBe(TG.kickedSupergroup);
    expect(await refusal(api.sendPhoto(CHAT, photo()))).toBe(TG.kickedSupergroup);
    expect(await refusal(api.deleteMessage(CHAT, m.message_id))).toBe(TG.kickedSupergroup);
    expect(says(CHAT, ALICE, "/play").delivered).toBe(false);
    expect(fake.rejected.map((r) => r.error_code)).toEqual([403, 403, 403, 403]);
    fake.rules.setChatType(-5, "group");
    fake.kick(-5);
    expect(await refusal(api.sendMessage(-5, "y"))).toBe(TG.kickedGroup);
    fake.rules.rejoin(CHAT);
    expect(await refusal(api.sendMessage(CHAT, "back"))).toBeNull();
  });

  it("a private chat: only after the user wrote; blocked after a kick; back after a rejoin", async () => {
    const { fake, api, says } = fresh();
    expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBe(TG.cantInitiate);
    expect(says(ALICE.id, ALICE, "hi there").delivered).toBe(true);
    expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBeNull();
    fake.kick(ALICE.id);
    expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBe(TG.blocked);
    expect(says(ALICE.id, ALICE, "hi again").delivered).toBe(false);
    fake.rules.rejoin(ALICE.id);
    expect(await refusal(api.sendMessage(ALICE.id, "hello"))).toBeNull();
    const open = new FakeBotApi({ privateChatsNeedStart: false });
    expect(open.rules.chatError(7)).toBeNull();
  });
});

describe("privacy mode in groups", () => {
  it("a group message reaches the bot only as a command, a reply to it or a mention", async () => {
    const { fake, api, says } = fresh();
    const said = (text: string, replyTo?: number) => says(CHAT, ALICE, text, replyTo).delivered;
    expect(said("hello all")).toBe(false);
    expect(said("/play")).toBe(true);
    expect(said("/play@nardy_test_bot short")).toBe(true);
    expect(said("/play@helper_bot")).toBe(false);
    expect(said("hey @nardy_test_bot, a game?")).toBe(true);
    expect(said("hey @somebody_else")).toBe(false);
    const bot = await api.sendMessage(CHAT, "Whom?");
    expect(said("@bob", bot.message_id)).toBe(true);
    const user = says(CHAT, ALICE, "/play").messageId;
    expect(said("me too", user)).toBe(false);
    expect(fake.undelivered.map((u) => u.reason)).toEqual(
      Array(4).fill("privacy mode: not a command, reply to or mention of the bot"),
    );
    // Everything in a private chat.
    expect(says(ALICE.id, ALICE, "hello").delivered).toBe(true);
  });

  it("other bots: never heard; when one spoke last, a plain /command goes to it", async () => {
    const { api, says } = fresh();
    expect(says(CHAT, OTHER_BOT, "/play@nardy_test_bot").delivered).toBe(false);
    expect(says(CHAT, ALICE, "/play").delivered).toBe(false);
    expect(says(CHAT, ALICE, "/play@nardy_test_bot").delivered).toBe(true);
    await api.sendMessage(CHAT, "I am here");
    expect(says(CHAT, ALICE, "/play").delivered).toBe(true);
  });

  it("service messages always; everything with privacy off or as an admin", () => {
    const { fake, says } = fresh();
    expect(says(CHAT, ALICE, "", undefined, { new_chat_members: [ALICE] }).delivered).toBe(true);
    fake.rules.setBotAdmin(CHAT);
    expect(says(CHAT, ALICE, "chatter").delivered).toBe(true);
    fake.rules.setBotAdmin(CHAT, false);
    expect(says(CHAT, ALICE, "chatter").delivered).toBe(false);
    fake.rules.privacyMode = false;
    expect(says(CHAT, ALICE, "chatter").delivered).toBe(true);
    expect(says(CHAT, OTHER_BOT, "chatter").delivered).toBe(false);
  });

  it("typed texts get the entities a Telegram app marks: commands and mentions", () => {
    expect(typedEntities("/play@nardy_test_bot vs @bob_the_great and /help")).toEqual([
      { type: "bot_command", offset: 0, length: 20 },
      { type: "mention", offset: 24, length: 14 },
      { type: "bot_command", offset: 43, length: 5 },
    ]);
    expect(typedEntities("mail me at a@b.cd, see 1/2")).toEqual([]);
  });
});

describe("what a test injects", () => {
  it("injected failures are not rejections; problems() lists what went wrong", async () => {
    const { fake, api } = fresh();
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: injected" });
    expect(await refusal(api.sendMessage(CHAT, "x"))).toBe("Bad Request: injected");
    expect(fake.rejected).toEqual([]);
    expect(fake.rules.injected.map((r) => r.description)).toEqual(["Bad Request: injected"]);
    expect(fake.problems()).toEqual([]);
    await refusal(api.sendMessage(CHAT, ""));
    expect(fake.rejected).toEqual([
      {
        method: "sendMessage",
        payload: { chat_id: CHAT, text: "" },
        error_code: 400,
        description: TG.textEmpty,
      },
    ]);
    expect(fake.problems()).toEqual([
      `rejected sendMessage (400 ${TG.textEmpty}) {"chat_id":${CHAT},"text":""}`,
    ]);
  });

  it("a failure for the calls it matches, its effect first; a 429 with its wait", async () => {
    const { fake, api } = fresh();
    const sent = await api.sendMessage(CHAT, "board");
    fake.failNext(
      /^editMessage/,
      { error_code: 400, description: TG.editNotFound },
      {
        match: (p) => Number(p.chat_id) === CHAT,
        effect: () => fake.deleteMessage(CHAT, sent.message_id),
      },
    );
    fake.rateLimitNext("sendMessage", 7);
    expect(fake.pendingFailures).toBe(2);
    expect(await refusal(api.editMessageText(-1, 1, "x"))).toBe(TG.editNotFound);
    expect(fake.message(CHAT, sent.message_id)).toBeDefined();
    expect(await refusal(api.editMessageText(CHAT, sent.message_id, "x"))).toBe(TG.editNotFound);
    expect(fake.message(CHAT, sent.message_id)).toBeUndefined();
    const limited = await api.sendMessage(CHAT, "x").catch((e: GrammyError) => e);
    expect((limited as GrammyError).parameters.retry_after).toBe(7);
    expect(fake.pendingFailures).toBe(0);
    // The first edit's refusal was Telegram's own (no such message in chat -1).
    expect(fake.rejected.map((r) => r.payload.chat_id)).toEqual([-1]);
  });

  it("a held reply: the call is carried out, its answer waits; lost, the caller sees a network error", async () => {
    const { fake, api } = fresh();
    const hold = fake.holdNext("sendMessage");
    const sending = api.sendMessage(CHAT, "held");
    await hold.reached;
    expect(fake.chatMessages(CHAT).map((m) => m.text)).toEqual(["held"]);
    hold.release(true);
    await expect(sending).rejects.toThrow(/Network request/);
    fake.dropNext("sendMessage");
    await expect(api.sendMessage(CHAT, "dropped")).rejects.toThrow(/Network request/);
    expect(fake.callsOf("sendMessage").map((c) => Boolean(c.dropped))).toEqual([false, true]);
    expect(fake.chatMessages(CHAT)).toHaveLength(1);
  });

  it("a held request: served on release; lost, never carried out", async () => {
    const { fake, api } = fresh();
    const lost = fake.holdNext("sendMessage", { at: "request" });
    const sending = api.sendMessage(CHAT, "never");
    await lost.reached;
    lost.release(true);
    await expect(sending).rejects.toThrow(/Network request/);
    const served = fake.holdNext("sendMessage", { at: "request" });
    const later = api.sendMessage(CHAT, "later");
    await served.reached;
    expect(fake.chatMessages(CHAT)).toEqual([]);
    served.release();
    await later;
    expect(fake.chatMessages(CHAT).map((m) => m.text)).toEqual(["later"]);
  });
});

describe("over HTTP", () => {
  const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 50 });
  let api: Api;
  let root = "";
  beforeAll(async () => {
    root = await fake.listen();
    api = new Api(TOKEN, { apiRoot: root });
  });
  afterAll(() => fake.close());
  const poll = async (offset = 0) =>
    (await api.getUpdates({ offset, timeout: 1 })) as unknown as Update[];

  it("long polling serves only what a bot in privacy mode gets, and forgets what was confirmed", async () => {
    expect(fake.sendText(ALICE, CHAT, "hello everyone")).toBeNull();
    expect(fake.sendText(ALICE, CHAT, "/play")).not.toBeNull();
    const updates = await poll();
    expect(updates.map((u) => u.message?.text)).toEqual(["/play"]);
    expect(updates[0]!.message!.entities).toEqual([{ type: "bot_command", offset: 0, length: 5 }]);
    expect(fake.undelivered.map((u) => u.reason)).toEqual([
      "privacy mode: not a command, reply to or mention of the bot",
    ]);
    // The bot's message and a reply to it: delivered; the user's messages are not the bot's.
    const sent = await api.sendMessage(CHAT, "Whom?", {
      reply_markup: { force_reply: true, selective: true },
    });
    expect(fake.sendText(ALICE, CHAT, "@bob", fake.message(CHAT, sent.message_id))).not.toBeNull();
    const next = await poll(updates[0]!.update_id + 1);
    expect(next.map((u) => u.update_id)).toEqual([fake.lastUpdateId]);
    expect(next[0]!.message!.reply_to_message!.message_id).toBe(sent.message_id);
    expect(fake.chatMessages(CHAT).map((m) => m.messageId)).toEqual([sent.message_id]);
    expect(await poll(fake.lastUpdateId + 1)).toEqual([]);
  });

  it("uploads come chunked and are kept", async () => {
    const from = fake.calls.length;
    const sent = await api.sendPhoto(CHAT, photo(), { caption: "board" });
    const call = fake.calls.slice(from).find((c) => c.method === "sendPhoto")!;
    expect(call.chunked).toBe(true);
    expect(call.fileNames).toEqual({ [Object.keys(call.files)[0]!]: "b.png" });
    expect(fake.message(CHAT, sent.message_id)!.photo).toEqual(PNG);
  });

  it("a wrong token is a rejection, an injected 429 is not", async () => {
    const rejectedBefore = fake.rejected.length;
    const wrong = new Api(`654321:${"Z".repeat(35)}`, { apiRoot: root });
    await expect(wrong.getMe()).rejects.toMatchObject({ error_code: 401 });
    expect(fake.rejected.slice(rejectedBefore).map((r) => r.error_code)).toEqual([401]);
    fake.rateLimitNext("getMe", 0);
    const injectedBefore = fake.rules.injected.length;
    await expect(api.getMe()).rejects.toMatchObject({ error_code: 429 });
    expect(fake.rules.injected.length).toBe(injectedBefore + 1);
    expect(fake.rejected.length).toBe(rejectedBefore + 1);
  });

  it("a kick queues my_chat_member, then every call into the chat is 403 and presses stay away", async () => {
    const board = await api.sendMessage(CHAT, "board", { reply_markup: kb([["b", "g:1"]]) });
    const before = (await poll()).at(-1)?.update_id ?? 0;
    fake.kick(CHAT);
    const updates = await poll(before + 1);
    expect(updates.map((u) => u.my_chat_member?.new_chat_member.status)).toEqual(["left"]);
    fake.press(ALICE, fake.message(CHAT, board.message_id)!, "g:1");
    expect(await poll(updates[0]!.update_id + 1)).toEqual([]);
    await expect(api.sendMessage(CHAT, "x")).rejects.toMatchObject({
      error_code: 403,
      description: TG.kickedSupergroup,
    });
    expect(fake.unansweredQueries()).toEqual([]);
  });

  it("a lost connection drops the socket", async () => {
    const hold = fake.holdNext("getMe");
    const asking = api.getMe();
    await hold.reached;
    hold.release(true);
    await expect(asking).rejects.toThrow(/Network request/);
  });
});

describe("parse_mode HTML, as TDLib parses it", () => {
  const why = (html: string) => {
    const r = parseHtml(html);
    return r.ok ? null : r.why;
  };

  it("takes every supported tag, the four named references and numeric ones", () => {
    const html =
      "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>" +
      '<a href="https://t.me/x?a=1&amp;b=2">link</a><tg-spoiler>p</tg-spoiler>' +
      '<span class="tg-spoiler">q</span><code>c</code><pre><code class="language-ts">x</code></pre>' +
      '<blockquote expandable>bq</blockquote><tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>' +
      " &lt;3 &gt; &amp; &quot;q&quot; &#39;&#x41;";
    const r = parseHtml(html);
    if (!r.ok) throw new Error(r.why);
    expect(r.value.text).toBe('bsieunskdlinkpqcxbq👍 <3 > & "q" \'A');
    expect(new Set(r.value.entities.map((e) => e.type))).toEqual(
      new Set([
        "bold",
        "italic",
        "underline",
        "strikethrough",
        "text_link",
        "spoiler",
        "code",
        "pre",
        "expandable_blockquote",
        "custom_emoji",
      ]),
    );
    expect(r.value.entities.find((e) => e.type === "text_link")!.url).toBe(
      "https://t.me/x?a=1&b=2",
    );
  });

  it("nested tags give entities in UTF-16 offsets", () => {
    expect(parseHtml("😀 <b>bold <i>both</i></b>")).toEqual({
      ok: true,
      value: {
        text: "😀 bold both",
        entities: [
          { type: "bold", offset: 3, length: 9 },
          { type: "italic", offset: 8, length: 4 },
        ],
      },
    });
  });

  it("refuses unsupported tags, bad nesting and unclosed tags with TDLib's texts", () => {
    expect(why("<div>x</div>")).toBe('Unsupported start tag "div" at byte offset 0');
    expect(why("<br/>")).toBe('Unsupported start tag "br/" at byte offset 0');
    expect(why("ё<p>")).toBe('Unsupported start tag "p" at byte offset 2');
    expect(why("<b>x")).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(why("<b><i>x</b></i>")).toBe(
      'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"',
    );
    expect(why("x</b>")).toBe("Unexpected end tag at byte offset 1");
    expect(why("<b")).toBe("Unclosed start tag at byte offset 0");
    expect(why("<b>x</b")).toBe("Unclosed end tag at byte offset 4");
    expect(why("<span>x</span>")).toBe('Tag "span" must have class "tg-spoiler" at byte offset 0');
    expect(why('<tg-emoji emoji-id="x">🙂</tg-emoji>')).toBe(
      "Invalid custom emoji identifier specified",
    );
    expect(why('<a href="x>y</a>')).toMatch(/^Unclosed end of attribute value/);
  });

  it("a bare < is an error; so is a bare & (the docs' rule), unless asked to be lenient", () => {
    expect(why("1 < 2")).toBe('Unsupported start tag "" at byte offset 2');
    expect(why("R&D")).toBe('Character "&" at byte offset 1 must be escaped as "&amp;"');
    expect(why("a&nbsp;b")).toMatch(/Character "&" at byte offset 1/);
    expect(parseHtml("R&D", { strictAmpersand: false })).toEqual({
      ok: true,
      value: { text: "R&D", entities: [] },
    });
    // A bare > is taken as it is, as TDLib does; the ; may be left out of a reference.
    expect(why("2 > 1")).toBeNull();
    expect(plainText("&lt3")).toBe("<3");
  });

  it("</> closes whatever is open; start tags in any case, end tags compared as written", () => {
    expect(why("<b>x</>")).toBeNull();
    expect(why("<B>x</b>")).toBeNull();
    expect(why("<b>x</B>")).toMatch(/^Unmatched end tag/);
  });

  it("plainText strips even what Telegram would refuse", () => {
    expect(plainText("<b>a</b> &amp; b")).toBe("a & b");
    expect(plainText("<div>a</div> &amp; R&D")).toBe("a & R&D");
  });
});
