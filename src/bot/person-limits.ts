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
  /** `/rating`: a chart drawn each time. */
  ratings: { count: 5, perMs: 5 * MINUTE },
  /** ⬇ Record and 🎞 Replay presses: a file each time (a game's is sent to a chat once an hour). */
  reviews: { count: 6, perMs: 5 * MINUTE },
  /**
   * Each command that only answers (/help, /rules, /lang, /score, /top, /settings, /resign,
   * /tournament, /block, /unblock, /report), counted per command: a few a minute is more than anyone reads.
   */
  replies: { count: 4, perMs: MINUTE },
} as const satisfies Record<string, Rate>;

/**
 * Games against the computer one person may have going at once. Its decisions share one
 * thread: a person with many games would slow every other player's opponent. One in a
 * private chat and a couple in groups is as many as anyone plays at a time.
 */
export const MAX_COMPUTER_GAMES = 3;

/** The commands that only answer, each with its own count (see PERSON_RATES.replies). */
export const REPLY_COMMANDS = [
  "start",
  "help",
  "rules",
  "lang",
  "score",
  "top",
  "settings",
  "resign",
  "tournament",
  "block",
  "unblock",
  "report",
] as const;
export type ReplyCommand = (typeof REPLY_COMMANDS)[number];

export type PersonLimits = {
  readonly [K in Exclude<keyof typeof PERSON_RATES, "replies">]: RateLimit;
} & { readonly replies: Readonly<Record<ReplyCommand, RateLimit>> };

export function personLimits(now: () => number): PersonLimits {
  return {
    challenges: new RateLimit(PERSON_RATES.challenges, now),
    history: new RateLimit(PERSON_RATES.history, now),
    analysis: new RateLimit(PERSON_RATES.analysis, now),
    ratings: new RateLimit(PERSON_RATES.ratings, now),
    reviews: new RateLimit(PERSON_RATES.reviews, now),
    replies: Object.fromEntries(
      REPLY_COMMANDS.map((c) => [c, new RateLimit(PERSON_RATES.replies, now)]),
    ) as Record<ReplyCommand, RateLimit>,
  };
}
