import { describe, expect, it } from "vitest";
import {
  BotApiRules,
  captionText,
  formatted,
  messageText,
  parseHtml,
  plainText,
  replyMarkup,
  replyTarget,
  TG,
  typedEntities,
} from "./bot-api-rules.js";
import { BOT_INFO } from "./bot-info.js";

const why = (html: string) => {
  const r = parseHtml(html);
  return r.ok ? null : r.why;
};

describe("parse_mode HTML, as TDLib parses it", () => {
  it("takes every supported tag and the four named references", () => {
    const html =
      "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>" +
      '<a href="https://t.me/x?a=1&amp;b=2">link</a><tg-spoiler>p</tg-spoiler>' +
      '<span class="tg-spoiler">q</span><code>c</code><pre><code class="language-ts">x</code></pre>' +
      '<blockquote expandable>bq</blockquote><tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>' +
      " &lt;3 &gt; &amp; &quot;q&quot; &#39;&#x41;";
    const r = parseHtml(html);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.text).toBe('bsieunskdlinkpqcxbq👍 <3 > & "q" \'A');
    const types = r.value.entities.map((e) => e.type);
    for (const t of [
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
    ])
      expect(types).toContain(t);
    expect(r.value.entities.find((e) => e.type === "text_link")!.url).toBe(
      "https://t.me/x?a=1&b=2",
    );
  });

  it("nested tags give entities in UTF-16 offsets", () => {
    const r = parseHtml("😀 <b>bold <i>both</i></b>");
    expect(r.ok && r.value.entities).toEqual([
      { type: "bold", offset: 3, length: 9 },
      { type: "italic", offset: 8, length: 4 },
    ]);
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
    // A bare > is taken as it is, as TDLib does.
    expect(why("2 > 1")).toBeNull();
    // The ; may be left out of a reference, as TDLib allows.
    expect(parseHtml("&lt3").ok && plainText("&lt3")).toBe("<3");
  });

  it("</> closes whatever is open; end tags are compared as written", () => {
    expect(why("<b>x</>")).toBeNull();
    expect(why("<B>x</b>")).toBeNull();
    expect(why("<b>x</B>")).toMatch(/^Unmatched end tag/);
  });

  it("plainText strips even what Telegram would refuse", () => {
    expect(plainText("<b>a</b> &amp; b")).toBe("a & b");
    expect(plainText("<div>a</div> &amp; R&D")).toBe("a & R&D");
  });
});

describe("texts and captions", () => {
  it("count code points after parsing and trimming", () => {
    expect(messageText(`<b>${"a".repeat(4096)}</b>`, "HTML").ok).toBe(true);
    expect(messageText("a".repeat(4097), undefined)).toEqual({
      ok: false,
      error: { error_code: 400, description: TG.textTooLong },
    });
    expect(messageText("😀".repeat(4096), undefined).ok).toBe(true);
    expect(messageText(`  ${"b".repeat(4096)}\n\n`, undefined).ok).toBe(true);
    expect(captionText(`<i>${"c".repeat(1024)}</i>`, "HTML").ok).toBe(true);
    expect(captionText("c".repeat(1025), "HTML")).toEqual({
      ok: false,
      error: { error_code: 400, description: TG.captionTooLong },
    });
  });

  it("an empty text is refused, an empty caption is no caption", () => {
    for (const t of ["", "   \n", "<b></b>", "<b> </b>"])
      expect(messageText(t, "HTML")).toEqual({
        ok: false,
        error: { error_code: 400, description: TG.textEmpty },
      });
    expect(captionText("", "HTML")).toEqual({ ok: true, value: null });
    expect(captionText(undefined, "HTML")).toEqual({ ok: true, value: null });
  });

  it("parse errors come as Bad Request: can't parse entities", () => {
    expect(messageText("<x>", "HTML")).toEqual({
      ok: false,
      error: {
        error_code: 400,
        description: `Bad Request: can't parse entities: Unsupported start tag "x" at byte offset 0`,
      },
    });
    expect(formatted("a", "Klingon")).toEqual({
      ok: false,
      error: { error_code: 400, description: TG.unsupportedParseMode },
    });
    // Without parse_mode, tags are plain text.
    expect(messageText("1 < 2 & <x>", undefined).ok).toBe(true);
    expect(formatted("x", "html").ok).toBe(true);
  });
});

