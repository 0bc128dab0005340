/** What the keeper asks of the lobby. */
export interface TickingLobby {
  tick(now?: number): unknown;
  retell(): unknown;
}

const TICK_EVERY_MS = 1_000;

/**
 * Ticks the lobby each second: seeks whose gaps widened are paired, lapsed ones told, long
 * waiters offered the computer. One unref'd timer; a failure is told, never thrown from it.
 */
export class LobbyKeeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly lobby: TickingLobby,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Starts ticking; first, what a stopped process paired or lapsed but never told is told. */
  start(): void {
    if (this.timer) return;
    try {
      this.lobby.retell();
    } catch (err) {
      this.failed(err);
    }
    this.timer = setInterval(() => {
      try {
        this.lobby.tick();
      } catch (err) {
        this.failed(err);
      }
    }, TICK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
