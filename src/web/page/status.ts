import { type Color, type GameState, other } from "../../engine/index.js";
import type { PageGame, PageTexts } from "../protocol.js";

export const ICON: Readonly<Record<Color, string>> = { white: "⚪", black: "⚫" };

/** A text with its `{slot}`s filled. */
export const fill = (text: string, slots: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, k: string) => (k in slots ? String(slots[k]) : whole));

/** "⚪ Alice": a side as the status line names it. */
export const sideName = (g: PageGame, c: Color): string =>
  `${ICON[c]} ${(c === "white" ? g.white : g.black).name}`;

/** Whose move the game waits for, as the viewer sees it; null when it waits for no one. */
export type TurnFor = "mine" | "theirs" | "watching";

export function turnFor(g: PageGame, viewerId: number, seated: boolean): TurnFor | null {
  if (g.status !== "active" || g.starting || g.waitingFor === null) return null;
  if (!seated) return "watching";
  return g.waitingFor === viewerId ? "mine" : "theirs";
}

/** "🟢 Your turn" or "⏳ Waiting for Bob" for a player; a watcher is told so elsewhere. */
export function turnBanner(x: PageTexts, g: PageGame, turn: TurnFor | null): string {
  if (turn === "mine") return x.yourTurn;
  if (turn !== "theirs") return "";
  const waited = g.white.id === g.waitingFor ? g.white : g.black;
  return fill(x.waitingFor, { name: waited.name });
}

/** The game over made `winner`'s score reach its match's length. */
function matchWon(g: PageGame, winner: Color): boolean {
  const match = g.state.rules.match;
  return match.kind === "points" && match.to > 1 && (g.scoreAfter?.[winner] ?? 0) >= match.to;
}

/** The line under the board: whose turn it is and what they are to do, or how it ended. */
export function statusText(x: PageTexts, g: PageGame): string {
  if (g.status === "broken") return x.broken;
  if (g.status === "abandoned") return x.abandoned;
  if (g.starting) return x.starting;
  const s: GameState = g.state;
  const name = sideName(g, s.turn);
  switch (s.phase) {
    case "roll":
      return fill(x.rollOrDouble, { name });
    case "move":
      return fill(x.toMove, { dice: `${s.dice![0]}-${s.dice![1]}`, name });
    case "double":
      return fill(x.doubles, { name, value: s.cube.value * 2, other: sideName(g, other(s.turn)) });
    case "resign": {
      const offer = s.pendingResign!;
      return fill(x.resignOffer, {
        name: sideName(g, offer.by),
        kind: x.kinds[offer.kind] ?? offer.kind,
        other: sideName(g, other(offer.by)),
      });
    }
    case "over": {
      const r = s.result!;
      if (r.winner === null) return `🤝 ${x.draw}`;
      const kind = x.kinds[r.kind] ?? r.kind;
      const name = sideName(g, r.winner);
      const onTime = r.reason === "time" && x.onTime ? ` · ${x.onTime}` : "";
      const next = g.nextGameDue ? ` · ${x.nextGame}` : "";
      const won = matchWon(g, r.winner) ? ` · ${fill(x.matchWon, { name })}` : "";
      return `🏆 ${fill(x.wins, { name, kind, points: r.points })}${onTime}${won}${next}`;
    }
  }
}