describe("reply markups", () => {
  const row = (n: number, data = "d") =>
    Array.from({ length: n }, (_, i) => ({ text: `b${i}`, callback_data: `${data}${i}` }));

  it("callback data is 1 to 64 bytes of UTF-8", () => {
    const kb = (data: string) => ({ inline_keyboard: [[{ text: "x", callback_data: data }]] });
    expect(replyMarkup(kb("x".repeat(64)), "send").ok).toBe(true);
    expect(replyMarkup(kb("я".repeat(32)), "send").ok).toBe(true);
    for (const data of ["", "x".repeat(65), "я".repeat(33), "🎲".repeat(17)])
      expect(replyMarkup(kb(data), "send")).toEqual({
        ok: false,
        error: { error_code: 400, description: TG.buttonData },
      });
  });

  it("at most 100 buttons; more than 8 in a row is taken but noted", () => {
    expect(
      replyMarkup({ inline_keyboard: Array.from({ length: 20 }, () => row(5)) }, "send").ok,
    ).toBe(true);
    expect(
      replyMarkup({ inline_keyboard: Array.from({ length: 17 }, () => row(6)) }, "send"),
    ).toEqual({ ok: false, error: { error_code: 400, description: TG.markupTooLong } });
    const wide = replyMarkup({ inline_keyboard: [row(9)] }, "send");
    expect(wide.ok && wide.value.violations).toEqual([
      "inline keyboard row 0 has 9 buttons; Telegram shows at most 8",
    ]);
  });

  it("buttons need an action; URLs must be links Telegram opens", () => {
    const one = (b: object) => replyMarkup(JSON.stringify({ inline_keyboard: [[b]] }), "send");
    expect(one({ text: "x" })).toMatchObject({ error: { description: TG.textButton } });
    expect(one({ text: 1, callback_data: "a" })).toMatchObject({
      error: { description: TG.buttonText },
    });
    expect(one({ text: "x", url: "javascript:alert(1)" })).toMatchObject({
      error: { description: TG.buttonUrl },
    });
    expect(one({ text: "x", url: "https://t.me/nardy_test_bot?start=1" }).ok).toBe(true);
    expect(one({ text: "x", switch_inline_query: "" }).ok).toBe(true);
    expect(replyMarkup({ inline_keyboard: [{ text: "x" }] }, "send")).toMatchObject({
      error: { description: TG.notArrayOfArrays },
    });
  });

  it("web_app buttons only in a private chat with the bot, to an https page; Mini App links with a fit start parameter", () => {
    const kb = (b: object) => JSON.stringify({ inline_keyboard: [[b]] });
    const app = { text: "🎮", web_app: { url: "https://nardy.example.org/board?g=1" } };
    expect(replyMarkup(kb(app), "send", "private").ok).toBe(true);
    expect(replyMarkup(kb(app), "edit", "private").ok).toBe(true);
    for (const place of ["group", "inline"] as const)
      expect(replyMarkup(kb(app), "send", place), place).toEqual({
        ok: false,
        error: { error_code: 400, description: TG.buttonType },
      });
    expect(replyMarkup(kb(app), "inline")).toMatchObject({ error: { description: TG.buttonType } });
    const plain = { text: "🎮", web_app: { url: "http://nardy.example.org/board" } };
    expect(replyMarkup(kb(plain), "send", "private")).toMatchObject({
      error: { description: TG.webAppUrl("http://nardy.example.org/board") },
    });
    const link = (startapp: string) =>
      replyMarkup(
        kb({ text: "🎮", url: `https://t.me/nardy_test_bot/board?startapp=${startapp}` }),
        "send",
        "group",
      );
    const fine = link("g12");
    expect(fine.ok && fine.value.violations).toEqual([]);
    const odd = link("g%2012");
    expect(odd.ok && odd.value.violations).toEqual([
      'a Mini App link\'s startapp "g 12" in row 0: Telegram takes 1 to 512 of A-Z, a-z, 0-9, _ and -',
    ]);
  });

  it("force_reply on sends only, its placeholder up to 64 characters", () => {
    const fr = replyMarkup(
      { force_reply: true, input_field_placeholder: "@username", selective: true },
      "send",
    );
    expect(fr).toEqual({
      ok: true,
      value: {
        keyboard: [],
        forceReply: { placeholder: "@username", selective: true },
        violations: [],
      },
    });
    const long = replyMarkup(
      { force_reply: true, input_field_placeholder: "p".repeat(65) },
      "send",
    );
    expect(long.ok && long.value.violations).toEqual([
      "input_field_placeholder has 65 characters; Telegram shows at most 64",
    ]);
    expect(replyMarkup({ force_reply: true }, "edit")).toMatchObject({
      error: { description: TG.inlineKeyboardExpected },
    });
    expect(replyMarkup({ remove_keyboard: true }, "send").ok).toBe(true);
  });
});

