import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  customType,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type {
  ClockState,
  GameState,
  OpeningLot,
  Rules,
  SeriesState,
  TimeControl,
  TimeControlName,
  TournamentFormat,
  TurnLog,
  Variant,
} from "../engine/index.js";

/** Times are Unix milliseconds; JSON columns hold engine values as the engine defines them. */
const createdAt = () => integer("created_at").notNull();
const updatedAt = () => integer("updated_at").notNull();

export type ChallengeStatus = "pending" | "accepted" | "declined" | "cancelled" | "expired";
/**
 * broken: the stored state or event log is damaged; the game cannot go on. abandoned: its
 * tournament was cancelled with the games in progress dropped.
 */
export type GameStatus = "active" | "finished" | "broken" | "abandoned";
export type SeriesStatus = "active" | "finished";

/** A finished game's series score before and after it, by colour; whether it ended the series. */
export interface SeriesAfter {
  readonly before: { readonly white: number; readonly black: number };
  readonly white: number;
  readonly black: number;
  readonly over: boolean;
  /**
   * The next game's dice second part, fixed as this game ended, when the next seed was
   * committed to at this game's start (a lobby or tournament match's: services/finish.ts).
   */
  readonly nextSecondPart?: string;
}

/**
 * How a game starts once its dice's second part is known: everything the opening needs but
 * the dice (see services/start.ts). Kept while the game waits for the message it starts in.
 */
export interface PendingStart {
  /** Who throws the lot's first and second die. */
  readonly seats: readonly [number, number];
  /** A user id, or "lot" for an opening lot. */
  readonly starter: number | "lot";
  /** Short nardy: who plays white. */
  readonly shortWhite: number;
  readonly crawford: boolean;
  readonly confirmTurns: boolean;
  /** Who started the game (who accepted, asked for it, or organised its tournament); null: nobody (a lobby match's next game). */
  readonly actorId: number | null;
  /**
   * The dice's second part, when the act that started the game brought one its platform
   * fixed (the id Telegram gave the press, with the pressed message's place and date);
   * absent: the message the game starts in gives it (services/dice.ts).
   */
  readonly secondPart?: string;
}

/**
 * A JSON column whose damaged text reads as `unreadable` instead of throwing: one game's
 * damaged row must not stop every query that lists it with others.
 */
const tolerantJson = <T>(name: string, unreadable: T | null) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (text) => {
      try {
        return JSON.parse(text) as T;
      } catch {
        return unreadable as T;
      }
    },
  })(name);

