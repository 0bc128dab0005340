import type { GameView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { fitList, more, TEXT_LIMIT } from "../../ui/fit.js";
import { playersText, resultText } from "../../ui/result-text.js";
import { gameTitle } from "../../ui/rules-text.js";

/** Two lines per game: number, date and game; players and result. */
function gameLines(t: Translate, g: GameView): string {
  const date = new Date(g.finishedAt ?? g.createdAt).toISOString().slice(0, 10);
  const head = `<b>#${g.id}</b> · ${date} · ${gameTitle(t, g.variant, g.rules)}`;
  return `${head}\n${playersText(g)} · ${resultText(t, g)}`;
}

/** `/history`: the finished games, newest first, as many as fit. */
export function historyText(t: Translate, games: readonly GameView[]): string {
  const title = `<b>${t("history-title")}</b>`;
  return fitList(TEXT_LIMIT, games, (shown, hidden) =>
    [title, ...shown.map((g) => gameLines(t, g)), ...more(t, hidden)].join("\n\n"),
  );
}
