/** A server-sent event stream read as a page reads it (fetch), for tests and the bench. */
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

  private async read(): Promise<void> {
    if (!this.res.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = this.res.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split("\n")
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const data = field("data");
        if (data === undefined) continue;
        const id = field("id");
        this.events.push({
          event: field("event") ?? "message",
          id: id === undefined ? null : Number(id),
          data: JSON.parse(data),
          at: performance.now(),
        });
        for (const w of this.waiters.splice(0)) w();
      }
    }
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
