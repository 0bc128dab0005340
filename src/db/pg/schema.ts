import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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
} from "../../engine/index.js";
import type {
  ChallengeStatus,
  GameStatus,
  PendingStart,
  SeekStatus,
  SeriesAfter,
  SeriesStatus,
  TournamentMatchStatus,
  TournamentStatus,
} from "../schema.js";

/**
 * The same tables as ../schema.ts, for PostgreSQL: one description per dialect, kept equal by
 * test/db/pg-schema.test.ts (names, columns, nullability, defaults, keys, indexes, row types).
 * Ids and times are `bigint` (Telegram ids and Unix milliseconds overflow `integer`), read as
 * JavaScript numbers; flags are `boolean`, JSON is `json`, not `jsonb`: jsonb reorders an
 * object's keys, and a game's stored state is compared with its replay as text. The comments
 * on each table and column are in ../schema.ts.
 */

export const players = pgTable("players", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name"),
  username: text("username"),
  languageCode: text("language_code"),
  locale: text("locale"),
  ratingLong: doublePrecision("rating_long").notNull().default(1500),
  ratingShort: doublePrecision("rating_short").notNull().default(1500),
  showUsername: boolean("show_username").notNull().default(false),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

export const chats = pgTable("chats", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  type: text("type"),
  title: text("title"),
  languageCode: text("language_code"),
  confirmTurns: boolean("confirm_turns"),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

export const challenges = pgTable(
  "challenges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chatId: bigint("chat_id", { mode: "number" }).references(() => chats.id),
    challengerId: bigint("challenger_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    targetUserId: bigint("target_user_id", { mode: "number" }).references(() => players.id),
    targetUsername: text("target_username"),
    variant: text("variant").$type<Variant>().notNull(),
    rules: json("rules").$type<Rules>().notNull(),
    status: text("status").$type<ChallengeStatus>().notNull().default("pending"),
    cardPhoto: boolean("card_photo").notNull().default(false),
    cardKey: text("card_key"),
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    timeControl: json("time_control").$type<TimeControl>(),
    rated: boolean("rated").notNull().default(false),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("challenges_status_expires_idx").on(t.status, t.expiresAt),
    uniqueIndex("challenges_card_key_idx").on(t.cardKey).where(sql`${t.cardKey} is not null`),
  ],
);

export const series = pgTable(
  "series",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chatKey: text("chat_key").notNull(),
    playerA: bigint("player_a", { mode: "number" })
      .notNull()
      .references(() => players.id),
    playerB: bigint("player_b", { mode: "number" })
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    rulesKey: text("rules_key").notNull(),
    rules: json("rules").$type<Rules>().notNull(),
    state: json("state").$type<SeriesState>().notNull(),
    scoreA: bigint("score_a", { mode: "number" }).notNull().default(0),
    scoreB: bigint("score_b", { mode: "number" }).notNull().default(0),
    winsA: bigint("wins_a", { mode: "number" }).notNull().default(0),
    winsB: bigint("wins_b", { mode: "number" }).notNull().default(0),
    games: bigint("games", { mode: "number" }).notNull().default(0),
    draws: bigint("draws", { mode: "number" }).notNull().default(0),
    status: text("status").$type<SeriesStatus>().notNull().default("active"),
    tournamentId: bigint("tournament_id", { mode: "number" }).references(
      (): AnyPgColumn => tournaments.id,
    ),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("series_active_key_idx")
      .on(t.chatKey, t.playerA, t.playerB, t.variant, t.rulesKey)
      .where(sql`${t.status} = 'active' and ${t.tournamentId} is null`),
    index("series_tournament_idx").on(t.tournamentId),
    index("series_chat_idx").on(t.chatKey),
  ],
);

export const games = pgTable(
  "games",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    variant: text("variant").$type<Variant>().notNull(),
    rules: json("rules").$type<Rules>().notNull(),
    whiteId: bigint("white_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    blackId: bigint("black_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    status: text("status").$type<GameStatus>().notNull().default("active"),
    state: json("state").$type<GameState>().notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    chatId: bigint("chat_id", { mode: "number" }).references(() => chats.id),
    diceSeed: text("dice_seed").notNull(),
    diceCommitment: text("dice_commitment").notNull(),
    diceCounter: bigint("dice_counter", { mode: "number" }).notNull().default(0),
    diceSalt: text("dice_salt"),
    unconfirmedId: bigint("unconfirmed_id", { mode: "number" }),
    pendingStart: json("pending_start").$type<PendingStart>(),
    nextDiceSeed: text("next_dice_seed"),
    seriesId: bigint("series_id", { mode: "number" })
      .notNull()
      .references(() => series.id),
    challengeId: bigint("challenge_id", { mode: "number" })
      .unique()
      .references(() => challenges.id),
    previousGameId: bigint("previous_game_id", { mode: "number" })
      .unique()
      .references((): AnyPgColumn => games.id),
    opening: json("opening").$type<OpeningLot>(),
    winnerId: bigint("winner_id", { mode: "number" }).references(() => players.id),
    points: bigint("points", { mode: "number" }),
    reminded: boolean("reminded").notNull().default(false),
    turnLog: json("turn_log").$type<TurnLog>(),
    seriesAfter: json("series_after").$type<SeriesAfter>(),
    timeControl: json("time_control").$type<TimeControl>(),
    clock: json("clock").$type<ClockState>(),
    flagAt: bigint("flag_at", { mode: "number" }),
    rated: boolean("rated").notNull().default(false),
    lastActionAt: bigint("last_action_at", { mode: "number" }).notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    finishedAt: bigint("finished_at", { mode: "number" }),
  },
  (t) => [
    index("games_status_last_action_idx").on(t.status, t.lastActionAt),
    index("games_chat_status_idx").on(t.chatId, t.status),
    index("games_series_idx").on(t.seriesId),
    index("games_flag_at_idx").on(t.flagAt).where(sql`${t.flagAt} is not null`),
    index("games_status_finished_at_idx").on(t.status, t.finishedAt),
  ],
);

export const gameEvents = pgTable(
  "game_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    payload: json("payload").$type<unknown>().notNull(),
    actorId: bigint("actor_id", { mode: "number" }).references(() => players.id),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("game_events_game_seq_idx").on(t.gameId, t.seq)],
);

