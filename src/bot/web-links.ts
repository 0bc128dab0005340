import type { BotConfig } from "../config.js";
import type { GameView } from "../services/index.js";

/**
 * How a message opens the board page: a `web_app` button where Telegram allows one (a
 * private chat with the bot), else a link to the bot's Mini App (`t.me/<bot>/<app>`), which
 * Telegram opens with `startapp` as the page's start parameter.
 */
export interface WebLink {
  readonly kind: "web_app" | "url";
  readonly url: string;
}

/** The start parameter that names a game to the page: "g12". */
export const webStartParam = (gameId: number): string => `g${gameId}`;

/** Links to the board page; null when it is not configured. */
export function webLinks(config: BotConfig["webBoard"], botUsername: () => string) {
  if (!config) return null;
  /** A message in the player's private chat with the bot. */
  const inPrivate = (gameId: number): WebLink => {
    const url = new URL(config.url);
    url.searchParams.set("g", String(gameId));
    return { kind: "web_app", url: url.toString() };
  };
  /** A message in a group, or an inline message (where web_app buttons are refused). */
  const shared = (gameId: number): WebLink => ({
    kind: "url",
    url: `https://t.me/${botUsername()}/${config.shortName}?startapp=${webStartParam(gameId)}`,
  });
  return {
    inPrivate,
    /** For the game's own message, wherever it is. */
    forGame: (game: GameView): WebLink =>
      game.message?.kind !== "inline" && game.chatId !== null && game.chatId > 0
        ? inPrivate(game.id)
        : shared(game.id),
  };
}

export type WebLinks = NonNullable<ReturnType<typeof webLinks>>;
