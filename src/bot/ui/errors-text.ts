import type { GameView, ServiceError } from "../../services/index.js";
import { plainName } from "./names.js";
import type { Tr } from "./tr.js";

/** A refusal in the user's words; "not your turn" names whose turn it is. */
export function errorText(t: Tr, error: ServiceError, game: GameView | null = null): string {
  const about = game ?? error.game ?? null;
  const waiting = about?.waitingFor
    ? plainName(about.waitingFor === about.white.id ? about.white : about.black)
    : null;
  if (error.code === "not-your-turn" && waiting) return t("err-turn-of", { name: waiting });
  // The offer waits for the other player's answer: they are the one named.
  if (error.code === "claim-own-offer")
    return waiting ? t("err-claim-own-offer", { name: waiting }) : t("err-generic");
  const key = `err-${error.code}` as const;
  const text = t(key);
  return text === key ? t("err-generic") : text;
}
