import type { SeekRow } from "../db/index.js";
import type { Logger } from "../log.js";
import type { TournamentView } from "./tournaments/types.js";
import type { GameEventView, GameView, Happening } from "./types.js";

export type { Happening } from "./types.js";

/** What the services tell once a change is committed. */
export type News =
  | { readonly kind: "game"; readonly game: GameView; readonly happened: readonly Happening[] }
  | { readonly kind: "game-broken"; readonly gameId: number; readonly reason: string }
  | { readonly kind: "tournament"; readonly tournament: TournamentView }
  /** A seek in the lobby met its game, lapsed, or waited long enough to be offered the computer. */
  | {
      readonly kind: "lobby";
      /** Stopped: by its seeker, from a private chat or the page (nothing to tell them). */
      readonly what: "paired" | "lapsed" | "offered" | "stopped";
      readonly seek: SeekRow;
      readonly gameId: number | null;
    }
  /** A person's third lobby game lost on time without a move: held out until `until`. */
  | { readonly kind: "lobby-hold"; readonly userId: number; readonly until: number };

/** A subscriber may finish its part before the service goes on (tests start games so). */
export type Publish = (news: News) => void | Promise<void>;

type Subscriber<K extends News["kind"]> = (
  news: Extract<News, { kind: K }>,
) => void | Promise<void>;

/**
 * Hands every piece of news to those who follow it: the boards, the computer player, the
 * tournaments, a web board. Wired once, in the composition root. Subscribers are awaited in
 * the order they subscribed, so each finishes its part (a board's place read, a tournament's
 * next game made) before the next hears and before the service goes on, as when they were
 * synchronous. A subscriber's failure, thrown or rejected, is logged with its name and is
 * nobody else's: the change stands, the others still hear of it.
 */
export class Dispatcher {
  private readonly subscribers: {
    readonly kind: News["kind"];
    readonly name: string;
    readonly fn: (news: News) => void | Promise<void>;
  }[] = [];

  constructor(private readonly logger: Logger) {}

  /** Subscribes `fn`; the returned function unsubscribes it. */
  on<K extends News["kind"]>(kind: K, name: string, fn: Subscriber<K>): () => void {
    const entry = { kind, name, fn: fn as (news: News) => void | Promise<void> };
    this.subscribers.push(entry);
    return () => {
      const i = this.subscribers.indexOf(entry);
      if (i >= 0) this.subscribers.splice(i, 1);
    };
  }

  readonly publish: Publish = async (news) => {
    // A copy: a subscriber may unsubscribe (a page's stream closing) while others are awaited.
    for (const s of [...this.subscribers]) {
      if (s.kind !== news.kind) continue;
      try {
        await s.fn(news);
      } catch (err) {
        this.logger.error({ err, subscriber: s.name, news: news.kind }, "subscriber failed");
      }
    }
  };
}

/** What the events of one write, taking `before` to `after`, amount to. */
export function happenings(
  before: GameView["state"] | null,
  after: GameView,
  events: readonly Pick<GameEventView, "type">[],
): Happening[] {
  const out = new Set<Happening>();
  for (const e of events) {
    const h = EVENT_HAPPENING[e.type];
    if (h) out.add(h);
  }
  if (before && before.turn !== after.state.turn) out.add("turn-passed");
  if (after.status === "finished") out.add("game-over");
  return [...out];
}

const EVENT_HAPPENING: Record<string, Happening | undefined> = {
  start: "started",
  roll: "rolled",
  step: "moved",
  commit: "moved",
  undo: "undone",
  double: "doubled",
  take: "took",
  resign: "resign-offered",
  "decline-resign": "resign-declined",
};
