/** How a tournament pairs its players. */
export type TournamentFormat = "round-robin" | "knockout";

export const TOURNAMENT_FORMATS: readonly TournamentFormat[] = ["round-robin", "knockout"];

/** The fewest and the most players a tournament takes. */
export const MIN_ENTRANTS = 3;
export const MAX_ENTRANTS = 32;

/** Two entrants, by their ids; the first is the one seeded (joined) earlier. */
export type Pairing = readonly [number, number];

/** A decided match between two entrants. */
export interface MatchResult {
  readonly a: number;
  readonly b: number;
  readonly winner: number;
  /** Points each side scored in the match's games. */
  readonly pointsA: number;
  readonly pointsB: number;
  /** Decided by a claim after the loser went silent, not by play. */
  readonly forfeit: boolean;
}

/** One line of a round robin's table, best first. */
export interface StandingRow {
  readonly player: number;
  /** 1-based; players equal on every tie-break except their seed still get distinct places. */
  readonly place: number;
  readonly played: number;
  readonly wins: number;
  readonly losses: number;
  readonly pointsFor: number;
  readonly pointsAgainst: number;
}

/** One match of a knock-out bracket. */
export interface BracketMatch {
  /** 0 for the first round. */
  readonly round: number;
  /** Position within the round, top to bottom. */
  readonly slot: number;
  /** null: not known yet (a feeder match is undecided), or no one (the other side has a bye). */
  readonly a: number | null;
  readonly b: number | null;
  /** The side that goes on: decided by a result, or by a bye. */
  readonly winner: number | null;
  /** One side had no opponent and goes through unplayed. */
  readonly bye: boolean;
  readonly result: MatchResult | null;
}

export interface Bracket {
  /** rounds[0] has bracketSize/2 matches, the last round is the final. */
  readonly rounds: readonly (readonly BracketMatch[])[];
  readonly champion: number | null;
}

/** Final places: the same place for players out in the same knock-out round. */
export interface Placing {
  readonly player: number;
  readonly place: number;
}