export const players = sqliteTable("players", {
  /** The Telegram user id. */
  id: integer("id").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name"),
  username: text("username"),
  /** Telegram's language for the user, refreshed on every update. */
  languageCode: text("language_code"),
  /** The language the user chose in the bot (null: follow Telegram's). */
  locale: text("locale"),
  ratingLong: real("rating_long").notNull().default(1500),
  ratingShort: real("rating_short").notNull().default(1500),
  /** Strangers paired in the lobby see the @username too (off unless chosen in /settings). */
  showUsername: integer("show_username", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const chats = sqliteTable("chats", {
  /** The Telegram chat id (negative for groups). */
  id: integer("id").primaryKey(),
  type: text("type"),
  title: text("title"),
  languageCode: text("language_code"),
  /** Turns wait for a Done press in this chat; null follows the bot's default. */
  confirmTurns: integer("confirm_turns", { mode: "boolean" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const challenges = sqliteTable(
  "challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: integer("chat_id").references(() => chats.id),
    challengerId: integer("challenger_id")
      .notNull()
      .references(() => players.id),
    targetUserId: integer("target_user_id").references(() => players.id),
    /** Lower-case, without "@". */
    targetUsername: text("target_username"),
    variant: text("variant").$type<Variant>().notNull(),
    rules: text("rules", { mode: "json" }).$type<Rules>().notNull(),
    status: text("status").$type<ChallengeStatus>().notNull().default("pending"),
    /** An inline card sent as a picture: its text is a caption. */
    cardPhoto: integer("card_photo", { mode: "boolean" }).notNull().default(false),
    /** The inline card it was made from (see card-seal.ts): one challenge per card. */
    cardKey: text("card_key"),
    /** The seed of the game this challenge starts, drawn now so its commitment is shown first. */
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    /** The clock of the game it starts; null: none. */
    timeControl: text("time_control", { mode: "json" }).$type<TimeControl>(),
    /** The game it starts moves the players' ratings (see the ratings table). */
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("challenges_status_expires_idx").on(t.status, t.expiresAt),
    uniqueIndex("challenges_card_key_idx").on(t.cardKey).where(sql`${t.cardKey} is not null`),
  ],
);

/** The chat key of the series of lobby matches: games between strangers, in no chat. */
export const LOBBY_KEY = "lobby";

export const series = sqliteTable(
  "series",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The chat id as text, "inline" for games in inline messages, or LOBBY_KEY. */
    chatKey: text("chat_key").notNull(),
    /** Seat 0 and seat 1 of the engine's SeriesState: the smaller user id is seat 0. */
    playerA: integer("player_a")
      .notNull()
      .references(() => players.id),
    playerB: integer("player_b")
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    rulesKey: text("rules_key").notNull(),
    rules: text("rules", { mode: "json" }).$type<Rules>().notNull(),
    state: text("state", { mode: "json" }).$type<SeriesState>().notNull(),
    // Copies of state fields, for leaderboards in SQL.
    scoreA: integer("score_a").notNull().default(0),
    scoreB: integer("score_b").notNull().default(0),
    winsA: integer("wins_a").notNull().default(0),
    winsB: integer("wins_b").notNull().default(0),
    games: integer("games").notNull().default(0),
    draws: integer("draws").notNull().default(0),
    status: text("status").$type<SeriesStatus>().notNull().default("active"),
    /** A tournament's match between the two; null for the chat's own running series. */
    tournamentId: integer("tournament_id").references((): AnySQLiteColumn => tournaments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One running series per chat, pair, variant and rules; a finished one makes room.
    // A tournament match is a series of its own beside it.
    uniqueIndex("series_active_key_idx")
      .on(t.chatKey, t.playerA, t.playerB, t.variant, t.rulesKey)
      .where(sql`${t.status} = 'active' and ${t.tournamentId} is null`),
    index("series_tournament_idx").on(t.tournamentId),
    index("series_chat_idx").on(t.chatKey),
  ],
);

export const games = sqliteTable(
  "games",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variant: text("variant").$type<Variant>().notNull(),
    rules: text("rules", { mode: "json" }).$type<Rules>().notNull(),
    whiteId: integer("white_id")
      .notNull()
      .references(() => players.id),
    blackId: integer("black_id")
      .notNull()
      .references(() => players.id),
    status: text("status").$type<GameStatus>().notNull().default("active"),
    /** Text that does not parse reads as null: see stateProblem in the engine. */
    state: tolerantJson<GameState>("state", null).notNull(),
    /** Equals the number of game_events rows of the game (their last seq). */
    version: integer("version").notNull(),
    chatId: integer("chat_id").references(() => chats.id),
    /** Hex; secret until the game is over. */
    diceSeed: text("dice_seed").notNull(),
    /** SHA-256 hex of the seed bytes, published at the start. */
    diceCommitment: text("dice_commitment").notNull(),
    /** Dice drawn from the seed so far (the next die's index). */
    diceCounter: integer("dice_counter").notNull().default(0),
    /**
     * The dice's second part (services/dice.ts), fixed by the message the game starts in;
     * null while the game waits for that message, and for games stored before there was one.
     */
    diceSalt: text("dice_salt"),
    /**
     * A player who has given no sign of playing (the challenger of an inline card first pressed
     * by someone else, with no word from Telegram that they sent it): until they act in the
     * game it is not rated and cannot be claimed against them; it lapses if they never do.
     */
    unconfirmedId: integer("unconfirmed_id"),
    /** Set while the game waits for the message it starts in; its opening then uses it. */
    pendingStart: text("pending_start", { mode: "json" }).$type<PendingStart>(),
    /** Drawn when the game ends with the series going on: the next game's seed, committed now. */
    nextDiceSeed: text("next_dice_seed"),
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id),
    challengeId: integer("challenge_id")
      .unique()
      .references(() => challenges.id),
    /** The game this one is the rematch of; unique, so a double press starts one game. */
    previousGameId: integer("previous_game_id")
      .unique()
      .references((): AnySQLiteColumn => games.id),
    opening: text("opening", { mode: "json" }).$type<OpeningLot>(),
    winnerId: integer("winner_id").references(() => players.id),
    points: integer("points"),
    reminded: integer("reminded", { mode: "boolean" }).notNull().default(false),
    /**
     * Turns each side has not seen since it last acted (null for games older than the log; a
     * damaged one reads as null too, losing only that list).
     */
    turnLog: tolerantJson<TurnLog>("turn_log", null),
    /** Set when the game ends. */
    seriesAfter: text("series_after", { mode: "json" }).$type<SeriesAfter>(),
    /** null: no clock (the chat's idle reminders and claim only). */
    timeControl: text("time_control", { mode: "json" }).$type<TimeControl>(),
    /** A delay clock's state (engine/clock.ts); null without one. */
    clock: text("clock", { mode: "json" }).$type<ClockState>(),
    /** When the running side flags; null while no time runs. Stored so a restart keeps it. */
    flagAt: integer("flag_at"),
    /**
     * Its result moves the players' ratings (the ratings table; a match to N points once, at
     * its end). False for games between friends in a chat: their series and Elo only.
     */
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    lastActionAt: integer("last_action_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("games_status_last_action_idx").on(t.status, t.lastActionAt),
    index("games_chat_status_idx").on(t.chatId, t.status),
    index("games_series_idx").on(t.seriesId),
    index("games_flag_at_idx").on(t.flagAt).where(sql`${t.flagAt} is not null`),
    // The lobby's tick looks each second for games just finished (the next game of a match).
    index("games_status_finished_at_idx").on(t.status, t.finishedAt),
  ],
);

export const gameEvents = sqliteTable(
  "game_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    /** 1, 2, 3, ... per game, without gaps. */
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    /** The user who acted; null for an automatic action. */
    actorId: integer("actor_id").references(() => players.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("game_events_game_seq_idx").on(t.gameId, t.seq)],
);

export type PlayerRow = typeof players.$inferSelect;
export type ChatRow = typeof chats.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallengeRow = typeof challenges.$inferInsert;
export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export type GameEventRow = typeof gameEvents.$inferSelect;
export type SeriesRow = typeof series.$inferSelect;
export type NewSeriesRow = typeof series.$inferInsert;

/** What is made of a finished game after it ends: kept so each is made only once. */
export const gameReviews = sqliteTable("game_reviews", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id),
  /** The analysis of every decision, as the services define it; null until made. */
  analysis: text("analysis", { mode: "json" }).$type<unknown>(),
  /** The replay animation's Telegram file id: uploaded once, then sent by it. */
  replayFileId: text("replay_file_id"),
  updatedAt: updatedAt(),
});

export type GameReviewRow = typeof gameReviews.$inferSelect;

export type TournamentStatus = "signup" | "running" | "finished" | "cancelled";
export type TournamentMatchStatus = "playing" | "done" | "abandoned";

/** A tournament in a group: sign-up, then its matches, each a series of games. */
export const tournaments = sqliteTable(
  "tournaments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    /** The rules of every game, the match length of each pairing among them. */
    rules: text("rules", { mode: "json" }).$type<Rules>().notNull(),
    format: text("format").$type<TournamentFormat>().notNull(),
    /** The clock of every game of it; null: none. */
    timeControl: text("time_control", { mode: "json" }).$type<TimeControl>(),
    status: text("status").$type<TournamentStatus>().notNull().default("signup"),
    /** Sign-up closes then: the tournament starts if enough joined, else it is called off. */
    signupEndsAt: integer("signup_ends_at").notNull(),
    /** The status the card was last written for: a closed card is not written again. */
    cardStatus: text("card_status").$type<TournamentStatus>(),
    /** Moves with every change the pictures show (the front end notes what they show). */
    version: integer("version").notNull().default(1),
    /** Whether the final message (winner and places) has been posted. */
    announced: integer("announced", { mode: "boolean" }).notNull().default(false),
    winnerId: integer("winner_id").references(() => players.id),
    /**
     * Hex; each match's first game takes a seed derived from it (services/dice.ts). Its
     * commitment is on the sign-up card before anyone joins; it is shown once no game it
     * seeded is in play. Null for tournaments stored before it existed.
     */
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    // One tournament at a time per chat, from sign-up to its end.
    uniqueIndex("tournaments_open_chat_idx")
      .on(t.chatId)
      .where(sql`${t.status} in ('signup', 'running')`),
    index("tournaments_status_idx").on(t.status),
  ],
);

export const tournamentEntries = sqliteTable(
  "tournament_entries",
  {
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    /** Join order, from 1: the seeding. */
    seed: integer("seed").notNull(),
    /** What the entry's own act fixed that the bot cannot choose (a match's dice take it). */
    mark: text("mark"),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.playerId] }),
    uniqueIndex("tournament_entries_seed_idx").on(t.tournamentId, t.seed),
  ],
);

