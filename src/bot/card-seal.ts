import { createHash, createHmac } from "node:crypto";
import { CARD_SEAL_LENGTH, type CardOffer } from "./callback-data.js";

export interface CardFields {
  readonly offer: CardOffer;
  readonly challengerId: number;
  readonly locale: string;
  readonly photo: boolean;
}

/**
 * An inline card's buttons exist before any challenge does, so they carry their challenger
 * themselves. A seal keyed by the bot's token makes that claim one only the bot can write:
 * a doctored client cannot start a game in someone else's name.
 */
export function cardSealer(token: string): (card: CardFields) => string {
  const key = createHash("sha256").update(`inline card seal\n${token}`).digest();
  return (card) =>
    createHmac("sha256", key)
      .update(`${card.offer}:${card.challengerId}:${card.locale}:${card.photo ? 1 : 0}`)
      .digest("base64url")
      .slice(0, CARD_SEAL_LENGTH);
}
