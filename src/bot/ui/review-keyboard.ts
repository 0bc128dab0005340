import type { InlineKeyboardButton } from "grammy/types";
import type { GameView } from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";
import { encode, type ReviewItem } from "../callback-data.js";

/**
 * What a finished game offers under its board and in /history. A game in an inline message
 * has no chat of its own: its analysis and record go to the presser's private chat, its
 * replay plays in its own message.
 */
export function reviewItems(game: GameView): readonly ReviewItem[] {
  return game.state.phase === "over" ? ["analysis", "replay", "record"] : [];
}

const ICON: Record<ReviewItem, string> = { analysis: "📊", replay: "🎞", record: "⬇" };

/** The same buttons, short, for a list of games: "📊 #12". */
export function compactReviewRow(game: GameView): InlineKeyboardButton[] {
  return reviewItems(game).map((item) => ({
    text: `${ICON[item]} #${game.id}`,
    callback_data: encode({ type: "review", gameId: game.id, item }),
  }));
}

export function reviewRow(t: Translate, game: GameView): InlineKeyboardButton[] {
  return reviewItems(game).map((item) => ({
    text: t(`btn-${item}`),
    callback_data: encode({ type: "review", gameId: game.id, item }),
  }));
}
