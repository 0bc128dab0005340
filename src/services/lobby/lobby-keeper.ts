/** What the keeper asks of the lobby. */
export interface TickingLobby {
  tick(now?: number): Promise<unknown>;
  retell(): Promise<unknown>;
}

const TICK_EVERY_MS = 1_000;

/**
 * Ticks the lobby each second: seeks whose gaps widened are paired, lapsed ones told, long
 * waiters offered the computer. One unref'd timer; a failure is told, never thrown from it.
 * A tick never starts while the one before it (or the start's retelling) still runs: a slow
 * database skips beats rather than pairing the same seeks twice over.
 */
export class LobbyKeeper {
  private timer: NodeJS.Timeout | null = null;
  /** The retelling or tick in progress, if any. */
  private busy: Promise<void> | null = null;

  constructor(
    private readonly lobby: TickingLobby,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Starts ticking; first, what a stopped process paired or lapsed but never told is told. */
  start(): void {
    if (this.timer) return;
    this.run(() => this.lobby.retell());
    this.timer = setInterval(() => this.run(() => this.lobby.tick()), TICK_EVERY_MS);
    this.timer.unref();
  }

  /** No tick starts after this; resolves once the one in progress (if any) has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }

  private run(work: () => Promise<unknown>): void {
    if (this.busy !== null) return;
    const done = (async () => {
      try {
        await work();
      } catch (err) {
        this.failed(err);
      }
    })();
    this.busy = done.finally(() => {
      this.busy = null;
    });
  }
}
