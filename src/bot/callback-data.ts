/**
 * Every button's payload: one format per kind, ASCII only and at most 64 bytes (Telegram's
 * limit). Game buttons name the version they were drawn for, so a press on an older board is
 * recognised as stale; buttons meant for one person carry that person's id.
 *
 * Any data can be pressed on any bot message a client sees, so each kind acts only from the
 * message it belongs to (checked by its feature):
 * - game: a message in the game's chat (its boards, older ones answered as stale), or the
 *   game's inline message;
 * - resign: the question itself, and only by its asker;
 * - challenge: the challenge's own message (any message of its chat while that is not stored
 *   yet), or its sealed shared copy;
 * - card: the inline message that became (or becomes) its challenge, once per card;
 * - settings, language: a /settings or /lang message (settings act on that message's chat);
 * - dialog: the owner's open dialog, on its own message in its chat;
 * - review: a message in the game's chat, or the inline game's own message; elsewhere only
 *   for the game's players and the members of its chat;
 * - tournament: the tournament's card or standings.
 * - seek: its presser's own (acts on their waiting seek, or seeks for them), in private only.
 * - phrase: a message showing that phrase of that lobby game, by one of its two players.
 * - username: a private chat's /settings message, by that chat's person.
 */
import type { PlainAction, Variant } from "../engine/index.js";
import type { Phrase } from "../services/index.js";
import { LOCALES, type Locale } from "./locales.js";

export const MAX_CALLBACK_BYTES = 64;

/** One step of a play: from and to in the mover's numbering (25 the bar, 0 off), and its die. */
export interface PlayStep {
  readonly from: number;
  readonly to: number;
  readonly die: number;
}

export type GameCommand =
  | ({ readonly kind: "step" } & PlayStep)
  /** The rest of the turn in one press. */
  | { readonly kind: "play"; readonly steps: readonly PlayStep[] }
  /** A game action by its name (a claim goes as "claim": it acts on the game as it is now). */
  | { readonly kind: Exclude<PlainAction, "claim-timeout"> }
  | { readonly kind: "claim" }
  | { readonly kind: "rematch" }
  | { readonly kind: "refresh" };

/**
 * What a resignation question's buttons say: resign (0: outright, 1–3: offer), claim, cancel,
 * or the answer to the opponent's resignation offer (accept, decline).
 */
export type ResignChoice = 0 | 1 | 2 | 3 | "pick" | "claim" | "cancel" | "accept" | "decline";

export type ChallengeCommand = "accept" | "decline" | "cancel";

/** What a finished game offers: its analysis, its replay, its record. */
export const REVIEW_ITEMS = ["analysis", "replay", "record"] as const;
export type ReviewItem = (typeof REVIEW_ITEMS)[number];

/** A tournament's card and standings buttons; the organiser's are checked by the service. */
export const TOURNAMENT_COMMANDS = {
  j: "join",
  l: "leave",
  f: "format",
  m: "match",
  w: "window",
  c: "clock",
  s: "start",
  x: "cancel",
  xf: "cancel-finish",
  xa: "cancel-abandon",
  xb: "cancel-back",
} as const;
export type TournamentCommand = (typeof TOURNAMENT_COMMANDS)[keyof typeof TOURNAMENT_COMMANDS];
const TOURNAMENT_CODE = invert(TOURNAMENT_COMMANDS);

/** The games an inline card offers. */
export const CARD_OFFERS = ["lc", "ls", "ss"] as const;
export type CardOffer = (typeof CARD_OFFERS)[number];