export const gameReviews = pgTable("game_reviews", {
  gameId: bigint("game_id", { mode: "number" })
    .primaryKey()
    .references(() => games.id),
  analysis: json("analysis").$type<unknown>(),
  replayFileId: text("replay_file_id"),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

export const tournaments = pgTable(
  "tournaments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chatId: bigint("chat_id", { mode: "number" })
      .notNull()
      .references(() => chats.id),
    organiserId: bigint("organiser_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    rules: json("rules").$type<Rules>().notNull(),
    format: text("format").$type<TournamentFormat>().notNull(),
    timeControl: json("time_control").$type<TimeControl>(),
    status: text("status").$type<TournamentStatus>().notNull().default("signup"),
    signupEndsAt: bigint("signup_ends_at", { mode: "number" }).notNull(),
    cardStatus: text("card_status").$type<TournamentStatus>(),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    announced: boolean("announced").notNull().default(false),
    winnerId: bigint("winner_id", { mode: "number" }).references(() => players.id),
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    startedAt: bigint("started_at", { mode: "number" }),
    finishedAt: bigint("finished_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("tournaments_open_chat_idx")
      .on(t.chatId)
      .where(sql`${t.status} in ('signup', 'running')`),
    index("tournaments_status_idx").on(t.status),
  ],
);

export const tournamentEntries = pgTable(
  "tournament_entries",
  {
    tournamentId: bigint("tournament_id", { mode: "number" })
      .notNull()
      .references(() => tournaments.id),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    seed: bigint("seed", { mode: "number" }).notNull(),
    mark: text("mark"),
    joinedAt: bigint("joined_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.playerId] }),
    uniqueIndex("tournament_entries_seed_idx").on(t.tournamentId, t.seed),
  ],
);

export const tournamentMatches = pgTable(
  "tournament_matches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: bigint("tournament_id", { mode: "number" })
      .notNull()
      .references(() => tournaments.id),
    playerA: bigint("player_a", { mode: "number" })
      .notNull()
      .references(() => players.id),
    playerB: bigint("player_b", { mode: "number" })
      .notNull()
      .references(() => players.id),
    seriesId: bigint("series_id", { mode: "number" })
      .notNull()
      .unique()
      .references(() => series.id),
    status: text("status").$type<TournamentMatchStatus>().notNull().default("playing"),
    winnerId: bigint("winner_id", { mode: "number" }).references(() => players.id),
    pointsA: bigint("points_a", { mode: "number" }).notNull().default(0),
    pointsB: bigint("points_b", { mode: "number" }).notNull().default(0),
    forfeit: boolean("forfeit").notNull().default(false),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    finishedAt: bigint("finished_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("tournament_matches_pair_idx").on(t.tournamentId, t.playerA, t.playerB)],
);

export const clockMarks = pgTable("clock_marks", {
  name: text("name").primaryKey(),
  at: bigint("at", { mode: "number" }).notNull(),
});

export const ratings = pgTable(
  "ratings",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    rating: doublePrecision("rating").notNull().default(1500),
    experience: bigint("experience", { mode: "number" }).notNull().default(0),
    matches: bigint("matches", { mode: "number" }).notNull().default(0),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variant] }),
    index("ratings_variant_rating_idx").on(t.variant, t.rating),
  ],
);

export const ratingHistory = pgTable(
  "rating_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    rating: doublePrecision("rating").notNull(),
    delta: doublePrecision("delta").notNull(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    matchLength: bigint("match_length", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("rating_history_game_user_idx").on(t.gameId, t.userId),
    index("rating_history_user_idx").on(t.userId, t.variant, t.at),
    index("rating_history_variant_at_idx").on(t.variant, t.at),
  ],
);

export const ratingMonths = pgTable(
  "rating_months",
  {
    variant: text("variant").$type<Variant>().notNull(),
    month: bigint("month", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    gained: doublePrecision("gained").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variant, t.month, t.userId] }),
    index("rating_months_board_idx").on(t.variant, t.month, t.gained),
  ],
);

