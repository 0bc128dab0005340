import { and, asc, desc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "./open.js";
import {
  type GameEventRow,
  type GameRow,
  gameEvents,
  games,
  type MessageColumns,
  type NewGameRow,
} from "./schema.js";

export interface NewEvent {
  readonly type: string;
  readonly payload: unknown;
  readonly actorId: number | null;
}

/** Columns an action writes; the version moves with the events appended. */
export type GamePatch = Pick<
  GameRow,
  | "state"
  | "status"
  | "diceCounter"
  | "winnerId"
  | "points"
  | "finishedAt"
  | "lastActionAt"
  | "reminded"
>;

const p = <T extends string>(name: T) => sql.placeholder(name);
/** A placeholder where update() types want a value; drizzle still encodes it (JSON, boolean). */
const slot = <K extends keyof GameRow>(name: K) => sql.placeholder(name) as unknown as GameRow[K];

export class GamesRepo {
  // Prepared once: the per-move path runs these on every press.
  private readonly byId;
  private readonly eventsAfter;
  private readonly write;
  private readonly addEvent;

  constructor(private readonly db: Db) {
    this.byId = db
      .select()
      .from(games)
      .where(eq(games.id, p("id")))
      .prepare();
    this.eventsAfter = db
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, p("gameId")), gt(gameEvents.seq, p("after"))))
      .orderBy(asc(gameEvents.seq))
      .prepare();
    this.write = db
      .update(games)
      .set({
        state: slot("state"),
        status: slot("status"),
        diceCounter: slot("diceCounter"),
        winnerId: slot("winnerId"),
        points: slot("points"),
        finishedAt: slot("finishedAt"),
        lastActionAt: slot("lastActionAt"),
        reminded: slot("reminded"),
        version: slot("version"),
        updatedAt: slot("updatedAt"),
      })
      .where(and(eq(games.id, p("id")), eq(games.version, p("expected"))))
      .returning()
      .prepare();
    this.addEvent = db
      .insert(gameEvents)
      .values({
        gameId: p("gameId"),
        seq: p("seq"),
        type: p("type"),
        payload: p("payload"),
        actorId: p("actorId"),
        createdAt: p("createdAt"),
      })
      .prepare();
  }

  /** Creates the game with its first events; its version is their count. */
  insert(values: Omit<NewGameRow, "version">, events: readonly NewEvent[]): GameRow {
    const row = this.db
      .insert(games)
      .values({ ...values, version: events.length })
      .returning()
      .get();
    this.appendEvents(row.id, 0, events, values.createdAt);
    return row;
  }

  get(id: number): GameRow | undefined {
    return this.byId.get({ id });
  }

  /**
   * Optimistic write: applies only while the stored version is still `expectedVersion`, and
   * appends `events` after it. Returns the new row, or undefined when someone else was first.
   */
  update(
    id: number,
    expectedVersion: number,
    patch: GamePatch,
    events: readonly NewEvent[],
    now: number,
  ): GameRow | undefined {
    const version = expectedVersion + events.length;
    const row = this.write.get({
      ...patch,
      version,
      updatedAt: now,
      id,
      expected: expectedVersion,
    });
    if (row) this.appendEvents(id, expectedVersion, events, now);
    return row;
  }

  private appendEvents(gameId: number, after: number, events: readonly NewEvent[], now: number) {
    events.forEach((e, i) => {
      const { type, payload, actorId } = e;
      this.addEvent.run({ gameId, seq: after + i + 1, type, payload, actorId, createdAt: now });
    });
  }

  /** The game's events in order, those after seq `after` only when given. */
  events(gameId: number, after = 0): GameEventRow[] {
    return this.eventsAfter.all({ gameId, after });
  }

  setMessage(id: number, columns: MessageColumns, now: number): GameRow | undefined {
    return this.db
      .update(games)
      .set({ ...columns, updatedAt: now })
      .where(eq(games.id, id))
      .returning()
      .get();
  }

  markReminded(id: number): void {
    this.db.update(games).set({ reminded: true }).where(eq(games.id, id)).run();
  }

  activeInChatFor(chatId: number, userId: number): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.chatId, chatId),
          eq(games.status, "active"),
          or(eq(games.whiteId, userId), eq(games.blackId, userId)),
        ),
      )
      .orderBy(games.id)
      .all();
  }

  /** Active games the user plays in, anywhere. */
  activeFor(userId: number): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(
        and(eq(games.status, "active"), or(eq(games.whiteId, userId), eq(games.blackId, userId))),
      )
      .orderBy(games.id)
      .all();
  }

  activeInSeries(seriesId: number): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.seriesId, seriesId), eq(games.status, "active")))
      .all();
  }

  rematchOf(gameId: number): GameRow | undefined {
    return this.db.select().from(games).where(eq(games.previousGameId, gameId)).get();
  }

  /** Active games whose last action is at or before `before`; only unreminded ones if asked. */
  idleSince(before: number, unremindedOnly: boolean): GameRow[] {
    const idle = and(eq(games.status, "active"), lte(games.lastActionAt, before));
    return this.db
      .select()
      .from(games)
      .where(unremindedOnly ? and(idle, eq(games.reminded, false)) : idle)
      .orderBy(games.lastActionAt)
      .all();
  }

  /** The newest game shown in an inline message (rematches reuse the message). */
  latestInInlineMessage(inlineMessageId: string): GameRow | undefined {
    return this.db
      .select()
      .from(games)
      .where(eq(games.inlineMessageId, inlineMessageId))
      .orderBy(desc(games.id))
      .limit(1)
      .get();
  }

  ids(): number[] {
    return this.db
      .select({ id: games.id })
      .from(games)
      .orderBy(games.id)
      .all()
      .map((r) => r.id);
  }
}
