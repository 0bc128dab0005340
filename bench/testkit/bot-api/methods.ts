/**
 * The Bot API methods the fake serves, each by Telegram's rules: what it refuses, what it
 * stores, what it answers.
 */
import { BOT_INFO } from "./bot-info.js";
import { type Answer, type ApiError, bad, type Check, LIMITS, TG } from "./errors.js";
import { captionText, type Entity, type Formatted, messageText } from "./html.js";
import { asJson, inlineResults, placeOf, replyMarkup, replyTarget } from "./markup.js";
import type { BotApiRules } from "./rules.js";
import { contentKey, type MessageStore, type StoredMessage } from "./store.js";

/** One request as the methods see it. */
export interface Request {
  readonly seq: number;
  readonly method: string;
  readonly payload: Record<string, unknown>;
  readonly files: Record<string, Buffer>;
  readonly fileNames: Record<string, string>;
}

/** What the methods work on. */
export interface Telegram {
  readonly store: MessageStore;
  readonly rules: BotApiRules;
  /** What getChatMember reports, by `chatId:userId`; "member" when absent. */
  readonly memberships: ReadonlyMap<string, string>;
  /** The date (Unix seconds) a new message of the bot's is given. */
  readonly dateOfNew: () => number;
  /** Photo uploads must be pictures (PNG or JPEG). */
  readonly images: boolean;
}

const okAnswer = (result: unknown): Answer => ({ ok: true, result });
const fail = (e: ApiError): Answer => ({ ok: false, ...e });

/** A chat's menu button: a web_app one needs a text and an https URL (the fake's words). */
function menuButton(p: Record<string, unknown>): Answer {
  const b = asJson(p.menu_button ?? { type: "default" }) as {
    type?: unknown;
    text?: unknown;
    web_app?: { url?: unknown };
  };
  if (b.type === "default" || b.type === "commands") return okAnswer(true);
  if (b.type !== "web_app" || typeof b.text !== "string" || b.text === "")
    return fail(bad("Bad Request: can't parse menu button"));
  const url = b.web_app?.url;
  if (typeof url !== "string" || !url.startsWith("https://"))
    return fail(bad(TG.webAppUrl(String(url))));
  return okAnswer(true);
}

/** The answer to a request Telegram gets (not getUpdates, which waits for updates). */
export function serve(tg: Telegram, r: Request): Answer {
  const p = r.payload;
  const chatError = tg.rules.chatError(p.chat_id);
  if (chatError && "chat_id" in p) return fail(chatError);
  switch (r.method) {
    case "getMe":
      return okAnswer(BOT_INFO);
    case "getChatMember": {
      const userId = Number(p.user_id);
      const status = tg.memberships.get(`${Number(p.chat_id)}:${userId}`) ?? "member";
      return okAnswer({ status, user: { id: userId, is_bot: false, first_name: "User" } });
    }
    case "setMyCommands":
    case "deleteMyCommands":
    case "deleteWebhook":
    case "setWebhook":
    case "sendChatAction":
      return okAnswer(true);
    case "setChatMenuButton":
      return menuButton(p);
    case "answerCallbackQuery":
      return answerCallback(tg, p);
    case "answerInlineQuery": {
      const results = inlineResults(p.results, (id) => tg.store.knows(id));
      if (!results.ok) return fail(results.error);
      const e = tg.rules.answerQuery("inline", p.inline_query_id);
      if (e) return fail(e);
      tg.rules.violate(r.method, results.value.violations);
      return okAnswer(true);
    }
    case "sendMessage":
    case "sendPhoto":
    case "sendDocument":
    case "sendAnimation":
      return send(tg, r);
    case "deleteMessage":
      return deleteMessage(tg, p);
    case "editMessageText":
    case "editMessageCaption":
    case "editMessageMedia":
    case "editMessageReplyMarkup":
      return edit(tg, r);
    default:
      return fail({ error_code: 404, description: TG.notFound(r.method) });
  }
}

function answerCallback(tg: Telegram, p: Record<string, unknown>): Answer {
  if (typeof p.text === "string" && p.text.length > LIMITS.callbackAnswer)
    return fail(bad(TG.alertTooLong));
  // Outside games, a press may only open this bot's chat with a start parameter.
  const startLink = new RegExp(
    `^(https://)?t\\.me/${BOT_INFO.username}\\?start=[A-Za-z0-9_-]{1,64}$`,
  );
  if (p.url !== undefined && !startLink.test(String(p.url))) return fail(bad(TG.urlInvalid));
  const e = tg.rules.answerQuery("callback", p.callback_query_id);
  return e ? fail(e) : okAnswer(true);
}

/** sendMessage, sendPhoto, sendDocument, sendAnimation: a new message of the bot's. */
function send(tg: Telegram, r: Request): Answer {
  const p = r.payload;
  const chatId = Number(p.chat_id);
  const markup = replyMarkup(p.reply_markup, "send", placeOf(chatId));
  if (!markup.ok) return fail(markup.error);
  const content = r.method === "sendMessage" ? textContent(p) : mediaContent(tg, r);
  if (!content.ok) return fail(content.error);
  const reply = replyTarget(p, (c, id) => tg.store.exists(c, id));
  if (!reply.ok) return fail(reply.error);
  tg.rules.violate(r.method, markup.value.violations);
  const stored = tg.store.put({
    chatId,
    messageId: tg.store.newMessageId(chatId),
    inlineMessageId: null,
    text: null,
    caption: null,
    photo: null,
    photoId: null,
    file: null,
    ...content.value,
    keyboard: markup.value.keyboard,
    forceReply: markup.value.forceReply,
    replyTo: reply.value,
    sentAt: tg.rules.now(),
    date: tg.dateOfNew(),
    changedAt: r.seq,
  });
  tg.rules.botSpoke(chatId);
  return okAnswer(tg.store.toTelegram(stored));
}

