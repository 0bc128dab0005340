import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ClockState, TimeControl } from "../engine/index.js";
import { first, only, perHandle, type Sql, type Tables } from "./connection.js";
import type { Dialect } from "./dialect.js";
import type { Db } from "./open.js";
import {
  type GameEventRow,
  type GameRow,
  LOBBY_KEY,
  type NewGameRow,
  type PlayerRow,
  type SeriesAfter,
  type SeriesRow,
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
  | "turnLog"
  | "unconfirmedId"
  | "clock"
  | "flagAt"
>;

/** What a game's start writes: its opening as the dice drew it. */
export type GameOpening = Pick<
  GameRow,
  | "state"
  | "whiteId"
  | "blackId"
  | "opening"
  | "diceSalt"
  | "diceCounter"
  | "turnLog"
  | "lastActionAt"
  | "clock"
  | "nextDiceSeed"
>;

/** A game with both players and its series, as one read. */
export interface FullGame {
  readonly game: GameRow;
  readonly white: PlayerRow;
  readonly black: PlayerRow;
  readonly series: SeriesRow;
}

const p = <T extends string>(name: T) => sql.placeholder(name);
/** A placeholder where update() types want a value; drizzle still encodes it (JSON, boolean). */
const slot = <K extends keyof GameRow>(name: K) => sql.placeholder(name) as unknown as GameRow[K];

/** Games with their players and series in one statement; callers add where and order. */
export function selectFullGames(db: Sql, { games, players, series }: Tables) {
  const white = alias(players, "white");
  const black = alias(players, "black");
  return db
    .select({ game: games, white, black, series })
    .from(games)
    .innerJoin(white, eq(white.id, games.whiteId))
    .innerJoin(black, eq(black.id, games.blackId))
    .innerJoin(series, eq(series.id, games.seriesId))
    .$dynamic();
}

/**
 * The statements of the per-move path, prepared once per handle: a transaction's own handle
 * (PostgreSQL's) gets its own, so they run inside it, not beside it on the pool.
 */
function prepareStatements(db: Sql, t: Tables) {
  const { games, gameEvents } = t;
  return {
    byId: db
      .select()
      .from(games)
      .where(eq(games.id, p("id")))
      .limit(1)
      .prepare(),
    fullById: selectFullGames(db, t)
      .where(eq(games.id, p("id")))
      .limit(1)
      .prepare(),
    eventsAfter: db
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, p("gameId")), gt(gameEvents.seq, p("after"))))
      .orderBy(asc(gameEvents.seq))
      .prepare(),
    write: db
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
        turnLog: slot("turnLog"),
        unconfirmedId: slot("unconfirmedId"),
        clock: slot("clock"),
        flagAt: slot("flagAt"),
        version: slot("version"),
        updatedAt: slot("updatedAt"),
      })
      .where(and(eq(games.id, p("id")), eq(games.version, p("expected"))))
      .returning()
      .prepare(),
    /** An action's `n` events as one insert, prepared at the first action with that many. */
    appendEvents: new Map<number, ReturnType<typeof prepareAppend>>(),
    activeInChat: selectFullGames(db, t)
      .where(
        and(
          eq(games.chatId, p("chatId")),
          eq(games.status, "active"),
          or(eq(games.whiteId, p("userId")), eq(games.blackId, p("userId"))),
        ),
      )
      .orderBy(asc(games.id))
      .prepare(),
  };
}

/** `n` events of one game, all made at one time: seq0, type0, ... for each. */
function prepareAppend(db: Sql, { gameEvents }: Tables, n: number) {
  return db
    .insert(gameEvents)
    .values(
      Array.from({ length: n }, (_, i) => ({
        gameId: p("gameId"),
        seq: p(`seq${i}`),
        type: p(`type${i}`),
        payload: sql.placeholder(`payload${i}`) as unknown as GameEventRow["payload"],
        actorId: p(`actorId${i}`),
        createdAt: p("createdAt"),
      })),
    )
    .prepare();
}

