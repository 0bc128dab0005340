import type { Translate } from "./translate.js";

/** What a refusal names: the game it is about, seen as its players and whose turn it is. */
interface NamedSeats<P> {
  readonly waitingFor: number | null;
  readonly white: P & { readonly id: number };
  readonly black: P & { readonly id: number };
}

/**
 * A service's refusal in the user's words, for both front ends: "not your turn" and a claim
 * over one's own offer name the player to act; a code without a text of its own reads as
 * the generic one. `nameOf` writes a name as the front end shows names.
 */
export function refusalText<P>(
  t: Translate,
  error: { readonly code: string; readonly game?: NamedSeats<P> | null },
  nameOf: (p: P) => string,
  game: NamedSeats<P> | null = null,
): string {
  const about = game ?? error.game ?? null;
  const waiting = about?.waitingFor
    ? nameOf(about.waitingFor === about.white.id ? about.white : about.black)
    : null;
  if (error.code === "not-your-turn" && waiting) return t("err-turn-of", { name: waiting });
  // The offer waits for the other player's answer: they are the one named.
  if (error.code === "claim-own-offer")
    return waiting ? t("err-claim-own-offer", { name: waiting }) : t("err-generic");
  const key = `err-${error.code}` as `err-${string}`;
  const text = t(key as never);
  return text === key ? t("err-generic") : text;
}
