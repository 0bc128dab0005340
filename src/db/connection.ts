import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { ContextSlot } from "../context-slot.js";
import { type Dialect, sqliteDialect } from "./dialect.js";
import * as schema from "./schema.js";
import * as telegramSchema from "./telegram/schema.js";

/** Every table, as the repositories name them. */
export const tables = { ...schema, ...telegramSchema };
export type Tables = typeof tables;

/** The query builder the repositories write against. */
export type Sql = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** A query's first row, or undefined when it found none. */
export function first<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

/** The one row a statement returns (an insert's, say): its absence is a bug. */
export function only<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("the statement returned no row");
  return row;
}

/**
 * Statements built once per drizzle handle (prepared ones, say): a server database's
 * transaction has a handle of its own, and a statement built on another runs beside it.
 */
export function perHandle<S>(build: (db: Sql, t: Tables) => S): (db: Sql, t: Tables) => S {
  const built = new WeakMap<Sql, S>();
  return (db, t) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db, t);
      built.set(db, statements);
    }
    return statements;
  };
}

/** Who holds the connection now; `open` turns false at its end, for work it spawned late. */
export interface Scope {
  open: boolean;
  /** Savepoints deep, inside a transaction; -1 outside one. */
  depth: number;
}

/**
 * The repositories' one way to the database. Every query runs through `run`, every
 * transaction through `transaction`; both are asynchronous, whatever the database.
 */
export interface Connection {
  /** Runs one query (or a few that need no transaction). */
  run<T>(fn: (db: Sql, t: Tables, dialect: Dialect) => T | Promise<T>): Promise<T>;
  /**
   * Runs `fn` as one transaction: it sees and writes alone, and all or nothing of it lands.
   * Everything it does goes through `tx`, the connection bound to it; inside, `tx.transaction`
   * is a savepoint. The connection it was opened from refuses statements from it meanwhile:
   * on a server database that one is another session, which neither sees its writes nor
   * rolls back with it.
   */
  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T>;
  /** Whether this is a transaction's connection (whose writes may yet roll back). */
  inTransaction(): boolean;
  /** The drizzle handle, for tools and tests that read past the repositories. */
  readonly sql: Sql;
}

/** A statement sent past the transaction its flow holds (see Connection.transaction). */
export class OutsideTransaction extends Error {
  constructor() {
    super(
      "a statement outside the transaction that holds the connection: use the transaction's own",
    );
    this.name = "OutsideTransaction";
  }
}

/**
 * One database session, which serves one flow at a time: SQLite's connection, or PGlite's.
 * `exec` runs a statement of the connection's own (begin, commit, savepoints); `handle` and
 * `tables` are what the repositories' queries run on.
 */
export interface Session {
  readonly handle: Sql;
  readonly tables: Tables;
  readonly dialect: Dialect;
  exec(statement: string): void | Promise<void>;
  /** The statement that opens a transaction that writes. */
  readonly begin: string;
  /** Whether the database still holds a transaction open (SQLite ends one itself on some errors). */
  inTransaction(): boolean;
}

/**
 * A session serves one thing at a time: a transaction holds it until it ends, and a query
 * from elsewhere waits for it rather than landing inside it (where a rollback would take it
 * along).
 */
export class SessionConnection implements Connection {
  private readonly scopes = new ContextSlot<Scope>();
  /** The end of the last piece of work to hold the connection. */
  private tail: Promise<unknown> = Promise.resolve();
  private holders = 0;

  constructor(private readonly session: Session) {}

  get sql(): Sql {
    return this.session.handle;
  }

  run<T>(fn: (db: Sql, t: Tables, dialect: Dialect) => T | Promise<T>): Promise<T> {
    const scope = this.scopes.getStore();
    const { handle, tables, dialect } = this.session;
    if (scope?.open) {
      if (scope.depth >= 0) return Promise.reject(new OutsideTransaction());
      return Promise.resolve(fn(handle, tables, dialect));
    }
    return this.exclusive(async () => fn(handle, tables, dialect));
  }

  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T> {
    const scope = this.scopes.getStore();
    if (scope?.open) {
      if (scope.depth >= 0) return Promise.reject(new OutsideTransaction());
      return this.begin(scope, fn);
    }
    return this.exclusive((held) => this.begin(held, fn));
  }

  inTransaction(): boolean {
    return false;
  }

  private async begin<T>(scope: Scope, fn: (tx: Connection) => Promise<T>): Promise<T> {
    const session = this.session;
    await session.exec(session.begin);
    scope.depth = 0;
    const tx = new SessionTransaction(session, scope);
    try {
      const value = await fn(tx);
      await session.exec("commit");
      return value;
    } catch (e) {
      if (session.inTransaction()) await session.exec("rollback");
      throw e;
    } finally {
      tx.end();
      scope.depth = -1;
    }
  }

  /** Queues `fn` behind whatever holds the connection; nothing else runs on it meanwhile. */
  private exclusive<T>(fn: (scope: Scope) => Promise<T>): Promise<T> {
    const start = () => {
      const scope: Scope = { open: true, depth: -1 };
      return this.scopes
        .run(scope, () => fn(scope))
        .finally(() => {
          scope.open = false;
          this.holders--;
        });
    };
    // Nothing holds it: start at once, so a lone query costs no extra turn of the loop.
    const settled = this.holders++ === 0 ? start() : this.tail.then(start);
    this.tail = settled.catch(() => {});
    return settled;
  }
}

/** SQLite's one connection (better-sqlite3), as a session. */
export class SqliteConnection extends SessionConnection {
  constructor(sql: Sql) {
    const client = sql.$client;
    super({
      handle: sql,
      tables,
      dialect: sqliteDialect,
      exec: (statement) => void client.exec(statement),
      begin: "begin immediate",
      inTransaction: () => client.inTransaction,
    });
  }
}

/** The connection bound to one open transaction; it refuses work once that has ended. */
export class SessionTransaction implements Connection {
  private ended = false;

  constructor(
    private readonly session: Session,
    private readonly scope: Scope,
  ) {}

  get sql(): Sql {
    return this.session.handle;
  }

  /** The transaction is over: whatever still holds this handle (work spawned late) fails. */
  end(): void {
    this.ended = true;
  }

  private check(): void {
    if (this.ended) throw new Error("the transaction this handle belongs to has ended");
  }

  run<T>(fn: (db: Sql, t: Tables, dialect: Dialect) => T | Promise<T>): Promise<T> {
    try {
      this.check();
      const { handle, tables, dialect } = this.session;
      return Promise.resolve(fn(handle, tables, dialect));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  async transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T> {
    this.check();
    const name = `sp${++this.scope.depth}`;
    const session = this.session;
    await session.exec(`savepoint ${name}`);
    try {
      const value = await fn(this);
      await session.exec(`release ${name}`);
      return value;
    } catch (e) {
      await session.exec(`rollback to ${name}`);
      await session.exec(`release ${name}`);
      throw e;
    } finally {
      this.scope.depth--;
    }
  }

  inTransaction(): boolean {
    return !this.ended;
  }
}
