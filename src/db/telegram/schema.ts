import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games } from "../schema.js";

/**
 * What the Telegram front end keeps for itself: nothing here is a game's state, only where
 * and how the bot shows it. Tables are prefixed `tg_`.
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
