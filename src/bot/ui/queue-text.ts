import type { Translate } from "../../texts/translate.js";
import type { Queued } from "../review-queue.js";

/** The texts of one kind of review work. */
export interface QueueTexts {
  /** It waits: "number N in the queue". */
  readonly waiting: "analysis-queued" | "replay-queued";
  /** The same work is under way already. */
  readonly running: "analysis-running" | "replay-running";
  /** It starts now; null when it is ready at once and nothing needs saying. */
  readonly started: "analysis-making" | "replay-making" | null;
}

/** What asking for review work is told of its place in the queue; null: nothing to say. */
export function queuedText(t: Translate, q: Queued, texts: QueueTexts): string | null {
  if (q.kind === "refused") return t(`queue-${q.reason}`);
  const position = q.kind === "started" ? null : q.position;
  if (position !== null) return t(texts.waiting, { position });
  if (q.kind === "joined") return t(texts.running);
  return texts.started === null ? null : t(texts.started);
}