describe("reply targets", () => {
  const exists = (chatId: number, id: number) => chatId === -1 && id === 5;
  it("must exist unless allow_sending_without_reply", () => {
    expect(replyTarget({ chat_id: -1, reply_parameters: { message_id: 5 } }, exists)).toEqual({
      ok: true,
      value: 5,
    });
    expect(replyTarget({ chat_id: -1, reply_parameters: { message_id: 6 } }, exists)).toEqual({
      ok: false,
      error: { error_code: 400, description: TG.replyNotFound },
    });
    expect(
      replyTarget(
        {
          chat_id: -1,
          reply_parameters: JSON.stringify({ message_id: 6, allow_sending_without_reply: true }),
        },
        exists,
      ),
    ).toEqual({ ok: true, value: null });
    expect(replyTarget({ chat_id: -1, reply_to_message_id: 7 }, exists).ok).toBe(false);
    expect(replyTarget({ chat_id: -1 }, exists)).toEqual({ ok: true, value: null });
  });
});

describe("typed texts get the entities a Telegram app marks", () => {
  it("commands and mentions", () => {
    const text = "/play@nardy_test_bot vs @bob_the_great and /help";
    expect(typedEntities(text)).toEqual([
      { type: "bot_command", offset: 0, length: 20 },
      { type: "mention", offset: 24, length: 14 },
      { type: "bot_command", offset: 43, length: 5 },
    ]);
    expect(typedEntities("mail me at a@b.cd, see 1/2")).toEqual([]);
  });
});

describe("the rules engine", () => {
  it("queries: once, in time, known", () => {
    let now = 0;
    const rules = new BotApiRules({ bot: BOT_INFO, now: () => now, queryTimeoutMs: 1000 });
    rules.registerQuery("callback", "a", 1, "x");
    rules.registerQuery("callback", "b", 1, "y");
    rules.registerQuery("callback", "c", 1, "z");
    expect(rules.answerQuery("callback", "a")).toBeNull();
    expect(rules.answerQuery("callback", "a")).toEqual({
      error_code: 400,
      description: TG.queryInvalid,
    });
    expect(rules.answerQuery("callback", "nope")?.description).toBe(TG.queryInvalid);
    expect(rules.answerQuery("inline", "b")?.description).toBe(TG.queryInvalid);
    now = 1000;
    expect(rules.answerQuery("callback", "b")).toBeNull();
    now = 1001;
    expect(rules.answerQuery("callback", "c")?.description).toBe(TG.queryInvalid);
    expect(rules.unansweredQueries().map((q) => q.id)).toEqual(["c"]);
    expect(rules.problems()).toEqual(['callback query c (data "z") was never answered']);
  });

  it("chats: kicked, blocked, never started", () => {
    const rules = new BotApiRules({ bot: BOT_INFO });
    expect(rules.chatError(-100)).toBeNull();
    rules.kick(-100);
    expect(rules.chatError(-100)).toEqual({ error_code: 403, description: TG.kickedSupergroup });
    rules.setChatType(-5, "group");
    rules.kick(-5);
    expect(rules.chatError("-5")?.description).toBe(TG.kickedGroup);
    expect(rules.chatError(42)?.description).toBe(TG.cantInitiate);
    rules.userStarted(42);
    expect(rules.chatError(42)).toBeNull();
    rules.kick(42);
    expect(rules.chatError(42)?.description).toBe(TG.blocked);
    rules.rejoin(42);
    expect(rules.chatError(42)).toBeNull();
    expect(
      new BotApiRules({ bot: BOT_INFO, privateChatsNeedStart: false }).chatError(7),
    ).toBeNull();
  });

  it("counts refusals apart from injected failures", () => {
    const rules = new BotApiRules({ bot: BOT_INFO });
    rules.record(
      "sendMessage",
      { text: "" },
      { ok: false, error_code: 400, description: "x" },
      false,
    );
    rules.record("getUpdates", {}, { ok: false, error_code: 429, description: "y" }, true);
    rules.record("getMe", {}, { ok: true, result: {} }, false);
    expect(rules.rejected).toEqual([
      { method: "sendMessage", payload: { text: "" }, error_code: 400, description: "x" },
    ]);
    expect(rules.injected.map((r) => r.error_code)).toEqual([429]);
    expect(rules.problems()).toEqual(['rejected sendMessage (400 x) {"text":""}']);
  });
});
