import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { GameStatus } from "../schema.js";
import type { ReviewJobKind, ReviewJobState } from "../telegram/schema.js";
import { challenges, games, seeks, tournaments } from "./schema.js";

/** The Telegram front end's tables (../telegram/schema.ts), for PostgreSQL; see ./schema.ts. */

export const tgSpends = pgTable(
  "tg_spends",
  {
    lane: text("lane").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("tg_spends_lane_idx").on(t.lane)],
);

export const tgKeptCalls = pgTable("tg_kept_calls", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  lane: text("lane").notNull(),
  method: text("method").notNull(),
  payload: text("payload").notNull(),
  followUp: text("follow_up"),
  keptAt: bigint("kept_at", { mode: "number" }).notNull(),
});

/** Bytes, as node-postgres gives them (PGlite gives a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const tgReviewJobs = pgTable(
  "tg_review_jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<ReviewJobKind>().notNull(),
    gameId: bigint("game_id", { mode: "number" }).notNull(),
    place: text("place").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    chatId: bigint("chat_id", { mode: "number" }),
    replyTo: bigint("reply_to", { mode: "number" }),
    inlineMessageId: text("inline_message_id"),
    state: text("state").$type<ReviewJobState>().notNull().default("waiting"),
    taker: text("taker"),
    leaseUntil: bigint("lease_until", { mode: "number" }),
    attempts: bigint("attempts", { mode: "number" }).notNull().default(0),
    result: bytea("result"),
    askedAt: bigint("asked_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("tg_review_jobs_key_idx").on(t.kind, t.gameId, t.place),
    index("tg_review_jobs_state_idx").on(t.state, t.kind, t.id),
  ],
);

export const tgPrivateBoards = pgTable(
  "tg_private_boards",
  {
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    shownVersion: bigint("shown_version", { mode: "number" }),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

export const tgSeekMessages = pgTable(
  "tg_seek_messages",
  {
    seekId: bigint("seek_id", { mode: "number" })
      .notNull()
      .references(() => seeks.id),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seekId, t.messageId] })],
);

export const tgGameBoards = pgTable(
  "tg_game_boards",
  {
    gameId: bigint("game_id", { mode: "number" })
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    inlineMessageId: text("inline_message_id"),
    shownVersion: bigint("shown_version", { mode: "number" }),
    shownClaim: boolean("shown_claim").notNull().default(false),
    shownStatus: text("shown_status").$type<GameStatus>(),
    locale: text("locale"),
  },
  (t) => [
    index("tg_game_boards_inline_idx")
      .on(t.inlineMessageId)
      .where(sql`${t.inlineMessageId} is not null`),
  ],
);

export const tgChallengeCards = pgTable(
  "tg_challenge_cards",
  {
    challengeId: bigint("challenge_id", { mode: "number" })
      .primaryKey()
      .references(() => challenges.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    inlineMessageId: text("inline_message_id"),
    closed: boolean("closed").notNull().default(false),
    locale: text("locale"),
  },
  (t) => [
    index("tg_challenge_cards_inline_idx")
      .on(t.inlineMessageId)
      .where(sql`${t.inlineMessageId} is not null`),
    index("tg_challenge_cards_open_idx")
      .on(t.challengeId)
      .where(sql`${t.closed} = false and ${t.messageId} is not null`),
  ],
);

export const tgTournamentMessages = pgTable("tg_tournament_messages", {
  tournamentId: bigint("tournament_id", { mode: "number" })
    .primaryKey()
    .references(() => tournaments.id, { onDelete: "cascade" }),
  messageId: bigint("message_id", { mode: "number" }),
  standingsMessageId: bigint("standings_message_id", { mode: "number" }),
  shownVersion: bigint("shown_version", { mode: "number" }),
  locale: text("locale"),
});

export const tgLostChats = pgTable("tg_lost_chats", {
  chatId: bigint("chat_id", { mode: "number" }).primaryKey(),
  lostAt: bigint("lost_at", { mode: "number" }).notNull(),
});

export const dialogs = pgTable(
  "dialogs",
  {
    key: text("key").primaryKey(),
    state: json("state").$type<unknown>().notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    chatId: bigint("chat_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    locale: text("locale"),
    askedAt: bigint("asked_at", { mode: "number" }),
  },
  (t) => [index("dialogs_updated_idx").on(t.updatedAt), index("dialogs_asked_idx").on(t.askedAt)],
);

export const inbox = pgTable(
  "inbox",
  {
    updateId: bigint("update_id", { mode: "number" }).primaryKey(),
    payload: text("payload").notNull(),
    receivedAt: bigint("received_at", { mode: "number" }).notNull(),
    attempts: bigint("attempts", { mode: "number" }).notNull().default(1),
    doneAt: bigint("done_at", { mode: "number" }),
  },
  (t) => [
    index("inbox_pending_idx").on(t.updateId).where(sql`${t.doneAt} is null`),
    index("inbox_received_idx").on(t.receivedAt),
  ],
);
