import type { ChallengeDeps } from "./deps.js";

/** What the challenge handlers share, made once per bot from its deps. */
export interface ChallengeScope {
  readonly deps: ChallengeDeps;
  /** How long a challenge waits, as its message says. */
  readonly ttlMinutes: number;
  /** Seals a private chat's challenge shared as a card, so a forged copy starts nothing. */
  readonly sealCopy: (challengeId: number) => string;
}
