import { and, asc, desc, eq, inArray, lte, max, or, sql } from "drizzle-orm";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type {
  NewTournamentRow,
  TournamentEntryRow,
  TournamentMatchRow,
  TournamentRow,
  TournamentStatus,
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

  insert(values: NewTournamentRow): Promise<TournamentRow> {
    return this.db.run(async (db, { tournaments }) =>
      only(await db.insert(tournaments).values(values).returning()),
    );
  }

  get(id: number): Promise<TournamentRow | undefined> {
    return this.db.run(async (db, { tournaments }) =>
      first(await db.select().from(tournaments).where(eq(tournaments.id, id)).limit(1)),
    );
  }

  /** The chat's tournament in sign-up or in play (at most one). */
  openInChat(chatId: number): Promise<TournamentRow | undefined> {
    return this.db.run(async (db, { tournaments }) =>
      first(
        await db
          .select()
          .from(tournaments)
          .where(and(eq(tournaments.chatId, chatId), inArray(tournaments.status, OPEN)))
          .limit(1),
      ),
    );
  }

  /** The chat's newest tournament, whatever its state. */
  latestInChat(chatId: number): Promise<TournamentRow | undefined> {
    return this.db.run(async (db, { tournaments }) =>
      first(
        await db
          .select()
          .from(tournaments)
          .where(eq(tournaments.chatId, chatId))
          .orderBy(desc(tournaments.id))
          .limit(1),
      ),
    );
  }

  /** Tournaments with play to follow: running, or cancelled with games let finish. */
  inPlayIds(): Promise<number[]> {
    return this.db.run(async (db, { tournaments, tournamentMatches }) => {
      const playing = db
        .select({ id: tournamentMatches.tournamentId })
        .from(tournamentMatches)
        .where(eq(tournamentMatches.status, "playing"));
      const rows = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(or(eq(tournaments.status, "running"), inArray(tournaments.id, playing)))
        .orderBy(asc(tournaments.id));
      return rows.map((r) => r.id);
    });
  }

  /** The game in play in each of the tournament's matches, by match id. */
  liveGames(id: number): Promise<Map<number, number>> {
    return this.db.run(async (db, { games, tournamentMatches }) => {
      const rows = await db
        .select({ matchId: tournamentMatches.id, gameId: games.id })
        .from(tournamentMatches)
        .innerJoin(games, eq(games.seriesId, tournamentMatches.seriesId))
        .where(and(eq(tournamentMatches.tournamentId, id), eq(games.status, "active")));
      return new Map(rows.map((r) => [r.matchId, r.gameId]));
    });
  }

  /** Sign-ups still open. */
  inSignup(): Promise<TournamentRow[]> {
    return this.db.run((db, { tournaments }) =>
      db
        .select()
        .from(tournaments)
        .where(eq(tournaments.status, "signup"))
        .orderBy(asc(tournaments.id)),
    );
  }

  /** Sign-ups whose window has closed. */
  signupsDue(now: number): Promise<TournamentRow[]> {
    return this.db.run((db, { tournaments }) =>
      db
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.status, "signup"), lte(tournaments.signupEndsAt, now)))
        .orderBy(asc(tournaments.id)),
    );
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
  ): Promise<TournamentRow | undefined> {
    return this.db.run(async (db, { tournaments }) =>
      first(
        await db
          .update(tournaments)
          .set({ ...set, version: sql`${tournaments.version} + 1`, updatedAt: now })
          .where(eq(tournaments.id, id))
          .returning(),
      ),
    );
  }

  /** Moves only the version: something its messages show has changed. */
  async touch(id: number, now: number): Promise<void> {
    await this.update(id, {}, now);
  }

  /** What the front end did with the tournament's news: the card's status, the final word. */
  async setMessages(
    id: number,
    set: Partial<Pick<TournamentRow, "announced" | "cardStatus">>,
  ): Promise<void> {
    await this.db.run((db, { tournaments }) =>
      db.update(tournaments).set(set).where(eq(tournaments.id, id)),
    );
  }

  entries(id: number): Promise<TournamentEntryRow[]> {
    return this.db.run((db, { tournamentEntries }) =>
      db
        .select()
        .from(tournamentEntries)
        .where(eq(tournamentEntries.tournamentId, id))
        .orderBy(asc(tournamentEntries.seed)),
    );
  }

  /** Adds the player with the next seed; false when already in. */
  /** `mark`: what the entrant's act fixed (see tournamentEntries.mark). */
  addEntry(id: number, playerId: number, now: number, mark: string | null): Promise<boolean> {
    // One transaction: the next seed read is the one written.
    return this.db.transaction((tx) =>
      tx.run(async (db, { tournamentEntries }) => {
        const last = first(
          await db
            .select({ seed: max(tournamentEntries.seed) })
            .from(tournamentEntries)
            .where(eq(tournamentEntries.tournamentId, id)),
        );
        const added = await db
          .insert(tournamentEntries)
          .values({
            tournamentId: id,
            playerId,
            seed: (last?.seed ?? 0) + 1,
            mark,
            joinedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: tournamentEntries.playerId });
        return added.length > 0;
      }),
    );
  }

  removeEntry(id: number, playerId: number): Promise<boolean> {
    return this.db.run(async (db, { tournamentEntries }) => {
      const removed = await db
        .delete(tournamentEntries)
        .where(
          and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.playerId, playerId)),
        )
        .returning({ id: tournamentEntries.playerId });
      return removed.length > 0;
    });
  }

  matches(id: number): Promise<TournamentMatchRow[]> {
    return this.db.run((db, { tournamentMatches }) =>
      db
        .select()
        .from(tournamentMatches)
        .where(eq(tournamentMatches.tournamentId, id))
        .orderBy(asc(tournamentMatches.id)),
    );
  }

  insertMatch(
    values: Pick<
      TournamentMatchRow,
      "tournamentId" | "playerA" | "playerB" | "seriesId" | "createdAt"
    >,
  ): Promise<TournamentMatchRow> {
    return this.db.run(async (db, { tournamentMatches }) =>
      only(await db.insert(tournamentMatches).values(values).returning()),
    );
  }

  /** Records a playing match's result; undefined when it was decided already. */
  decide(
    matchId: number,
    outcome: MatchOutcome,
    now: number,
  ): Promise<TournamentMatchRow | undefined> {
    return this.db.run(async (db, { tournamentMatches }) =>
      first(
        await db
          .update(tournamentMatches)
          .set({ ...outcome, status: "done", finishedAt: now })
          .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.status, "playing")))
          .returning(),
      ),
    );
  }

  async abandonMatch(matchId: number, now: number): Promise<void> {
    await this.db.run((db, { tournamentMatches }) =>
      db
        .update(tournamentMatches)
        .set({ status: "abandoned", finishedAt: now })
        .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.status, "playing"))),
    );
  }

  /** Finished tournaments won per player in the chat. */
  winsInChat(chatId: number): Promise<Map<number, number>> {
    return this.db.run(async (db, { tournaments }) => {
      const rows = await db
        .select({ winnerId: tournaments.winnerId, wins: sql<number>`count(*)`.mapWith(Number) })
        .from(tournaments)
        .where(and(eq(tournaments.chatId, chatId), eq(tournaments.status, "finished")))
        .groupBy(tournaments.winnerId);
      const out = new Map<number, number>();
      for (const r of rows) if (r.winnerId !== null) out.set(r.winnerId, r.wins);
      return out;
    });
  }
}
