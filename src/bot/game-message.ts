import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { BoardView } from "../render/view.js";
import type { GameView } from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import { boardViewOf } from "./ui/board-view.js";
import { gameCaption, startingCaption } from "./ui/caption.js";
import { gameKeyboard } from "./ui/keyboard.js";
import type { WebLink } from "./web-links.js";

/** Everything a game's message shows: the picture, the caption and the buttons. */
export interface GameMessage {
  readonly view: BoardView;
  readonly caption: string;
  readonly keyboard: InlineKeyboardMarkup;
}

/** Links under a game's buttons. */
export interface BoardLinks {
  /** Opens the game on the player's own board, in private (a chat's board of a game still on). */
  readonly playHere?: string | null;
  /** Opens the board page (a game still on, or its review once over). */
  readonly openBoard?: WebLink | null;
}

/**
 * The message for a game as stored; `claimable`: the waiting player's opponent may claim;
 * `computerId`: the computer's seat, whose turns show no buttons.
 */
export function gameMessage(
  t: Translate,
  game: GameView,
  claimable: boolean,
  { playHere = null, openBoard = null }: BoardLinks = {},
  computerId: number | null = null,
): GameMessage {
  const view = boardViewOf(game.state, [game.score.white, game.score.black]);
  // A game waiting for its message: the starting position, no buttons, no die yet.
  if (game.starting) return { view, caption: startingCaption(t, game), keyboard: NO_BUTTONS };
  const keyboard = gameKeyboard(t, game, {
    claimable,
    seriesOver: game.final?.over ?? false,
    computerId,
  });
  const links: InlineKeyboardButton[] = [];
  const shown = game.status === "active" || game.status === "finished";
  if (openBoard && shown)
    links.push(
      openBoard.kind === "web_app"
        ? { text: t("btn-open-board"), web_app: { url: openBoard.url } }
        : { text: t("btn-open-board"), url: openBoard.url },
    );
  if (playHere && game.status === "active") links.push({ text: t("btn-play-here"), url: playHere });
  return {
    view,
    caption: gameCaption(t, game),
    keyboard: links.length ? { inline_keyboard: [...keyboard.inline_keyboard, links] } : keyboard,
  };
}

const NO_BUTTONS: InlineKeyboardMarkup = { inline_keyboard: [] };
