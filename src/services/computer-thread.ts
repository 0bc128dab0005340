import { Worker } from "node:worker_threads";
import { type AiMove, chooseAction, type Player, type SeriesScore } from "../ai/index.js";
import { type GameState, seededRandom } from "../engine/index.js";

/** One decision of the computer player: everything it needs, as plain data. */
export interface DecideRequest {
  readonly state: GameState;
  readonly player: Player;
  readonly series: SeriesScore | null;
  /** Seeds the easy level's noise, so a game replayed gets the same decisions. */
  readonly seed: number;
}

/** What decides the computer's moves: in this thread (decideHere) or in a worker. */
export type Decide = (request: DecideRequest) => Promise<AiMove | null>;

export interface ComputerThread {
  readonly decide: Decide;
  /** Stops the thread; decisions still waiting are refused. */
  close(): Promise<void>;
}

export const decideHere: Decide = async ({ state, player, series, seed }) =>
  chooseAction(state, { player, series, random: seededRandom(seed) });

type Reply =
  | { readonly id: number; readonly move: AiMove | null }
  | { readonly id: number; readonly error: string };

interface Waiting {
  readonly resolve: (move: AiMove | null) => void;
  readonly reject: (err: Error) => void;
}

/**
 * The computer's decisions in one worker thread, so the thread taking updates never waits
 * for the evaluator (a strong long-nardy decision can take a second). Requests queue in the
 * worker and are answered in order. A thread that dies refuses what it had and is started
 * again on the next request. Run from the TypeScript sources (development, tests) there is no
 * compiled computer-worker.js to start, and decisions are made in this thread.
 */
export function computerThread(): ComputerThread {
  if (import.meta.url.endsWith(".ts")) return { decide: decideHere, close: async () => {} };
  let worker: Worker | null = null;
  const waiting = new Map<number, Waiting>();
  let nextId = 1;

  const refuseAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  const start = (): Worker => {
    const w = new Worker(new URL("./computer-worker.js", import.meta.url));
    // Held only while a decision is awaited: an idle thread does not keep the process alive.
    w.unref();
    w.on("message", (reply: Reply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) w.unref();
      if ("error" in reply) entry.reject(new Error(`computer thread: ${reply.error}`));
      else entry.resolve(reply.move);
    });
    const gone = (err: Error) => {
      if (worker !== w) return;
      worker = null;
      refuseAll(err);
    };
    w.once("error", gone);
    w.once("exit", (code) => gone(new Error(`the computer thread stopped with exit code ${code}`)));
    return w;
  };

  return {
    decide: (request) =>
      new Promise<AiMove | null>((resolve, reject) => {
        worker ??= start();
        const w = worker;
        const id = nextId++;
        try {
          // Throws at once on what cannot be copied to the thread.
          w.postMessage({ id, request });
        } catch (err) {
          reject(err);
          return;
        }
        waiting.set(id, { resolve, reject });
        w.ref();
      }),
    close: async () => {
      const w = worker;
      worker = null;
      refuseAll(new Error("the computer thread was closed"));
      await w?.terminate();
    },
  };
}
