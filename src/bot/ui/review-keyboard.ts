import type { InlineKeyboardButton } from "grammy/types";
import type { GameView } from "../../services/index.js";
import { encode, type ReviewItem } from "../callback-data.js";
import type { Tr } from "./tr.js";

/**
 * What a finished game offers under its board and in /history. A game in an inline message
 * has no chat to post into: it offers what fits in its own message.
 */
export function reviewItems(game: GameView): readonly ReviewItem[] {
  if (game.state.phase !== "over") return [];
  return game.chatId === null ? [] : ["record"];
}

export function reviewRow(t: Tr, game: GameView): InlineKeyboardButton[] {
  return reviewItems(game).map((item) => ({
    text: t(`btn-${item}`),
    callback_data: encode({ type: "review", gameId: game.id, item }),
  }));
}
