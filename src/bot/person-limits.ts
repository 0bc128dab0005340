import { type Rate, RateLimit } from "./rate-limit.js";

const MINUTE = 60_000;

/**
 * What one person may ask for, sized for real play so that nobody playing meets them: a
 * game of short nardy takes minutes, so even a quick player challenges a few times in ten
 * minutes; /history and /analysis are looked at after a game, not many times a minute.
 */
export const PERSON_RATES = {
  /** `/play` (a friend or the bot), `/new` and inline cards: each makes a challenge. */
  challenges: { count: 10, perMs: 10 * MINUTE },
  /** `/history`: a list message in the chat each time. */
  history: { count: 5, perMs: 5 * MINUTE },
  /** `/analysis`: a post, a place in the queue or a pointer to the post, each time. */
  analysis: { count: 5, perMs: 5 * MINUTE },
} as const satisfies Record<string, Rate>;

/**
 * Games against the computer one person may have going at once. Its decisions share one
 * thread: a person with many games would slow every other player's opponent. One in a
 * private chat and a couple in groups is as many as anyone plays at a time.
 */
export const MAX_COMPUTER_GAMES = 3;

export type PersonLimits = { readonly [K in keyof typeof PERSON_RATES]: RateLimit };

export function personLimits(now: () => number): PersonLimits {
  return {
    challenges: new RateLimit(PERSON_RATES.challenges, now),
    history: new RateLimit(PERSON_RATES.history, now),
    analysis: new RateLimit(PERSON_RATES.analysis, now),
  };
}
