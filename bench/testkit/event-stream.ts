/** A server-sent event stream read as a page reads it (fetch), for tests and the bench. */
import { readEvents } from "../../src/web/page/api.js";

export interface StreamEvent {
  readonly event: string;
  readonly id: number | null;
  readonly data: unknown;
  /** performance.now() when it arrived. */
  readonly at: number;
}

/** A server-sent event stream read as it comes. */
export class EventStream {
  readonly events: StreamEvent[] = [];
  private waiters: (() => void)[] = [];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;

  constructor(
    readonly res: Response,
    private readonly stop: AbortController,
  ) {
    this.ended = this.read().catch(() => {});
  }

  get status(): number {
    return this.res.status;
  }

  /** Read as the page reads it. */
  private async read(): Promise<void> {
    if (!this.res.body) return;
    await readEvents(this.res.body, ({ event, id, data }) => {
      this.events.push({
        event,
        id: id === null ? null : Number(id),
        data: JSON.parse(data),
        at: performance.now(),
      });
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Waits (up to `ms`) for an event that passes `test`. */
  async next(test: (e: StreamEvent) => boolean, ms = 2_000): Promise<StreamEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event in ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.stop.abort();
  }
}