export type Payload =
  | {
      readonly type: "game";
      readonly gameId: number;
      readonly version: number;
      readonly command: GameCommand;
    }
  | {
      readonly type: "resign";
      readonly gameId: number;
      readonly version: number;
      /** Who asked: only they may answer. */
      readonly askerId: number;
      readonly choice: ResignChoice;
    }
  | {
      readonly type: "challenge";
      readonly challengeId: number;
      readonly command: ChallengeCommand;
      /** On a shared copy of a private chat's challenge: proves the bot wrote it. */
      readonly seal?: string;
    }
  | {
      readonly type: "card";
      readonly offer: CardOffer;
      readonly challengerId: number;
      /** The challenger's language: the game will speak it. */
      readonly locale: Locale;
      /** The card was sent as a picture (its text is a caption). */
      readonly photo: boolean;
      /** When the bot offered the card (ms): it can start a challenge for the challenge time. */
      readonly issuedAt: number;
      readonly command: "accept" | "cancel";
      /** Proves the bot wrote this card: it names its challenger (see card-seal.ts). */
      readonly seal: string;
    }
  | { readonly type: "settings"; readonly confirmTurns: boolean }
  | { readonly type: "language"; readonly locale: Locale }
  | { readonly type: "dialog"; readonly ownerId: number; readonly choice: string }
  | { readonly type: "review"; readonly gameId: number; readonly item: ReviewItem }
  | {
      readonly type: "tournament";
      readonly tournamentId: number;
      readonly command: TournamentCommand;
    }
  /** A seek in the lobby: stop looking, pick a game to seek (/start's 🎲), or seek it. */
  | { readonly type: "seek"; readonly command: "cancel" | "pick" }
  | { readonly type: "seek"; readonly command: "find"; readonly variant: Variant }
  /** A set phrase to the other player of a lobby game. */
  | { readonly type: "phrase"; readonly gameId: number; readonly phrase: Phrase }
  /** /settings in a private chat: strangers see the presser's @username, or not. */
  | { readonly type: "username"; readonly show: boolean };

export type PayloadType = Payload["type"];

/** A set phrase between strangers, one letter each. */
const PHRASE: Record<string, Phrase> = { h: "hello", l: "luck", g: "gg", t: "thanks" };
const PHRASE_CODE = invert(PHRASE);

const SIMPLE: Record<string, GameCommand["kind"]> = {
  u: "undo",
  c: "commit",
  r: "roll",
  d: "double",
  t: "take",
  p: "drop",
  ra: "accept-resign",
  rd: "decline-resign",
  w: "claim",
  m: "rematch",
  f: "refresh",
};
const GAME_CODE = invert(SIMPLE);
const CHALLENGE: Record<string, ChallengeCommand> = { a: "accept", d: "decline", x: "cancel" };
const CHALLENGE_CODE = invert(CHALLENGE);
const RESIGN: Record<string, ResignChoice> = {
  0: 0,
  1: 1,
  2: 2,
  3: 3,
  m: "pick",
  w: "claim",
  x: "cancel",
  a: "accept",
  d: "decline",
};
const RESIGN_CODE = invert(RESIGN);
const REVIEW: Record<string, ReviewItem> = { a: "analysis", p: "replay", f: "record" };
const REVIEW_CODE = invert(REVIEW);

function invert(map: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [String(v), k]));
}

/** Characters of a card's seal (base64url). */
export const CARD_SEAL_LENGTH = 10;

/** A dialog's choices are short lower-case words. */
export const DIALOG_CHOICE = /^[a-z0-9-]{1,24}$/;