type Statements = ReturnType<typeof prepareStatements>;

const statementsOf = perHandle(prepareStatements);

export class GamesRepo {
  constructor(private readonly db: Db) {}

  /**
   * Runs `fn` with the per-move path's prepared statements; every repository on a handle
   * shares them.
   */
  private prepared<T>(
    fn: (s: Statements, db: Sql, t: Tables) => T | Promise<T>,
    on: Db = this.db,
  ): Promise<T> {
    return on.run((db, t) => fn(statementsOf(db, t), db, t));
  }

  private fullWhere(
    where: (t: Tables, dialect: Dialect) => SQL | undefined,
    order: (t: Tables) => SQL = ({ games }) => asc(games.id),
  ): Promise<FullGame[]> {
    return this.db.run((db, t, dialect) =>
      selectFullGames(db, t).where(where(t, dialect)).orderBy(order(t)),
    );
  }

  /** Creates the game with its first events; its version is their count. */
  insert(values: Omit<NewGameRow, "version">, events: readonly NewEvent[]): Promise<GameRow> {
    return this.db.transaction(async (tx) => {
      const row = await tx.run(async (db, { games }) =>
        only(
          await db
            .insert(games)
            .values({ ...values, version: events.length })
            .returning(),
        ),
      );
      await this.appendEvents(tx, row.id, 0, events, values.createdAt);
      return row;
    });
  }

