import type { Color } from "../../engine/index.js";
import type { GameView } from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";
import { gameLabel } from "./caption.js";
import { CAPTION_LIMIT, fitHtml } from "./fit.js";
import { htmlName } from "./names.js";

export const COLOUR_ICON: Record<Color, string> = { white: "⚪", black: "⚫" };

/** "⚪ Alice — Bob ⚫" */
export const playersText = (g: GameView): string =>
  `${COLOUR_ICON.white} ${htmlName(g.white)} — ${htmlName(g.black)} ${COLOUR_ICON.black}`;

/** "🏆 ⚫ Bob wins a gammon: +2", or the draw. */
export function resultText(t: Translate, g: GameView): string {
  const r = g.state.result;
  if (!r?.winner) return `🤝 ${t("caption-draw")}`;
  const name = `${COLOUR_ICON[r.winner]} ${htmlName(r.winner === "white" ? g.white : g.black)}`;
  return `🏆 ${t("caption-wins", { name, kind: t(`result-${r.kind}`), points: r.points })}`;
}

/** Under a replay's animation: the game, who played, the result. */
export const replayCaption = (t: Translate, game: GameView): string =>
  fitHtml(
    t("replay-caption", {
      game: gameLabel(t, game),
      players: playersText(game),
      result: resultText(t, game),
    }),
    CAPTION_LIMIT,
  );
