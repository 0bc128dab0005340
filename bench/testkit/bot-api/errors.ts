/**
 * What the fake Bot API answers: results, and errors in Telegram's own words where known
 * (TDLib's parser, the Bot API server, bug reports); the few the fake words itself say so.
 */

export interface ApiError {
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export type Answer = { ok: true; result: unknown } | ({ ok: false } & ApiError);

export type Check<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const no = <T>(error: ApiError): Check<T> => ({ ok: false, error });
export const bad = (description: string): ApiError => ({ error_code: 400, description });

/** Telegram's error texts. */
export const TG = {
  notModified:
    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
  editNotFound: "Bad Request: message to edit not found",
  deleteNotFound: "Bad Request: message to delete not found",
  cantBeDeleted: "Bad Request: message can't be deleted for everyone",
  cantBeEdited: "Bad Request: message can't be edited",
  noTextToEdit: "Bad Request: there is no text in the message to edit",
  noCaptionToEdit: "Bad Request: there is no caption in the message to edit",
  noMediaToEdit: "Bad Request: there is no media in the message to edit",
  replyNotFound: "Bad Request: message to be replied not found",
  textEmpty: "Bad Request: message text is empty",
  textTooLong: "Bad Request: message is too long",
  captionTooLong: "Bad Request: message caption is too long",
  parse: (why: string) => `Bad Request: can't parse entities: ${why}`,
  unsupportedParseMode: "Bad Request: unsupported parse_mode",
  buttonData: "Bad Request: BUTTON_DATA_INVALID",
  buttonUrl: "Bad Request: BUTTON_URL_INVALID",
  /** A web_app button anywhere but a private chat with the bot (a group, an inline message). */
  buttonType: "Bad Request: BUTTON_TYPE_INVALID",
  webAppUrl: (url: string) =>
    `Bad Request: inline keyboard button Web App URL '${url}' is invalid: Only HTTPS links are allowed`,
  textButton:
    "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
  buttonText:
    'Bad Request: can\'t parse inline keyboard button: Field "text" must be of type String',
  notArrayOfArrays:
    'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
  markupTooLong: "Bad Request: reply markup is too long",
  inlineKeyboardExpected: "Bad Request: inline keyboard expected",
  urlInvalid: "Bad Request: URL_INVALID",
  queryInvalid: "Bad Request: query is too old and response timeout expired or query ID is invalid",
  /** answerCallbackQuery text over 200 characters. */
  alertTooLong: "Bad Request: MESSAGE_TOO_LONG",
  resultsTooMuch: "Bad Request: RESULTS_TOO_MUCH",
  resultIdDuplicate: "Bad Request: RESULT_ID_DUPLICATE",
  resultIdInvalid: "Bad Request: RESULT_ID_INVALID",
  wrongFile: "Bad Request: wrong file identifier/HTTP URL specified",
  uploadInInline: "Bad Request: can't use an uploaded file in an inline message",
  notAnImage: "Bad Request: IMAGE_PROCESS_FAILED",
  wrongMediaType: "Bad Request: wrong media type",
  kickedGroup: "Forbidden: bot was kicked from the group chat",
  kickedSupergroup: "Forbidden: bot was kicked from the supergroup chat",
  kickedChannel: "Forbidden: bot was kicked from the channel chat",
  blocked: "Forbidden: bot was blocked by the user",
  cantInitiate: "Forbidden: bot can't initiate conversation with a user",
  unauthorized: "Unauthorized",
  /** The fake's wording: a method it does not serve. */
  notFound: (method: string) => `Not Found: method ${method} is not in the fake`,
} as const;

export const LIMITS = {
  text: 4096,
  caption: 1024,
  callbackData: 64,
  callbackAnswer: 200,
  buttonsPerRow: 8,
  buttons: 100,
  /** Bytes of reply_markup JSON Telegram takes (tginfo/Telegram-Limits#187). */
  markupBytes: 10_240,
  placeholder: 64,
  inlineResults: 50,
  /** Bots delete messages up to 48 hours old. */
  deleteAgeMs: 48 * 3_600_000,
  /** How long a callback or inline query can be answered after delivery. */
  queryTimeoutMs: 15_000,
} as const;

/** A 429 with Telegram's wording, waiting `seconds`. */
export const tooManyRequests = (seconds: number): ApiError => ({
  error_code: 429,
  description: `Too Many Requests: retry after ${seconds}`,
  parameters: { retry_after: seconds },
});
