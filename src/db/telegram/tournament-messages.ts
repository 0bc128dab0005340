import { eq, isNull, lt, or } from "drizzle-orm";
import { first } from "../connection.js";
import type { Db } from "../open.js";
import { tournaments } from "../schema.js";
import { tgTournamentMessages } from "./schema.js";

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
    return this.db.run(async (db) => {
      const row = first(
        await db
          .select({
            messageId: tgTournamentMessages.messageId,
            standingsMessageId: tgTournamentMessages.standingsMessageId,
            shownVersion: tgTournamentMessages.shownVersion,
            locale: tgTournamentMessages.locale,
          })
          .from(tgTournamentMessages)
          .where(eq(tgTournamentMessages.tournamentId, tournamentId))
          .limit(1),
      );
      return row ?? NO_TOURNAMENT_MESSAGES;
    });
  }

  set(tournamentId: number, set: Partial<TournamentMessages>): Promise<void> {
    return this.db.run(async (db) => {
      await db
        .insert(tgTournamentMessages)
        .values({ tournamentId, ...set })
        .onConflictDoUpdate({ target: tgTournamentMessages.tournamentId, set });
    });
  }

  /** Tournaments whose messages show an older version, oldest first. */
  behind(): Promise<number[]> {
    return this.db.run(async (db) => {
      const rows = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .leftJoin(tgTournamentMessages, eq(tgTournamentMessages.tournamentId, tournaments.id))
        .where(
          or(
            isNull(tgTournamentMessages.shownVersion),
            lt(tgTournamentMessages.shownVersion, tournaments.version),
          ),
        )
        .orderBy(tournaments.id);
      return rows.map((r) => r.id);
    });
  }
}
