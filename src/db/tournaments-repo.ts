import { and, asc, desc, eq, inArray, lte, max, or, sql } from "drizzle-orm";
import type { Db } from "./open.js";
import {
  games,
  type NewTournamentRow,
  type TournamentEntryRow,
  type TournamentMatchRow,
  type TournamentRow,
  type TournamentStatus,
  tournamentEntries,
  tournamentMatches,
  tournaments,
} from "./schema.js";

const OPEN: TournamentStatus[] = ["signup", "running"];

/** A decided match as it is stored. */
export interface MatchOutcome {
  readonly winnerId: number;
  readonly pointsA: number;
  readonly pointsB: number;
  readonly forfeit: boolean;
}

/** Tournaments, who entered them, and their matches. */
export class TournamentsRepo {
  constructor(private readonly db: Db) {}

  insert(values: NewTournamentRow): TournamentRow {
    return this.db.insert(tournaments).values(values).returning().get();
  }

  get(id: number): TournamentRow | undefined {
    return this.db.select().from(tournaments).where(eq(tournaments.id, id)).get();
  }

  /** The chat's tournament in sign-up or in play (at most one). */
  openInChat(chatId: number): TournamentRow | undefined {
    return this.db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.chatId, chatId), inArray(tournaments.status, OPEN)))
      .get();
  }

  /** The chat's newest tournament, whatever its state. */
  latestInChat(chatId: number): TournamentRow | undefined {
    return this.db
      .select()
      .from(tournaments)
      .where(eq(tournaments.chatId, chatId))
      .orderBy(desc(tournaments.id))
      .limit(1)
      .get();
  }

  /** Tournaments with play to follow: running, or cancelled with games let finish. */
  inPlayIds(): number[] {
    const playing = this.db
      .select({ id: tournamentMatches.tournamentId })
      .from(tournamentMatches)
      .where(eq(tournamentMatches.status, "playing"));
    return this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(or(eq(tournaments.status, "running"), inArray(tournaments.id, playing)))
      .orderBy(asc(tournaments.id))
      .all()
      .map((r) => r.id);
  }

  /** The game in play in each of the tournament's matches, by match id. */
  liveGames(id: number): Map<number, number> {
    const rows = this.db
      .select({ matchId: tournamentMatches.id, gameId: games.id })
      .from(tournamentMatches)
      .innerJoin(games, eq(games.seriesId, tournamentMatches.seriesId))
      .where(and(eq(tournamentMatches.tournamentId, id), eq(games.status, "active")))
      .all();
    return new Map(rows.map((r) => [r.matchId, r.gameId]));
  }

  /** Sign-ups still open. */
  inSignup(): TournamentRow[] {
    return this.db
      .select()
      .from(tournaments)
      .where(eq(tournaments.status, "signup"))
      .orderBy(asc(tournaments.id))
      .all();
  }

  /** Sign-ups whose window has closed. */
  signupsDue(now: number): TournamentRow[] {
    return this.db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.status, "signup"), lte(tournaments.signupEndsAt, now)))
      .orderBy(asc(tournaments.id))
      .all();
  }

  /** Changes columns and moves the version, so the messages catch up. */
  update(
    id: number,
    set: Partial<
      Pick<
        TournamentRow,
        | "status"
        | "winnerId"
        | "startedAt"
        | "finishedAt"
        | "format"
        | "rules"
        | "variant"
        | "signupEndsAt"
        | "timeControl"
      >
    >,
    now: number,
  ): TournamentRow | undefined {
    return this.db
      .update(tournaments)
      .set({ ...set, version: sql`${tournaments.version} + 1`, updatedAt: now })
      .where(eq(tournaments.id, id))
      .returning()
      .get();
  }

  /** Moves only the version: something its messages show has changed. */
  touch(id: number, now: number): void {
    this.update(id, {}, now);
  }

  /** What the front end did with the tournament's news: the card's status, the final word. */
  setMessages(id: number, set: Partial<Pick<TournamentRow, "announced" | "cardStatus">>): void {
    this.db.update(tournaments).set(set).where(eq(tournaments.id, id)).run();
  }

  entries(id: number): TournamentEntryRow[] {
    return this.db
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.tournamentId, id))
      .orderBy(asc(tournamentEntries.seed))
      .all();
  }

  /** Adds the player with the next seed; false when already in. */
  addEntry(id: number, playerId: number, now: number): boolean {
    const last = this.db
      .select({ seed: max(tournamentEntries.seed) })
      .from(tournamentEntries)
      .where(eq(tournamentEntries.tournamentId, id))
      .get();
    const added = this.db
      .insert(tournamentEntries)
      .values({ tournamentId: id, playerId, seed: (last?.seed ?? 0) + 1, joinedAt: now })
      .onConflictDoNothing()
      .run();
    return added.changes > 0;
  }

  removeEntry(id: number, playerId: number): boolean {
    return (
      this.db
        .delete(tournamentEntries)
        .where(
          and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.playerId, playerId)),
        )
        .run().changes > 0
    );
  }

  matches(id: number): TournamentMatchRow[] {
    return this.db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id))
      .orderBy(asc(tournamentMatches.id))
      .all();
  }

  insertMatch(
    values: Pick<
      TournamentMatchRow,
      "tournamentId" | "playerA" | "playerB" | "seriesId" | "createdAt"
    >,
  ): TournamentMatchRow {
    return this.db.insert(tournamentMatches).values(values).returning().get();
  }

  /** Records a playing match's result; undefined when it was decided already. */
  decide(matchId: number, outcome: MatchOutcome, now: number): TournamentMatchRow | undefined {
    return this.db
      .update(tournamentMatches)
      .set({ ...outcome, status: "done", finishedAt: now })
      .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.status, "playing")))
      .returning()
      .get();
  }

  abandonMatch(matchId: number, now: number): void {
    this.db
      .update(tournamentMatches)
      .set({ status: "abandoned", finishedAt: now })
      .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.status, "playing")))
      .run();
  }

  /** Finished tournaments won per player in the chat. */
  winsInChat(chatId: number): Map<number, number> {
    const rows = this.db
      .select({ winnerId: tournaments.winnerId, wins: sql<number>`count(*)` })
      .from(tournaments)
      .where(and(eq(tournaments.chatId, chatId), eq(tournaments.status, "finished")))
      .groupBy(tournaments.winnerId)
      .all();
    const out = new Map<number, number>();
    for (const r of rows) if (r.winnerId !== null) out.set(r.winnerId, r.wins);
    return out;
  }
}
