import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { challenges, type GameStatus, games, seeks, tournaments } from "../schema.js";

/**
 * What the Telegram front end keeps for itself: nothing here is a game's state, only where
 * and how the bot shows it. Tables are prefixed `tg_`, but for the update inbox and the
 * dialogs, which kept the names they had before they moved here.
 */

/**
 * The sends and edits of the last minutes, per chat (or inline message), each written before
 * it goes, so the next process (a restart, a standby taking over) does not spend a chat's
 * budget twice.
 */
export const tgSpends = sqliteTable(
  "tg_spends",
  {
    /** The outbox's name of the budget: `c:<chat id>` or `i:<inline message id>`. */
    lane: text("lane").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("tg_spends_lane_idx").on(t.lane)],
);

/**
 * Calls made outside a board's job (a reply, a notice) while they wait for their chat's
 * budget: the handling of their update has ended, so a process that stops or dies first
 * leaves them here for the next one to send.
 */
export const tgKeptCalls = sqliteTable("tg_kept_calls", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  lane: text("lane").notNull(),
  /** The Bot API method and its parameters, JSON. */
  method: text("method").notNull(),
  payload: text("payload").notNull(),
  /** What is recorded of the message once sent (see src/bot/outbox/kept.ts), JSON; or null. */
  followUp: text("follow_up"),
  keptAt: integer("kept_at").notNull(),
});

/**
 * Analyses and replays asked for, from the press until their message has gone: any process
 * (a standby too) takes one to make (its lease renewed while it works; a process that dies
 * leaves it to be taken again), and the active process sends what was made. One row per
 * game, kind and place: asked again there, the work is shared.
 */
export const tgReviewJobs = sqliteTable(
  "tg_review_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").$type<ReviewJobKind>().notNull(),
    gameId: integer("game_id").notNull(),
    /** Where the result goes, as the bounds count it: a chat's id, or `inline:<message id>`. */
    place: text("place").notNull(),
    /** Who asked: the bounds count per person, and an inline replay may go through them. */
    userId: integer("user_id").notNull(),
    /** The chat and the message to answer under; null for an inline message. */
    chatId: integer("chat_id"),
    replyTo: integer("reply_to"),
    inlineMessageId: text("inline_message_id"),
    state: text("state").$type<ReviewJobState>().notNull().default("waiting"),
    /** The process making it, and until when its hold lasts unless renewed. */
    taker: text("taker"),
    leaseUntil: integer("lease_until"),
    /** How many times it was taken: one that keeps killing its maker is given up. */
    attempts: integer("attempts").notNull().default(0),
    /** What was made (a replay's animation); null where the result is stored elsewhere. */
    result: blob("result", { mode: "buffer" }).$type<Buffer>(),
    askedAt: integer("asked_at").notNull(),
  },
  (t) => [
    uniqueIndex("tg_review_jobs_key_idx").on(t.kind, t.gameId, t.place),
    index("tg_review_jobs_state_idx").on(t.state, t.kind, t.id),
  ],
);

/** Waiting to be taken, being made, made and waiting to be sent, being sent. */
export type ReviewJobState = "waiting" | "making" | "made" | "sending";
export type ReviewJobKind = "analysis" | "replay";
export type ReviewJobRow = typeof tgReviewJobs.$inferSelect;

