import { createHash, createHmac, randomBytes } from "node:crypto";
import type { DiceSource } from "../engine/index.js";

/**
 * Verifiable dice from two parts: the bot's seed, committed to (its SHA-256 shown) before
 * anything else about the game is known, and a second part Telegram fixes after that: the
 * press that starts the game, as the front end gives it (PendingStart.secondPart: its id
 * with the pressed message's place and date, "press:4671823960112:-100123:57:1733143200"),
 * or for a game begun without one, the chat, id and date of the message it starts in
 * ("-100123:57:1733143200") or its inline message's id ("inline:AgAAA..."). Neither part
 * alone decides a die; the stream below reads the second part as an opaque line.
 *
 * The byte stream: HMAC-SHA256(seed, "<second part> 0") followed by HMAC-SHA256(seed,
 * "<second part> 1"), "… 2", ... (the block number as decimal text after one space). Each
 * byte below 252 is one die, (byte mod 6) + 1; bytes 252..255 are skipped, since 252 = 42 × 6
 * keeps every face equally likely. The game stores its position in the stream (bytes read).
 *
 * Games stored before the second part existed have none (null): their blocks are
 * HMAC-SHA256(seed, "0"), "1", ... and they keep those dice.
 */
const SEED_BYTES = 32;
const BLOCK = 32;
const LIMIT = 252;

export const newSeed = (): Buffer => randomBytes(SEED_BYTES);

/** The published commitment: SHA-256 of the seed bytes, hex. */
export const commitmentOf = (seed: Buffer): string =>
  createHash("sha256").update(seed).digest("hex");

/** What Telegram fixed after the commitment was shown: where the game starts. */
export type DiceOrigin =
  | {
      readonly kind: "chat";
      readonly chatId: number;
      readonly messageId: number;
      /** The message's date, Unix seconds, as Telegram gave it. */
      readonly date: number;
    }
  | { readonly kind: "inline"; readonly inlineMessageId: string };

/** A second part as a record and the stream show it: no spaces, one line. */
const SALT = /^[\x21-\x7e]{1,200}$/;

/** The second part of the dice, as text: "chat:message:date" or "inline:<id>". */
export const saltOf = (origin: DiceOrigin): string =>
  origin.kind === "chat"
    ? `${origin.chatId}:${origin.messageId}:${origin.date}`
    : `inline:${origin.inlineMessageId}`;

/**
 * The second part of a lobby game's dice: its first board is in a player's private chat,
 * whose id is that player's Telegram id, so the chat is left out ("private:message:date").
 */
export const privateSaltOf = (origin: DiceOrigin): string =>
  origin.kind === "chat" ? `private:${origin.messageId}:${origin.date}` : saltOf(origin);

export const isSalt = (text: string): boolean => SALT.test(text);

/**
 * A mark as stored: what a player's own act fixed that the bot cannot choose, one of: a
 * command's message number and date as Telegram gave them ("57:1767225600"); a press's own
 * part of the id Telegram gave it ("p1816874327"); the 16 random bytes the board page drew on
 * the player's device ("w" and 32 hex digits). Anything else: none.
 */
const MARK = /^(\d{1,12}:\d{1,12}|p\d{1,10}|w[0-9a-f]{32})$/;

export const markOf = (mark: string | null | undefined): string | null =>
  typeof mark === "string" && MARK.test(mark) ? mark : null;

/**
 * One game's seed drawn from a parent seed committed to earlier (a tournament's): HMAC-SHA256
 * with the parent as the key over `label`. Showing the game's seed at its end tells nothing of
 * the parent's or of its siblings'.
 */
export const derivedSeed = (parent: Buffer, label: string): Buffer =>
  createHmac("sha256", parent).update(label).digest();

const streamBlock = (seed: Buffer, salt: string | null, block: number): Buffer =>
  createHmac("sha256", seed)
    .update(salt === null ? String(block) : `${salt} ${block}`)
    .digest();

/** The engine's DiceSource over a game's seed and second part, from its stream position on. */
export class SeedDice implements DiceSource {
  private cached: { index: number; bytes: Buffer } | null = null;
  /** Every die drawn through this source, in order. */
  readonly drawn: number[] = [];

  /** `salt`: the second part; null only for games stored before there was one. */
  constructor(
    private readonly seed: Buffer,
    private position: number,
    private readonly salt: string | null,
  ) {}

  die(): number {
    for (;;) {
      const byte = this.byteAt(this.position++);
      if (byte < LIMIT) {
        const d = (byte % 6) + 1;
        this.drawn.push(d);
        return d;
      }
    }
  }

  /** The stream position after the dice drawn: store it so the game resumes there. */
  get counter(): number {
    return this.position;
  }

  private byteAt(pos: number): number {
    const index = Math.floor(pos / BLOCK);
    if (this.cached?.index !== index)
      this.cached = { index, bytes: streamBlock(this.seed, this.salt, index) };
    return this.cached.bytes[pos % BLOCK]!;
  }
}
