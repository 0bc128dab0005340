import { type BracketMatch, pairKey } from "../../../engine/index.js";
import type { BracketMatchView, StandingsPicture } from "../../../render/standings-view.js";
import type { TournamentView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { plainName } from "../../ui/names.js";
import { gameTitle } from "../../ui/rules-text.js";
import { formatText, nameOf } from "./text.js";

/** What the standings picture shows, in the tournament's language. */
export function standingsPicture(tr: Translate, t: TournamentView): StandingsPicture {
  const title = tr("tournament-card-title");
  const subtitle = `${gameTitle(tr, t.variant, t.rules)} · ${formatText(tr, t)}`;
  const winner = nameOf(t, t.winnerId);
  const footer = winner ? tr("tournament-picture-winner", { name: plainName(winner) }) : "";
  if (t.format === "round-robin" || !t.bracket) {
    return {
      kind: "table",
      title,
      subtitle,
      headings: [
        tr("tournament-col-place"),
        tr("tournament-col-player"),
        tr("tournament-col-played"),
        tr("tournament-col-wins"),
        tr("tournament-col-losses"),
        tr("tournament-col-points"),
        tr("tournament-col-diff"),
      ],
      rows: (t.standings ?? []).map((r) => ({
        place: r.place,
        name: plainName(nameOf(t, r.player) ?? { firstName: "?" }),
        played: r.played,
        wins: r.wins,
        losses: r.losses,
        pointsFor: r.pointsFor,
        pointsAgainst: r.pointsAgainst,
        highlight: t.winnerId === r.player,
      })),
      footer,
    };
  }
  const live = new Set(
    t.matches.filter((m) => m.status === "playing").map((m) => pairKey(m.a.id, m.b.id)),
  );
  const rounds = t.bracket.rounds;
  return {
    kind: "bracket",
    title,
    subtitle,
    rounds: rounds.map((matches, i) => ({
      name: roundName(tr, rounds.length - i),
      matches: matches.map((m) => matchView(t, m, live)),
    })),
    tbd: tr("tournament-tbd"),
    byeText: tr("tournament-bye"),
    footer,
  };
}

/** "Final", "Semi-finals", ... by how many rounds are left, counting this one. */
function roundName(tr: Translate, left: number): string {
  if (left === 1) return tr("tournament-round-final");
  if (left === 2) return tr("tournament-round-semi");
  if (left === 3) return tr("tournament-round-quarter");
  return tr("tournament-round-of", { n: 2 ** left });
}

function matchView(t: TournamentView, m: BracketMatch, live: Set<string>): BracketMatchView {
  const side = (id: number | null, points: number | undefined) => {
    if (id === null) return null;
    const player = nameOf(t, id);
    const result = m.result;
    const score =
      result === null ? null : result.forfeit && result.winner !== id ? "w/o" : String(points ?? 0);
    return { name: plainName(player ?? { firstName: "?" }), score, won: m.winner === id && !m.bye };
  };
  const r = m.result;
  const pointsOf = (id: number | null) =>
    r === null || id === null ? undefined : id === r.a ? r.pointsA : r.pointsB;
  return {
    a: side(m.a, pointsOf(m.a)),
    b: side(m.b, pointsOf(m.b)),
    bye: m.bye,
    live: m.a !== null && m.b !== null && live.has(pairKey(m.a, m.b)),
  };
}
