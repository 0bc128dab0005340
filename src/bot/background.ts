import type { Logger } from "../log.js";

/**
 * Work a press starts and does not wait for (a replay to draw, an analysis to post): the
 * press is answered at once and the chat's next update is not held up behind it. Failures
 * are logged here; `settled` lets tests and shutdown wait for what is running.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Jobs running now. */
  get size(): number {
    return this.running.size;
  }

  run(name: string, job: () => Promise<void>): void {
    const p = (async () => {
      try {
        await job();
      } catch (err) {
        this.logger.error({ err, job: name }, "background job failed");
      }
    })();
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
