import { eq, isNull, lt, or } from "drizzle-orm";
import { first } from "../connection.js";
import type { Db } from "../open.js";

export interface TournamentMessages {
  /** The sign-up card. */
  readonly messageId: number | null;
  readonly standingsMessageId: number | null;
  /** The tournament's version they last showed; null: never shown. */
  readonly shownVersion: number | null;
  /** The language they are written in, and its games' boards; null: the default's. */
  readonly locale: string | null;
}

const NO_TOURNAMENT_MESSAGES: TournamentMessages = {
  messageId: null,
  standingsMessageId: null,
  shownVersion: null,
  locale: null,
};

/** Where each tournament's messages are in its group, and the version they show. */
export class TournamentMessageStore {
  constructor(private readonly db: Db) {}

  /** The store as the transaction `tx` reads and writes it. */
  within(tx: Db): TournamentMessageStore {
    return new TournamentMessageStore(tx);
  }

  of(tournamentId: number): Promise<TournamentMessages> {
    return this.db.run(async (db, t) => {
      const row = first(
        await db
          .select({
            messageId: t.tgTournamentMessages.messageId,
            standingsMessageId: t.tgTournamentMessages.standingsMessageId,
            shownVersion: t.tgTournamentMessages.shownVersion,
            locale: t.tgTournamentMessages.locale,
          })
          .from(t.tgTournamentMessages)
          .where(eq(t.tgTournamentMessages.tournamentId, tournamentId))
          .limit(1),
      );
      return row ?? NO_TOURNAMENT_MESSAGES;
    });
  }

  set(tournamentId: number, set: Partial<TournamentMessages>): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .insert(t.tgTournamentMessages)
        .values({ tournamentId, ...set })
        .onConflictDoUpdate({ target: t.tgTournamentMessages.tournamentId, set });
    });
  }

  /** Tournaments whose messages show an older version, oldest first. */
  behind(): Promise<number[]> {
    return this.db.run(async (db, t) => {
      const rows = await db
        .select({ id: t.tournaments.id })
        .from(t.tournaments)
        .leftJoin(t.tgTournamentMessages, eq(t.tgTournamentMessages.tournamentId, t.tournaments.id))
        .where(
          or(
            isNull(t.tgTournamentMessages.shownVersion),
            lt(t.tgTournamentMessages.shownVersion, t.tournaments.version),
          ),
        )
        .orderBy(t.tournaments.id);
      return rows.map((r) => r.id);
    });
  }
}
