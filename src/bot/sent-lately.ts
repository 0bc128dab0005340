/** How many places are remembered; the oldest go first past it. */
const KEPT = 10_000;

export type Lately =
  /** Sent there `minutes` ago (at least 1). */
  | { readonly kind: "sent"; readonly messageId: number; readonly minutes: number }
  /** Being sent there now. */
  | { readonly kind: "sending" };

/**
 * What was sent where lately (a finished game's record or replay in one chat): asked again
 * within `withinMs`, it is pointed to instead of sent again, and while it is on its way a
 * second press sends nothing. In memory: after a restart a chat may get one more copy.
 */
export class SentLately {
  private readonly places = new Map<string, { messageId: number | null; at: number }>();

  constructor(
    private readonly withinMs: number,
    private readonly now: () => number,
  ) {}

  /** What is known of `key`: sent lately, being sent, or nothing (null). */
  of(key: string): Lately | null {
    const p = this.places.get(key);
    if (!p) return null;
    if (p.messageId === null) return { kind: "sending" };
    const age = this.now() - p.at;
    if (age >= this.withinMs) {
      this.places.delete(key);
      return null;
    }
    return { kind: "sent", messageId: p.messageId, minutes: Math.max(1, Math.round(age / 60_000)) };
  }

  /** `key` is being sent now. */
  sending(key: string): void {
    this.set(key, null);
  }

  /** `key` went out as `messageId`; null: it did not, and may be asked for again. */
  sent(key: string, messageId: number | null): void {
    if (messageId === null) this.places.delete(key);
    else this.set(key, messageId);
  }

  private set(key: string, messageId: number | null): void {
    this.places.delete(key);
    this.places.set(key, { messageId, at: this.now() });
    if (this.places.size > KEPT) this.places.delete(this.places.keys().next().value!);
  }
}