/** A pairing once it is opened: its series, and once decided, its result. */
export const tournamentMatches = sqliteTable(
  "tournament_matches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    /** The pairing's earlier seed, and the other. */
    playerA: integer("player_a")
      .notNull()
      .references(() => players.id),
    playerB: integer("player_b")
      .notNull()
      .references(() => players.id),
    seriesId: integer("series_id")
      .notNull()
      .unique()
      .references(() => series.id),
    status: text("status").$type<TournamentMatchStatus>().notNull().default("playing"),
    winnerId: integer("winner_id").references(() => players.id),
    pointsA: integer("points_a").notNull().default(0),
    pointsB: integer("points_b").notNull().default(0),
    /** Decided by a claim against a silent player. */
    forfeit: integer("forfeit", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    // A pair meets once per tournament.
    uniqueIndex("tournament_matches_pair_idx").on(t.tournamentId, t.playerA, t.playerB),
  ],
);

export type TournamentRow = typeof tournaments.$inferSelect;
export type NewTournamentRow = typeof tournaments.$inferInsert;
export type TournamentEntryRow = typeof tournamentEntries.$inferSelect;
export type TournamentMatchRow = typeof tournamentMatches.$inferSelect;

/**
 * The last moment the clocks were known to run (written every second while any runs): at
 * start-up the running clocks are held there, so the time the bot was down is never charged.
 */
