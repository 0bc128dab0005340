import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games } from "../schema.js";

/**
 * What the Telegram front end keeps for itself: nothing here is a game's state, only where
 * and how the bot shows it. Tables are prefixed `tg_`, but for the update inbox and the
 * dialogs, which kept the names they had before they moved here.
 */

/**
 * The sends and edits of the last minute, per chat (or inline message), saved when the bot
 * stops, so a restart does not spend a chat's budget twice.
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