type Content = Partial<StoredMessage> & { shown: Formatted | null };

function textContent(p: Record<string, unknown>): Check<Content> {
  const t = messageText(p.text, p.parse_mode, p.entities);
  return t.ok ? { ok: true, value: { text: String(p.text), shown: t.value } } : t;
}

/** A photo, document or animation with its caption. */
function mediaContent(tg: Telegram, r: Request): Check<Content> {
  const p = r.payload;
  const c = captionText(p.caption, p.parse_mode, p.caption_entities);
  if (!c.ok) return c;
  const caption = typeof p.caption === "string" ? p.caption : null;
  if (r.method === "sendPhoto") {
    const got = tg.store.photoFrom(p.photo, r.files, { inline: false, images: tg.images });
    return got.ok ? { ok: true, value: { caption, shown: c.value, ...got.value } } : got;
  }
  const kind = r.method === "sendDocument" ? "document" : "animation";
  const got = tg.store.fileFrom(p[kind], r.files, r.fileNames);
  return got.ok
    ? { ok: true, value: { caption, shown: c.value, file: { kind, ...got.value } } }
    : got;
}

function deleteMessage(tg: Telegram, p: Record<string, unknown>): Answer {
  const chatId = Number(p.chat_id);
  const messageId = Number(p.message_id);
  const key = `${chatId}:${messageId}`;
  const own = tg.store.messages.get(key);
  const theirs = tg.store.incoming.get(key);
  const sent = own ?? theirs;
  if (!sent) return fail(bad(TG.deleteNotFound));
  const mayDelete =
    (own !== undefined || tg.rules.chatType(chatId) === "private" || tg.rules.isBotAdmin(chatId)) &&
    tg.rules.now() - sent.sentAt < LIMITS.deleteAgeMs;
  if (!mayDelete) return fail(bad(TG.cantBeDeleted));
  tg.store.remove(chatId, messageId);
  return okAnswer(true);
}

function edit(tg: Telegram, r: Request): Answer {
  const p = r.payload;
  const m = tg.store.target(p);
  if (!m) {
    const theirs = !p.inline_message_id && tg.store.exists(Number(p.chat_id), Number(p.message_id));
    return fail(bad(theirs ? TG.cantBeEdited : TG.editNotFound));
  }
  const markup = replyMarkup(p.reply_markup, "edit", placeOf(m.inlineMessageId ? null : m.chatId));
  if (!markup.ok) return fail(markup.error);
  const change = editedContent(tg, r, m);
  if (!change.ok) return fail(change.error);
  // An edit without reply_markup takes the buttons away, as in Telegram.
  const next: StoredMessage = { ...m, ...change.value, keyboard: markup.value.keyboard };
  if (contentKey(next) === contentKey(m)) return fail(bad(TG.notModified));
  tg.rules.violate(r.method, markup.value.violations);
  Object.assign(m, next, { changedAt: r.seq });
  return okAnswer(m.inlineMessageId ? true : tg.store.toTelegram(m));
}

/** What an edit changes besides the buttons. */
function editedContent(tg: Telegram, r: Request, m: StoredMessage): Check<Partial<StoredMessage>> {
  const p = r.payload;
  const isMedia = m.photoId !== null || m.file !== null;
  switch (r.method) {
    case "editMessageText":
      return isMedia ? { ok: false, error: bad(TG.noTextToEdit) } : textContent(p);
    case "editMessageCaption": {
      if (!isMedia) return { ok: false, error: bad(TG.noCaptionToEdit) };
      const c = captionText(p.caption, p.parse_mode, p.caption_entities);
      if (!c.ok) return c;
      return {
        ok: true,
        value: { caption: typeof p.caption === "string" ? p.caption : null, shown: c.value },
      };
    }
    case "editMessageMedia":
      return editedMedia(tg, r, m, isMedia);
    default:
      return { ok: true, value: {} };
  }
}

/** editMessageMedia: a photo or an animation; an inline message may turn from text into one. */
function editedMedia(
  tg: Telegram,
  r: Request,
  m: StoredMessage,
  isMedia: boolean,
): Check<Partial<StoredMessage>> {
  const inline = m.inlineMessageId !== null;
  if (!isMedia && !inline) return { ok: false, error: bad(TG.noMediaToEdit) };
  const media = asJson(r.payload.media) as {
    type?: string;
    media: string;
    caption?: string;
    parse_mode?: string;
    caption_entities?: Entity[];
  };
  if (media.type !== undefined && media.type !== "photo" && media.type !== "animation")
    return { ok: false, error: bad(TG.wrongMediaType) };
  const c = captionText(media.caption, media.parse_mode, media.caption_entities);
  if (!c.ok) return c;
  const rest = { caption: media.caption ?? null, shown: c.value, text: null };
  if (media.type === "animation") {
    if (inline && String(media.media).startsWith("attach://"))
      return { ok: false, error: bad(TG.uploadInInline) };
    const got = tg.store.fileFrom(media.media, r.files, r.fileNames);
    if (!got.ok) return got;
    return {
      ok: true,
      value: { ...rest, file: { kind: "animation", ...got.value }, photo: null, photoId: null },
    };
  }
  const got = tg.store.photoFrom(media.media, r.files, { inline, images: tg.images });
  if (!got.ok) return got;
  return { ok: true, value: { ...rest, ...got.value, file: null } };
}