export function encode(p: Payload): string {
  switch (p.type) {
    case "game": {
      const head = `g:${p.gameId}:${p.version}`;
      const c = p.command;
      if (c.kind === "step") return `${head}:s:${c.from}:${c.to}:${c.die}`;
      if (c.kind === "play") return `${head}:w:${c.steps.map(stepCode).join("")}`;
      return `${head}:${GAME_CODE[c.kind]}`;
    }
    case "resign":
      return `r:${p.gameId}:${p.version}:${p.askerId}:${RESIGN_CODE[String(p.choice)]}`;
    case "challenge":
      return `c:${p.challengeId}:${CHALLENGE_CODE[p.command]}${p.seal ? `:${p.seal}` : ""}`;
    case "card":
      return `i:${p.offer}:${p.challengerId}:${p.locale}:${p.command === "accept" ? "a" : "x"}${p.photo ? "p" : "t"}:${p.issuedAt.toString(36)}:${p.seal}`;
    case "settings":
      return `st:c:${p.confirmTurns ? 1 : 0}`;
    case "language":
      return `l:${p.locale}`;
    case "dialog":
      return `n:${p.ownerId}:${p.choice}`;
    case "review":
      return `v:${p.gameId}:${REVIEW_CODE[p.item]}`;
    case "tournament":
      return `t:${p.tournamentId}:${TOURNAMENT_CODE[p.command]}`;
    case "seek":
      return p.command === "find" ? `sk:f${p.variant[0]}` : p.command === "pick" ? "sk:p" : "sk:x";
    case "phrase":
      return `ph:${p.gameId}:${PHRASE_CODE[p.phrase]}`;
    case "username":
      return `st:u:${p.show ? 1 : 0}`;
  }
}

/** A play's step in five digits: from and to (two each), then the die. */
const stepCode = (s: PlayStep): string =>
  `${String(s.from).padStart(2, "0")}${String(s.to).padStart(2, "0")}${s.die}`;

function playSteps(codes: string): PlayStep[] | null {
  const steps: PlayStep[] = [];
  for (let i = 0; i < codes.length; i += 5) {
    const from = Number(codes.slice(i, i + 2));
    const to = Number(codes.slice(i + 2, i + 4));
    const die = Number(codes[i + 4]);
    if (from < 1 || from > 25 || to > 24 || to >= from || die < 1 || die > 6) return null;
    steps.push({ from, to, die });
  }
  return steps;
}

const ID = "(0|[1-9]\\d{0,15})";
/** A time in ms, base 36 (a safe integer takes at most 11 digits). */
const STAMP = "0|[1-9a-z][0-9a-z]{0,10}";
const PATTERNS = {
  game: new RegExp(
    `^g:${ID}:${ID}:(?:s:([1-9]|1\\d|2[0-5]):(\\d|1\\d|2[0-4]):([1-6])|w:((?:\\d{5}){1,4})|([a-z]{1,2}))$`,
  ),
  resign: new RegExp(`^r:${ID}:${ID}:${ID}:([0-3mwxad])$`),
  challenge: new RegExp(`^c:${ID}:([adx])(?::([A-Za-z0-9_-]{${CARD_SEAL_LENGTH}}))?$`),
  card: new RegExp(
    `^i:([a-z]{2}):${ID}:([a-z]{2}):([ax])([pt]):(${STAMP}):([A-Za-z0-9_-]{${CARD_SEAL_LENGTH}})$`,
  ),
  settings: /^st:c:([01])$/,
  language: /^l:([a-z]{2})$/,
  dialog: new RegExp(`^n:${ID}:([a-z0-9-]{1,24})$`),
  review: new RegExp(`^v:${ID}:([apf])$`),
  tournament: new RegExp(`^t:${ID}:([a-z]{1,2})$`),
  seek: /^sk:(x|p|fl|fs)$/,
  phrase: new RegExp(`^ph:${ID}:([hlgt])$`),
  username: /^st:u:([01])$/,
};

/** A safe integer id, or null (a forged button may carry anything). */
function id(text: string | undefined): number | null {
  const n = Number(text);
  return text !== undefined && Number.isSafeInteger(n) ? n : null;
}

/** A base-36 time as a safe integer, or null. */
export function stamp(text: string | undefined): number | null {
  const n = text === undefined ? Number.NaN : Number.parseInt(text, 36);
  return Number.isSafeInteger(n) ? n : null;
}

const isLocale = (v: string | undefined): v is Locale =>
  (LOCALES as readonly string[]).includes(v ?? "");