export const clockMarks = sqliteTable("clock_marks", {
  name: text("name").primaryKey(),
  at: integer("at").notNull(),
});

/**
 * The rating that follows a player across chats, one per game (FIBS's formula, see
 * engine/rating.ts): moved only by rated games. A player without a row stands at 1500.
 */
export const ratings = sqliteTable(
  "ratings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    rating: real("rating").notNull().default(1500),
    /** The sum of the lengths of the rated matches played (a single game counts 1). */
    experience: integer("experience").notNull().default(0),
    /** Rated matches played. */
    matches: integer("matches").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variant] }),
    index("ratings_variant_rating_idx").on(t.variant, t.rating),
  ],
);

/** Every rated match's change to each player's rating, keyed by the game that decided it. */
export const ratingHistory = sqliteTable(
  "rating_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    at: integer("at").notNull(),
    /** The rating after the match. */
    rating: real("rating").notNull(),
    delta: real("delta").notNull(),
    /** The game that decided the match (a match to N points: its last). */
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    matchLength: integer("match_length").notNull(),
  },
  (t) => [
    // A game rates each of its players once, however often its finish is replayed.
    uniqueIndex("rating_history_game_user_idx").on(t.gameId, t.userId),
    index("rating_history_user_idx").on(t.userId, t.variant, t.at),
    index("rating_history_variant_at_idx").on(t.variant, t.at),
  ],
);