/** A player's own board of a game, in their private chat with the bot. */
export const tgPrivateBoards = sqliteTable(
  "tg_private_boards",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    /** The player, whose private chat has the same id. */
    userId: integer("user_id").notNull(),
    messageId: integer("message_id").notNull(),
    /** The game's version the message shows; null: not known to be up to date. */
    shownVersion: integer("shown_version"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

export type PrivateBoardRow = typeof tgPrivateBoards.$inferSelect;
export type KeptCallRow = typeof tgKeptCalls.$inferSelect;

/**
 * The messages with a seek's ✖️ Stop looking, in its seeker's private chat: the button comes
 * off each once the seek has ended (paired, lapsed or stopped).
 */
export const tgSeekMessages = sqliteTable(
  "tg_seek_messages",
  {
    seekId: integer("seek_id")
      .notNull()
      .references(() => seeks.id),
    /** The seeker, whose private chat has the same id. */
    userId: integer("user_id").notNull(),
    messageId: integer("message_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seekId, t.messageId] })],
);

/**
 * Where each game is shown (the rows here go with their game, challenge or tournament): its board, a message in a chat or an inline message (chat games
 * move to a new message when posted again; an inline game keeps its message, and a rematch
 * there takes it over), and what that message shows. A game without a row has no board yet.
 */
export const tgGameBoards = sqliteTable(
  "tg_game_boards",
  {
    gameId: integer("game_id")
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    /** The chat of `messageId`; null for an inline message. */
    chatId: integer("chat_id"),
    messageId: integer("message_id"),
    inlineMessageId: text("inline_message_id"),
    /** The game's version the message last showed; null: never shown. */
    shownVersion: integer("shown_version"),
    /** Whether that message offered the claim button. */
    shownClaim: integer("shown_claim", { mode: "boolean" }).notNull().default(false),
    /** The game's status it showed: a game marked broken keeps its version, not its status. */
    shownStatus: text("shown_status").$type<GameStatus>(),
    /** The language its messages are written in, carried over from where the game began. */
    locale: text("locale"),
  },
  (t) => [
    // Every press on an inline board looks its game up by the message.
    index("tg_game_boards_inline_idx")
      .on(t.inlineMessageId)
      .where(sql`${t.inlineMessageId} is not null`),
  ],
);

/** Where each challenge's card is, and whether it was closed (says how it ended, no buttons). */
export const tgChallengeCards = sqliteTable(
  "tg_challenge_cards",
  {
    challengeId: integer("challenge_id")
      .primaryKey()
      .references(() => challenges.id, { onDelete: "cascade" }),
    /** The chat of `messageId`; null for an inline message. */
    chatId: integer("chat_id"),
    messageId: integer("message_id"),
    inlineMessageId: text("inline_message_id"),
    closed: integer("closed", { mode: "boolean" }).notNull().default(false),
    /** The language of the card, and of the game it starts. */
    locale: text("locale"),
  },
  (t) => [
    // Every press on an inline card looks its challenge up by the message.
    index("tg_challenge_cards_inline_idx")
      .on(t.inlineMessageId)
      .where(sql`${t.inlineMessageId} is not null`),
    // The start-up sweep looks for chat cards that may still show buttons.
    index("tg_challenge_cards_open_idx")
      .on(t.challengeId)
      .where(sql`${t.closed} = 0 and ${t.messageId} is not null`),
  ],
);

/** A tournament's messages in its group: the sign-up card, the standings, what they show. */
export const tgTournamentMessages = sqliteTable("tg_tournament_messages", {
  tournamentId: integer("tournament_id")
    .primaryKey()
    .references(() => tournaments.id, { onDelete: "cascade" }),
  messageId: integer("message_id"),
  standingsMessageId: integer("standings_message_id"),
  /** The tournament's version the messages last showed; null: never shown. */
  shownVersion: integer("shown_version"),
  /** The language of its messages, and of its games' boards. */
  locale: text("locale"),
});

/** Chats the bot was removed from or blocked in: nothing is sent there until it is back. */
export const tgLostChats = sqliteTable("tg_lost_chats", {
  chatId: integer("chat_id").primaryKey(),
  lostAt: integer("lost_at").notNull(),
});

export type GameBoardRow = typeof tgGameBoards.$inferSelect;
export type ChallengeCardRow = typeof tgChallengeCards.$inferSelect;
export type TournamentMessagesRow = typeof tgTournamentMessages.$inferSelect;

/** State of the set-up dialogs in progress, so a restart does not drop them. */
export const dialogs = sqliteTable(
  "dialogs",
  {
    /** Chat and person, as the dialog plugin keys them. */
    key: text("key").primaryKey(),
    /** The dialog plugin's own data, as it gives it. */
    state: text("state", { mode: "json" }).$type<unknown>().notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Where the dialog's message is, once it is posted. */
    chatId: integer("chat_id"),
    messageId: integer("message_id"),
    locale: text("locale"),
    /** When it last asked its owner something: unanswered for too long, it expires. */
    askedAt: integer("asked_at"),
  },
  (t) => [index("dialogs_updated_idx").on(t.updatedAt), index("dialogs_asked_idx").on(t.askedAt)],
);

export type DialogRow = typeof dialogs.$inferSelect;

/**
 * Updates as Telegram delivered them, stored before Telegram is told they arrived (the next
 * long poll's offset, or the webhook's answer) and marked done once handled, so a process
 * killed in between handles them at its next start.
 */
export const inbox = sqliteTable(
  "inbox",
  {
    /** Telegram's update_id. */
    updateId: integer("update_id").primaryKey(),
    /** The update as Telegram sent it, JSON; opaque below the bot. */
    payload: text("payload").notNull(),
    receivedAt: integer("received_at").notNull(),
    /** How many times its handling began; past the limit a replay gives it up. */
    attempts: integer("attempts").notNull().default(1),
    /** When it was handled, or given up; null: not yet. */
    doneAt: integer("done_at"),
  },
  (t) => [
    index("inbox_pending_idx").on(t.updateId).where(sql`${t.doneAt} is null`),
    index("inbox_received_idx").on(t.receivedAt),
  ],
);

export type InboxRow = typeof inbox.$inferSelect;
