import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { CARD_SEAL_LENGTH, type CardOffer } from "../../callback-data.js";

export interface CardFields {
  readonly offer: CardOffer;
  readonly challengerId: number;
  readonly locale: string;
  readonly photo: boolean;
  /** When the bot offered the card (ms). */
  readonly issuedAt: number;
}

/**
 * An inline card's buttons exist before any challenge does, so they carry their challenger
 * themselves. A seal keyed by the bot's token makes that claim one only the bot can write:
 * a doctored client cannot start a game in someone else's name. It covers the card's issue
 * time too, so the card can start a challenge only for the challenge time, and (with its
 * key stored with the challenge) only one, in one inline message.
 */
export function cardSealer(token: string): (card: CardFields) => string {
  const seal = sealer(token);
  return (card) =>
    seal(
      `${card.offer}:${card.challengerId}:${card.locale}:${card.photo ? 1 : 0}:${card.issuedAt}`,
    );
}

/**
 * What makes a card one card: its game, challenger and issue time. Stored with the challenge
 * it starts, so the same data pressed on another inline message starts nothing.
 */
export const cardKey = (card: Pick<CardFields, "offer" | "challengerId" | "issuedAt">): string =>
  `${card.offer}:${card.challengerId}:${card.issuedAt.toString(36)}`;

/**
 * A private chat's challenge is shared into a friend's chat as an inline message the
 * database does not know; accepting there plays the game in it. Its buttons carry a seal of
 * the challenge, so that only the bot's own copy can become the board, not any inline
 * message a doctored client sends the challenge's data from.
 */
export function sharedCopySealer(token: string): (challengeId: number) => string {
  const seal = sealer(token);
  return (challengeId) => seal(`shared challenge:${challengeId}`);
}

/** Whether a seal read off a button is the expected one, compared in constant time. */
export function sealMatches(expected: string, given: string | undefined): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? "");
  return a.length === b.length && timingSafeEqual(a, b);
}

function sealer(token: string): (text: string) => string {
  const key = createHash("sha256").update(`inline card seal\n${token}`).digest();
  return (text) =>
    createHmac("sha256", key).update(text).digest("base64url").slice(0, CARD_SEAL_LENGTH);
}
