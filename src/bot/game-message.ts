import type { InlineKeyboardMarkup } from "grammy/types";
import type { BoardView } from "../render/view.js";
import type { GameView } from "../services/index.js";
import { boardViewOf } from "./ui/board-view.js";
import { gameCaption, startingCaption } from "./ui/caption.js";
import { gameKeyboard } from "./ui/keyboard.js";
import type { Tr } from "./ui/tr.js";

/** Everything a game's message shows: the picture, the caption and the buttons. */
export interface GameMessage {
  readonly view: BoardView;
  readonly caption: string;
  readonly keyboard: InlineKeyboardMarkup;
}

/**
 * The message for a game as stored; `claimable`: the waiting player's opponent may claim.
 * `playHere`: a link that opens the game on the player's own board, in private (for a
 * chat's board of a game still on).
 */
export function gameMessage(
  t: Tr,
  game: GameView,
  claimable: boolean,
  playHere: string | null = null,
): GameMessage {
  const view = boardViewOf(game.state, [game.score.white, game.score.black]);
  // A game waiting for its message: the starting position, no buttons, no die yet.
  if (game.starting) return { view, caption: startingCaption(t, game), keyboard: NO_BUTTONS };
  const keyboard = gameKeyboard(t, game, { claimable, seriesOver: game.final?.over ?? false });
  const link =
    playHere && game.status === "active" ? [{ text: t("btn-play-here"), url: playHere }] : null;
  return {
    view,
    caption: gameCaption(t, game),
    keyboard: link ? { inline_keyboard: [...keyboard.inline_keyboard, link] } : keyboard,
  };
}

const NO_BUTTONS: InlineKeyboardMarkup = { inline_keyboard: [] };