/**
 * Each player's rating gained in each calendar month (UTC), kept as rated matches are
 * recorded, so a month's leaderboard reads one row a player, not the month's history.
 */
export const ratingMonths = sqliteTable(
  "rating_months",
  {
    variant: text("variant").$type<Variant>().notNull(),
    /** The month's first moment, UTC, in ms (see services monthStart). */
    month: integer("month").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => players.id),
    /** The sum of the month's changes. */
    gained: real("gained").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variant, t.month, t.userId] }),
    index("rating_months_board_idx").on(t.variant, t.month, t.gained),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
export type RatingHistoryRow = typeof ratingHistory.$inferSelect;

export type SeekStatus = "waiting" | "paired" | "cancelled" | "lapsed";

/**
 * A person looking for a game against anyone, across chats: what they ask for (game, match
 * length, clock), until when it waits, and the game it met. One waiting seek per person.
 */
export const seeks = sqliteTable(
  "seeks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    /** Points of the match; 1: a single game. */
    matchLength: integer("match_length").notNull(),
    clock: text("clock").$type<TimeControlName>().notNull(),
    status: text("status").$type<SeekStatus>().notNull(),
    /** The computer was offered as the opponent (after a minute with nobody). */
    computerOffered: integer("computer_offered", { mode: "boolean" }).notNull().default(false),
    gameId: integer("game_id").references(() => games.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    updatedAt: updatedAt(),
    /** When its seeker was told it was paired or lapsed; null: not yet (a restart tells it). */
    toldAt: integer("told_at"),
    /**
     * The dice seed a game it opens takes when it is the older of a pair (hex), drawn as it
     * is stored and committed to (SHA-256, shown to its seeker) before any partner's seek.
     * Null for seeks stored before the field.
     */
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    /**
     * What Telegram fixed of the act that made it: the seeker's `/play anyone` message's
     * number and date ("57:1767225600"), its chat (the seeker's id) left out. Null for a seek
     * made by a button or on the board page.
     */
    mark: text("mark"),
  },
  (t) => [
    // One waiting seek a person: a second press while one waits finds it, not a twin.
    uniqueIndex("seeks_one_waiting_idx").on(t.userId).where(sql`${t.status} = 'waiting'`),
    index("seeks_waiting_idx").on(t.status, t.variant, t.matchLength, t.clock),
    // A person's lobby games, newest first (/block and /report find the last one).
    index("seeks_user_game_idx").on(t.userId, t.gameId),
  ],
);

export type SeekRow = typeof seeks.$inferSelect;

/**
 * A person's block of another met in the lobby: the two are never paired again, either way
 * round. At most a few hundred a person (see services/lobby/strangers.ts).
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => players.id),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => players.id),
    /** The lobby game the block was made after. */
    gameId: integer("game_id").references(() => games.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
    index("blocks_blocker_at_idx").on(t.blockerId, t.createdAt),
  ],
);

/** A report of a lobby game's opponent, for the operator: once a game a reporter. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => players.id),
    reportedId: integer("reported_id")
      .notNull()
      .references(() => players.id),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    /** What the reporter wrote after /report, cut to a few hundred characters. */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_game_idx").on(t.reporterId, t.gameId),
    index("reports_reporter_at_idx").on(t.reporterId, t.createdAt),
  ],
);

/** Set phrases a player of a lobby game has sent in it: a few a game, kept over restarts. */
export const strangerPhrases = sqliteTable(
  "stranger_phrases",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    userId: integer("user_id")
      .notNull()
      .references(() => players.id),
    sent: integer("sent").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

export type BlockRow = typeof blocks.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
