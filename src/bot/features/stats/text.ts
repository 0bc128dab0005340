import type { LeaderRow, PlayerRef, SeriesView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { fitList, more, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName } from "../../ui/names.js";
import { gameTitle } from "../../ui/rules-text.js";

/** `/score`: one line per series, as many as fit. */
export function scoreText(t: Translate, series: readonly SeriesView[]): string {
  const lines = series.map((s) => {
    const [a, b] = s.players;
    const [pa, pb] = s.state.scores;
    const over = s.over ? ` · ${t("score-over")}` : "";
    const tournament = s.tournamentId === null ? "" : " · 🏆";
    return `${htmlName(a)} <b>${pa} : ${pb}</b> ${htmlName(b)} — ${gameTitle(t, s.variant, s.rules)} · ${t("score-games", { n: s.state.games })}${over}${tournament}`;
  });
  const title = `<b>${t("score-title")}</b>`;
  return fitList(TEXT_LIMIT, lines, (shown, hidden) =>
    [title, ...shown, ...more(t, hidden)].join("\n"),
  );
}

/** One variant's leaderboard. */
export interface Board {
  readonly variant: LeaderRow["variant"];
  readonly rows: readonly LeaderRow[];
}

/** A tournament winner and how many they won; null when the player is not known. */
export interface Champion {
  readonly player: PlayerRef | null;
  readonly wins: number;
}

/**
 * `/top`: each variant's table, then who won tournaments; the champions' line gives way when
 * the names are long. Empty when there is nothing to show.
 */
export function topText(
  t: Translate,
  boards: readonly Board[],
  champions: readonly Champion[],
): string {
  const sections = boards
    .filter((b) => b.rows.length > 0)
    .map((b) =>
      [
        `<b>${t("top-title", { variant: t(`variant-${b.variant}`) })}</b>`,
        ...b.rows.map((r, i) =>
          t("top-row", {
            rank: i + 1,
            name: htmlName(r.player),
            points: r.points,
            wins: r.wins,
            games: r.games,
            rate: Math.round(r.winRate * 100),
            rating: Math.round(r.rating),
          }),
        ),
      ].join("\n"),
    );
  const names = champions.map((c) => `${c.player ? htmlName(c.player) : "?"} ${c.wins}`);
  return fitList(TEXT_LIMIT, names, (shown, hidden) => {
    const list = [...shown, ...more(t, hidden)].join(", ");
    return [...sections, ...(names.length ? [t("top-tournaments", { list })] : [])].join("\n\n");
  });
}
