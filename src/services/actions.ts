import type { Action } from "../engine/index.js";

const SIMPLE = new Set([
  "roll",
  "undo",
  "commit",
  "double",
  "take",
  "drop",
  "accept-resign",
  "decline-resign",
  "claim-timeout",
]);
const RESIGN_KINDS = new Set([
  "oin",
  "mars",
  "koks",
  "home-mars",
  "single",
  "gammon",
  "backgammon",
]);

const isPoint = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 25;

/** Checks an action from outside and keeps only its known fields; null when malformed. */
export function normalizeAction(input: unknown): Action | null {
  if (typeof input !== "object" || input === null) return null;
  const a = input as Record<string, unknown>;
  if (typeof a.type !== "string") return null;
  if (SIMPLE.has(a.type)) return { type: a.type } as Action;
  if (a.type === "step") {
    if (!isPoint(a.from) || !isPoint(a.to)) return null;
    if (a.die === undefined) return { type: "step", from: a.from, to: a.to };
    if (typeof a.die !== "number" || !Number.isInteger(a.die) || a.die < 1 || a.die > 6)
      return null;
    return { type: "step", from: a.from, to: a.to, die: a.die };
  }
  if (a.type === "resign") {
    if (a.kind === undefined) return { type: "resign" };
    if (typeof a.kind !== "string" || !RESIGN_KINDS.has(a.kind)) return null;
    return { type: "resign", kind: a.kind } as Action;
  }
  return null;
}
