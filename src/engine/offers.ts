import type { GameState } from "./game.js";
import { mayDouble } from "./game.js";

/**
 * What a game's board offers now, decided once for the chat's keyboard and the board page:
 * each front end only draws these (and its own way of playing a move). Adding a board action
 * is one row here, its texts in each front end and its case in the engine.
 */
export type OfferKind =
  | "roll"
  | "double"
  /** The mover plays their dice: each front end draws its own steps, undo and ✓ Done. */
  | "move"
  | "take"
  | "drop"
  | "accept-resign"
  | "decline-resign"
  | "claim"
  | "resign"
  | "rematch";

export interface Offer {
  readonly kind: OfferKind;
  /** Who may take it: the player the game waits for, the other player, or either. */
  readonly by: "waited" | "other" | "either";
}

/** The little of a game the offers depend on (a GameView or the page's game both have it). */
export interface OfferedGame {
  readonly status: string;
  readonly state: GameState;
  readonly waitingFor: number | null;
  /** The game is over and its series goes on outside a tournament: a next game may start. */
  readonly rematch: boolean;
  /** The player kept waiting may claim the win now. */
  readonly claimable: boolean;
}

/** Whether a finished game offers a next one: its series goes on, outside a tournament. */
export const rematchOpen = (g: {
  readonly status: string;
  readonly tournamentId: number | null;
  readonly final: { readonly over: boolean } | null;
}): boolean => g.status === "finished" && g.tournamentId === null && !g.final?.over;

/** The board's offers now, in rows as the chat shows them (the page keeps their order). */
export function offersOf(g: OfferedGame): Offer[][] {
  const s = g.state;
  if (g.status !== "active" && g.status !== "finished") return [];
  if (s.phase === "over") return g.rematch ? [[{ kind: "rematch", by: "either" }]] : [];
  const rows: Offer[][] = [];
  const waited = (kind: OfferKind): Offer => ({ kind, by: "waited" });
  switch (s.phase) {
    case "roll":
      rows.push(mayDouble(s) ? [waited("roll"), waited("double")] : [waited("roll")]);
      break;
    case "move":
      rows.push([waited("move")]);
      break;
    case "double":
      rows.push([waited("take"), waited("drop")]);
      break;
    case "resign":
      rows.push([waited("accept-resign"), waited("decline-resign")]);
      break;
  }
  // Who offered to resign waits for the answer: a claim would win what they offered.
  if (g.claimable && s.phase !== "resign") rows.push([{ kind: "claim", by: "other" }]);
  // Resigning: whoever must first answer a double or a resignation offer, answers it; who
  // offered to resign waits for the answer.
  const resignBy = s.phase === "double" ? "other" : s.phase === "resign" ? "waited" : "either";
  rows.push([{ kind: "resign", by: resignBy }]);
  return rows;
}

/** Whether `viewer` may take `offer` in game `g` (the viewer plays in it). */
export function mayTake(offer: Offer, g: OfferedGame, viewer: number): boolean {
  const isWaited = g.waitingFor === viewer;
  return offer.by === "either" || (offer.by === "waited") === isWaited;
}
