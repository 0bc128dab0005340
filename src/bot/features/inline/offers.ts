import { presetRules, type Rules, type Variant } from "../../../engine/index.js";
import type { PlayerRef } from "../../../services/index.js";
import type { CardOffer } from "../../callback-data.js";
import type { CardFields } from "../challenge/card-seal.js";
import { challengeIn } from "../written-in.js";
import type { InlineDeps } from "./deps.js";

/** What the inline handlers share, made once per bot from its deps. */
export interface InlineScope {
  readonly deps: InlineDeps;
  /** How long a challenge waits, as its card says. */
  readonly ttlMinutes: number;
  /** Seals a card's data, so a forged card starts nothing. */
  readonly seal: (card: CardFields) => string;
  /** Seals a challenge shared from /new, so a forged copy starts nothing. */
  readonly sealCopy: (challengeId: number) => string;
  /** A picture of the starting position per game (its file id); null: cards have no picture. */
  readonly cardPhoto: (variant: Variant) => Promise<string> | null;
}

export const OFFERS: Record<CardOffer, { variant: Variant; preset: string }> = {
  lc: { variant: "long", preset: "classic" },
  ls: { variant: "long", preset: "sport" },
  ss: { variant: "short", preset: "standard" },
};
export const rulesOf = (offer: CardOffer): Rules =>
  presetRules(OFFERS[offer].variant, OFFERS[offer].preset)!;

/**
 * A result id names the offer, whether the card is a picture and when it was offered (base
 * 36): "lc.p.mf3k2x1a", "ss.t.mf3k2x1a".
 */
export const resultId = (offer: CardOffer, photo: boolean, issuedAt: number) =>
  `${offer}.${photo ? "p" : "t"}.${issuedAt.toString(36)}`;
export const RESULT = /^([a-z]{2})\.([pt])\.([0-9a-z]{1,11})$/;
/** A card offered this far in the future was not offered by this clock. */
export const CLOCK_SKEW_MS = 60_000;
/** A challenge set up with /new in a private chat, shared as a card: "c12". */
export const SHARED = /^c([1-9]\d{0,15})$/;

/** The challenge a card stands for, made in its inline message. */
export function makeChallenge(
  deps: InlineDeps,
  challenger: PlayerRef,
  offer: CardOffer,
  inlineMessageId: string,
  locale: string,
  photo: boolean,
  key: string,
) {
  return challengeIn(
    deps,
    {
      challenger,
      chat: null,
      variant: OFFERS[offer].variant,
      rules: rulesOf(offer),
      message: { kind: "inline", inlineMessageId },
      cardPhoto: photo,
      cardKey: key,
    },
    locale,
  );
}
