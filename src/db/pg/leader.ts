import pg from "pg";

/**
 * The key of the session lock the active process holds: one process on a database takes
 * Telegram's updates and runs the clocks, reminders and lobby; the others stand by.
 */
export const LEADER_LOCK = 0x6e61726c; // "narl"

export interface LeadershipOptions {
  /** How often a standby tries the lock, and an active process checks its connection. */
  readonly everyMs?: number;
  /** Said once when the lock is held by another process: this one stands by. */
  readonly onStandby?: () => void;
  /** Said once while waiting when the server cannot be reached. */
  readonly onAway?: (e: Error) => void;
  /**
   * The connection holding the lock failed, and once the server answered again the lock was
   * another process's: this one is no longer active and must stop acting as it.
   */
  readonly onTaken?: () => void;
  /** The connection holding the lock failed, or came back holding it again. */
  readonly onConnection?: (state: "lost" | "regained", e?: Error) => void;
  /** Ends a standby's wait (the process is stopping): take resolves with null. */
  readonly stopped?: () => boolean;
}

/**
 * The active process's hold on LEADER_LOCK: a session advisory lock on a connection of its
 * own (not the pool's), so it lasts as long as that session. The server lets go of it the
 * moment the process dies (its socket closes), and a standby trying every `everyMs` takes it.
 * It needs a direct session: behind a pooler in transaction mode a session lock means nothing.
 */
export class Leadership {
  private client: pg.Client | null;
  private timer: NodeJS.Timeout | null = null;
  private released = false;

  private constructor(
    private readonly url: string,
    client: pg.Client,
    private readonly options: LeadershipOptions,
  ) {
    this.client = client;
    this.watch();
  }

  /** Waits until this process holds the lock (null when `stopped` said so first). */
  static async take(url: string, options: LeadershipOptions = {}): Promise<Leadership | null> {
    const every = options.everyMs ?? 1_000;
    let told: "held" | "away" | null = null;
    while (!options.stopped?.()) {
      const attempt = await tryLock(url);
      if ("client" in attempt) return new Leadership(url, attempt.client, options);
      if ("held" in attempt && told !== "held") options.onStandby?.();
      if ("away" in attempt && told !== "away") options.onAway?.(attempt.away);
      told = "held" in attempt ? "held" : "away";
      await sleep(every);
    }
    return null;
  }

  /** Lets go of the lock: a standby takes over at its next try. */
  async release(): Promise<void> {
    this.released = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Checks the session every `everyMs`; a failed one is replaced, the lock taken again. */
  private watch(): void {
    const every = this.options.everyMs ?? 1_000;
    const check = async (): Promise<void> => {
      if (this.released) return;
      if (this.client) {
        try {
          await this.client.query("select 1");
        } catch (e) {
          this.lose(e);
        }
      } else {
        const attempt = await tryLock(this.url);
        if (this.released) {
          if ("client" in attempt) await attempt.client.end().catch(() => {});
          return;
        }
        if ("client" in attempt) {
          this.client = attempt.client;
          this.options.onConnection?.("regained");
        } else if ("held" in attempt) {
          // Another process took over while this one's session was gone.
          this.released = true;
          this.options.onTaken?.();
          return;
        }
      }
      if (!this.released) this.timer = setTimeout(() => void check(), every);
    };
    this.timer = setTimeout(() => void check(), every);
  }

  private lose(e: unknown): void {
    const client = this.client;
    if (!client) return;
    this.client = null;
    void client.end().catch(() => {});
    this.options.onConnection?.("lost", e instanceof Error ? e : new Error(String(e)));
  }
}

type Attempt = { readonly client: pg.Client } | { readonly held: true } | { readonly away: Error };

/** The lock taken on a new session, or why not: held by another, or the server away. */
async function tryLock(url: string): Promise<Attempt> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A lost connection is found by the next check; unlistened, it would end the process.
  client.on("error", () => {});
  let attempt: Attempt;
  try {
    await client.connect();
    const { rows } = await client.query<{ got: boolean }>(
      "select pg_try_advisory_lock($1) as got",
      [LEADER_LOCK],
    );
    if (rows[0]?.got) return { client };
    attempt = { held: true };
  } catch (e) {
    attempt = { away: e instanceof Error ? e : new Error(String(e)) };
  }
  await client.end().catch(() => {});
  return attempt;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