export const seeks = pgTable(
  "seeks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    variant: text("variant").$type<Variant>().notNull(),
    matchLength: bigint("match_length", { mode: "number" }).notNull(),
    clock: text("clock").$type<TimeControlName>().notNull(),
    status: text("status").$type<SeekStatus>().notNull(),
    computerOffered: boolean("computer_offered").notNull().default(false),
    gameId: bigint("game_id", { mode: "number" }).references(() => games.id),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    toldAt: bigint("told_at", { mode: "number" }),
    diceSeed: text("dice_seed"),
    diceCommitment: text("dice_commitment"),
    mark: text("mark"),
  },
  (t) => [
    uniqueIndex("seeks_one_waiting_idx").on(t.userId).where(sql`${t.status} = 'waiting'`),
    index("seeks_waiting_idx").on(t.status, t.variant, t.matchLength, t.clock),
    index("seeks_user_game_idx").on(t.userId, t.gameId),
  ],
);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: bigint("blocker_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    blockedId: bigint("blocked_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    gameId: bigint("game_id", { mode: "number" }).references(() => games.id),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
    index("blocks_blocker_at_idx").on(t.blockerId, t.createdAt),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    reporterId: bigint("reporter_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    reportedId: bigint("reported_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    reason: text("reason"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("reports_reporter_game_idx").on(t.reporterId, t.gameId),
    index("reports_reporter_at_idx").on(t.reporterId, t.createdAt),
  ],
);

export const strangerPhrases = pgTable(
  "stranger_phrases",
  {
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    sent: bigint("sent", { mode: "number" }).notNull().default(0),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);
