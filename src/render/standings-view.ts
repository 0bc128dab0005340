/**
 * What a tournament picture shows, with every text already in the reader's language: the
 * renderer draws, it does not translate or compute standings.
 */
export interface TableRowView {
  readonly place: number;
  readonly name: string;
  readonly played: number;
  readonly wins: number;
  readonly losses: number;
  readonly pointsFor: number;
  readonly pointsAgainst: number;
  /** Drawn stronger: the winner once the tournament is over. */
  readonly highlight: boolean;
}

export interface TableView {
  readonly kind: "table";
  readonly title: string;
  readonly subtitle: string;
  /** Column headings: place, player, played, wins, losses, points, difference. */
  readonly headings: readonly [string, string, string, string, string, string, string];
  readonly rows: readonly TableRowView[];
  /** A last line under the table (who plays now, or the winner); may be empty. */
  readonly footer: string;
}

export interface BracketSideView {
  readonly name: string;
  /** The side's match score once decided (or "w/o" for a forfeit), else null. */
  readonly score: string | null;
  readonly won: boolean;
}

export interface BracketMatchView {
  /** null: not known yet; with `bye` true and a name on the other side: no opponent. */
  readonly a: BracketSideView | null;
  readonly b: BracketSideView | null;
  readonly bye: boolean;
  /** Being played now. */
  readonly live: boolean;
}

export interface BracketView {
  readonly kind: "bracket";
  readonly title: string;
  readonly subtitle: string;
  /** First round first; each round has half the matches of the one before. */
  readonly rounds: readonly {
    readonly name: string;
    readonly matches: readonly BracketMatchView[];
  }[];
  /** The text shown for a side not known yet, and for a bye. */
  readonly tbd: string;
  readonly byeText: string;
  readonly footer: string;
}

export type StandingsPicture = TableView | BracketView;

export type RenderStandings = (view: StandingsPicture) => Promise<Buffer>;