  /**
   * A game that waited for its message starts: its opening, the dice's second part, and its
   * first events. Undefined when it had started already.
   */
  begin(
    id: number,
    opening: GameOpening,
    events: readonly NewEvent[],
    now: number,
  ): Promise<GameRow | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await tx.run(async (db, { games }) =>
        first(
          await db
            .update(games)
            .set({ ...opening, pendingStart: null, version: events.length, updatedAt: now })
            .where(and(eq(games.id, id), eq(games.version, 0), isNotNull(games.pendingStart)))
            .returning(),
        ),
      );
      if (row) await this.appendEvents(tx, id, 0, events, now);
      return row;
    });
  }

  get(id: number): Promise<GameRow | undefined> {
    return this.prepared(async (s) => first(await s.byId.execute({ id })));
  }

  getFull(id: number): Promise<FullGame | undefined> {
    return this.prepared(async (s) => first(await s.fullById.execute({ id })));
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
  ): Promise<GameRow | undefined> {
    const version = expectedVersion + events.length;
    return this.db.transaction(async (tx) => {
      const row = await this.prepared(
        async (s) =>
          first(
            await s.write.execute({
              ...patch,
              version,
              updatedAt: now,
              id,
              expected: expectedVersion,
            }),
          ),
        tx,
      );
      if (row) await this.appendEvents(tx, id, expectedVersion, events, now);
      return row;
    });
  }

  /**
   * One action's events, numbered on from `after` (callers hold the transaction): one
   * statement, however many steps the action took.
   */
  private async appendEvents(
    tx: Db,
    gameId: number,
    after: number,
    events: readonly NewEvent[],
    now: number,
  ): Promise<void> {
    const n = events.length;
    if (n === 0) return;
    const values: Record<string, unknown> = { gameId, createdAt: now };
    for (const [i, e] of events.entries()) {
      values[`seq${i}`] = after + i + 1;
      values[`type${i}`] = e.type;
      values[`payload${i}`] = e.payload;
      values[`actorId${i}`] = e.actorId;
    }
    await this.prepared(async (s, db, t) => {
      let insert = s.appendEvents.get(n);
      if (!insert) {
        insert = prepareAppend(db, t, n);
        s.appendEvents.set(n, insert);
      }
      await insert.execute(values);
    }, tx);
  }

  /**
   * The clock alone changes (its side's buttons were delivered, or the bot was down): no
   * event, no new version, so no button goes stale. Only over `version`, while active.
   */
  setClock(
    id: number,
    version: number,
    clock: ClockState,
    flagAt: number | null,
  ): Promise<boolean> {
    return this.db.run(async (db, { games }) => {
      const changed = await db
        .update(games)
        .set({ clock, flagAt })
        .where(and(eq(games.id, id), eq(games.version, version), eq(games.status, "active")))
        .returning({ id: games.id });
      return changed.length > 0;
    });
  }

  /** Every active game whose clock runs, with when it flags (the clock keeper's start). */
  runningClocks(): Promise<{ id: number; flagAt: number }[]> {
    return this.db.run(
      async (db, { games }) =>
        (await db
          .select({ id: games.id, flagAt: games.flagAt })
          .from(games)
          .where(and(eq(games.status, "active"), isNotNull(games.flagAt)))) as {
          id: number;
          flagAt: number;
        }[],
    );
  }

  /** Active games of a chat with a clock, running or not (the chat lost, or back). */
  clockedIn(chatId: number): Promise<GameRow[]> {
    return this.db.run((db, { games }) =>
      db
        .select()
        .from(games)
        .where(and(eq(games.chatId, chatId), eq(games.status, "active"), isNotNull(games.clock))),
    );
  }

  /**
   * Active games whose clock is not running (no deadline) and whose last act is at or before
   * `before`: held mid-turn for buttons on their way, or for a chat out of reach.
   */
  heldClocksSince(before: number): Promise<GameRow[]> {
    return this.db.run((db, { games }) =>
      db
        .select()
        .from(games)
        .where(
          and(
            eq(games.status, "active"),
            isNotNull(games.clock),
            isNull(games.flagAt),
            lte(games.lastActionAt, before),
          ),
        ),
    );
  }

  /** The game's event number `seq`. */
  event(gameId: number, seq: number): Promise<GameEventRow | undefined> {
    return this.db.run(async (db, { gameEvents }) =>
      first(
        await db
          .select()
          .from(gameEvents)
          .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.seq, seq)))
          .limit(1),
      ),
    );
  }

  /** The game's events in order, those after seq `after` only when given. */
  events(gameId: number, after = 0): Promise<GameEventRow[]> {
    return this.prepared((s) => s.eventsAfter.execute({ gameId, after }));
  }

  /** A finished game's series result, and the next game's seed when the series goes on. */
  async setSeriesAfter(id: number, after: SeriesAfter, nextDiceSeed: string | null): Promise<void> {
    await this.db.run((db, { games }) =>
      db.update(games).set({ seriesAfter: after, nextDiceSeed }).where(eq(games.id, id)),
    );
  }

  /** An active game becomes broken; undefined when it was not active (marked already, or over). */
  markBroken(id: number, now: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(
        await db
          .update(games)
          .set({ status: "broken", updatedAt: now })
          .where(and(eq(games.id, id), eq(games.status, "active")))
          .returning(),
      ),
    );
  }

  /** An active game is dropped with its tournament. */
  markAbandoned(id: number, now: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(
        await db
          .update(games)
          .set({ status: "abandoned", updatedAt: now, finishedAt: now })
          .where(and(eq(games.id, id), eq(games.status, "active")))
          .returning(),
      ),
    );
  }

  /** The series' newest game. */
  lastInSeries(seriesId: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(
        await db
          .select()
          .from(games)
          .where(eq(games.seriesId, seriesId))
          .orderBy(desc(games.id))
          .limit(1),
      ),
    );
  }

  /** The series' newest game before game `id`. */
  lastBefore(seriesId: number, id: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(
        await db
          .select()
          .from(games)
          .where(and(eq(games.seriesId, seriesId), lt(games.id, id)))
          .orderBy(desc(games.id))
          .limit(1),
      ),
    );
  }

  /** Ids of every active game, oldest first. */
  activeIds(): Promise<number[]> {
    return this.db.run(async (db, { games }) =>
      (
        await db
          .select({ id: games.id })
          .from(games)
          .where(eq(games.status, "active"))
          .orderBy(asc(games.id))
      ).map((r) => r.id),
    );
  }

  async markReminded(id: number): Promise<void> {
    await this.db.run((db, { games }) =>
      db.update(games).set({ reminded: true }).where(eq(games.id, id)),
    );
  }

  activeInChatFor(chatId: number, userId: number): Promise<FullGame[]> {
    return this.prepared((s) => s.activeInChat.execute({ chatId, userId }));
  }

  /** Active games the user plays in, anywhere. */
  activeFor(userId: number): Promise<FullGame[]> {
    return this.fullWhere(({ games }) =>
      and(eq(games.status, "active"), or(eq(games.whiteId, userId), eq(games.blackId, userId))),
    );
  }

  /** Active games begun before `before` whose unconfirmed player has still not acted. */
  unconfirmedSince(before: number): Promise<GameRow[]> {
    return this.db.run((db, { games }) =>
      db
        .select()
        .from(games)
        .where(
          and(
            eq(games.status, "active"),
            isNotNull(games.unconfirmedId),
            lte(games.createdAt, before),
          ),
        ),
    );
  }

  activeInSeries(seriesId: number): Promise<GameRow[]> {
    return this.db.run((db, { games }) =>
      db
        .select()
        .from(games)
        .where(and(eq(games.seriesId, seriesId), eq(games.status, "active"))),
    );
  }

  /** The game a challenge started (rare: no index; the start-up sweep asks). */
  startedBy(challengeId: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(await db.select().from(games).where(eq(games.challengeId, challengeId)).limit(1)),
    );
  }

  /**
   * When each game of the lobby's finished since `since` that the user lost on time without
   * an action of their own: the walkaways the lobby holds out for.
   */
  walkawaysOf(userId: number, since: number): Promise<number[]> {
    return this.db.run(async (db, { games, gameEvents, series }) =>
      (
        await db
          .select({ at: games.lastActionAt })
          .from(games)
          .innerJoin(series, eq(series.id, games.seriesId))
          .where(
            and(
              eq(games.status, "finished"),
              gt(games.lastActionAt, since),
              eq(series.chatKey, LOBBY_KEY),
              or(eq(games.whiteId, userId), eq(games.blackId, userId)),
              sql`${games.winnerId} <> ${userId}`,
              sql`exists (select 1 from ${gameEvents} where ${gameEvents.gameId} = ${games.id} and ${gameEvents.type} = 'flag')`,
              sql`not exists (select 1 from ${gameEvents} where ${gameEvents.gameId} = ${games.id} and ${gameEvents.actorId} = ${userId})`,
            ),
          )
          .orderBy(asc(games.lastActionAt))
      ).map((r) => r.at),
    );
  }

  rematchOf(gameId: number): Promise<GameRow | undefined> {
    return this.db.run(async (db, { games }) =>
      first(await db.select().from(games).where(eq(games.previousGameId, gameId)).limit(1)),
    );
  }

  /**
   * Active games whose last action is at or before the bound of their control's kind (no
   * control stored: "none"); only unreminded ones if asked. Oldest first.
   */
  idleSince(
    before: Readonly<Record<TimeControl["kind"], number>>,
    unremindedOnly: boolean,
  ): Promise<FullGame[]> {
    const latest = Math.max(before.none, before.correspondence, before.delay);
    return this.fullWhere(
      ({ games }, dialect) => {
        const idle = and(
          eq(games.status, "active"),
          // The index's bound first; then each game by its control's own (none stored: "none").
          lte(games.lastActionAt, latest),
          // Typed: PostgreSQL reads a bare parameter in a case as text.
          sql`${games.lastActionAt} <= case ${dialect.jsonField(games.timeControl, "kind")}
            when 'correspondence' then cast(${before.correspondence} as bigint)
            when 'delay' then cast(${before.delay} as bigint)
            else cast(${before.none} as bigint) end`,
        );
        return unremindedOnly ? and(idle, eq(games.reminded, false)) : idle;
      },
      ({ games }) => asc(games.lastActionAt),
    );
  }
}