/** Reads a payload; anything that is not exactly one of ours gives null. */
export function decode(data: string | undefined): Payload | null {
  if (data === undefined || Buffer.byteLength(data) > MAX_CALLBACK_BYTES) return null;
  let m = PATTERNS.game.exec(data);
  if (m) {
    const gameId = id(m[1]);
    const version = id(m[2]);
    if (gameId === null || version === null) return null;
    let command: GameCommand | null = null;
    if (m[3] !== undefined) {
      const from = Number(m[3]);
      const to = Number(m[4]);
      if (to >= from) return null;
      command = { kind: "step", from, to, die: Number(m[5]) };
    } else if (m[6] !== undefined) {
      const steps = playSteps(m[6]);
      if (!steps) return null;
      command = { kind: "play", steps };
    } else if (Object.hasOwn(SIMPLE, m[7]!)) command = { kind: SIMPLE[m[7]!]! } as GameCommand;
    return command ? { type: "game", gameId, version, command } : null;
  }
  m = PATTERNS.resign.exec(data);
  if (m) {
    const [gameId, version, askerId] = [id(m[1]), id(m[2]), id(m[3])];
    if (gameId === null || version === null || askerId === null) return null;
    return { type: "resign", gameId, version, askerId, choice: RESIGN[m[4]!]! };
  }
  m = PATTERNS.challenge.exec(data);
  if (m) {
    const challengeId = id(m[1]);
    if (challengeId === null) return null;
    const command = CHALLENGE[m[2]!]!;
    return m[3]
      ? { type: "challenge", challengeId, command, seal: m[3] }
      : { type: "challenge", challengeId, command };
  }
  m = PATTERNS.card.exec(data);
  if (m) {
    const offer = m[1] as CardOffer;
    const challengerId = id(m[2]);
    const issuedAt = stamp(m[6]);
    if (!CARD_OFFERS.includes(offer) || challengerId === null || !isLocale(m[3])) return null;
    if (issuedAt === null) return null;
    const command = m[4] === "a" ? "accept" : "cancel";
    return {
      type: "card",
      offer,
      challengerId,
      locale: m[3],
      photo: m[5] === "p",
      issuedAt,
      command,
      seal: m[7]!,
    };
  }
  m = PATTERNS.settings.exec(data);
  if (m) return { type: "settings", confirmTurns: m[1] === "1" };
  m = PATTERNS.language.exec(data);
  if (m) return isLocale(m[1]) ? { type: "language", locale: m[1] } : null;
  m = PATTERNS.dialog.exec(data);
  if (m) {
    const ownerId = id(m[1]);
    return ownerId === null ? null : { type: "dialog", ownerId, choice: m[2]! };
  }
  m = PATTERNS.review.exec(data);
  if (m) {
    const gameId = id(m[1]);
    return gameId === null ? null : { type: "review", gameId, item: REVIEW[m[2]!]! };
  }
  m = PATTERNS.tournament.exec(data);
  if (m) {
    const tournamentId = id(m[1]);
    const code = m[2]!;
    if (tournamentId === null || !Object.hasOwn(TOURNAMENT_COMMANDS, code)) return null;
    const command = TOURNAMENT_COMMANDS[code as keyof typeof TOURNAMENT_COMMANDS];
    return { type: "tournament", tournamentId, command };
  }
  const seek = PATTERNS.seek.exec(data)?.[1];
  if (seek === "x") return { type: "seek", command: "cancel" };
  if (seek === "p") return { type: "seek", command: "pick" };
  if (seek) return { type: "seek", command: "find", variant: seek === "fl" ? "long" : "short" };
  m = PATTERNS.phrase.exec(data);
  if (m) {
    const gameId = id(m[1]);
    return gameId === null ? null : { type: "phrase", gameId, phrase: PHRASE[m[2]!]! };
  }
  m = PATTERNS.username.exec(data);
  if (m) return { type: "username", show: m[1] === "1" };
  return null;
}
