import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { ContextSlot } from "../../context-slot.js";
import {
  type Connection,
  OutsideTransaction,
  type Scope,
  type Session,
  SessionTransaction,
  type Sql,
  type Tables,
} from "../connection.js";
import { type Dialect, postgresDialect } from "../dialect.js";
import { connectionLost } from "../failures.js";
import { postgresSchema, postgresTables } from "./tables.js";

/**
 * The key of the advisory lock every transaction holds: transactions that write run one at a
 * time, across processes, as SQLite's `begin immediate` runs them. Their bodies read and then
 * write (a game's version, a lobby's pairing), and some keep what they did in memory as they
 * go, so a body is never run twice the way a SERIALIZABLE retry would.
 */
export const WRITER_LOCK = 0x6e617264; // "nard"

export interface PoolOptions {
  /** How long a transaction waits for the writer's lock before the database is "busy". */
  readonly lockTimeoutMs?: number;
}

/**
 * A PostgreSQL server through node-postgres's pool: a query runs on any of its clients, a
 * transaction on one client of its own, held from begin to commit.
 */
export class PoolConnection implements Connection {
  private readonly scopes = new ContextSlot<Scope>();
  private readonly handle: Sql;
  /** Each pooled client's own drizzle handle, so prepared statements are built once a client. */
  private readonly handles = new WeakMap<pg.PoolClient, Sql>();
  private readonly lockTimeoutMs: number;

  constructor(
    private readonly pool: pg.Pool,
    options: PoolOptions = {},
  ) {
    this.handle = drizzle(pool, { schema: postgresSchema }) as unknown as Sql;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
  }

  get sql(): Sql {
    return this.handle;
  }

  run<T>(fn: (db: Sql, t: Tables, dialect: Dialect) => T | Promise<T>): Promise<T> {
    if (this.scopes.getStore()?.open) return Promise.reject(new OutsideTransaction());
    try {
      return Promise.resolve(fn(this.handle, postgresTables, postgresDialect));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  async transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T> {
    if (this.scopes.getStore()?.open) throw new OutsideTransaction();
    const client = await this.pool.connect();
    // A client whose rollback failed may be mid-transaction still: the pool drops it.
    let broken: Error | undefined;
    try {
      const scope: Scope = { open: true, depth: 0 };
      const tx = new SessionTransaction(this.sessionOf(client), scope);
      try {
        // One round trip for the three: each costs a press as much as a query.
        await client.query(
          `begin; set local lock_timeout = ${Math.trunc(this.lockTimeoutMs)}; select pg_advisory_xact_lock(${WRITER_LOCK})`,
        );
        const value = await this.scopes.run(scope, () => fn(tx));
        await client.query("commit");
        return value;
      } catch (e) {
        await client.query("rollback").catch((r: unknown) => {
          broken = r instanceof Error ? r : new Error(String(r));
        });
        throw e;
      } finally {
        tx.end();
        scope.open = false;
      }
    } catch (e) {
      broken ??= connectionLost(e) ? (e as Error) : undefined;
      throw e;
    } finally {
      client.release(broken);
    }
  }

  inTransaction(): boolean {
    return false;
  }

  private sessionOf(client: pg.PoolClient): Session {
    let handle = this.handles.get(client);
    if (!handle) {
      handle = drizzle(client, { schema: postgresSchema }) as unknown as Sql;
      this.handles.set(client, handle);
    }
    return {
      handle,
      tables: postgresTables,
      dialect: postgresDialect,
      begin: "begin",
      exec: async (statement) => {
        await client.query(statement);
      },
      inTransaction: () => true,
    };
  }
}
