import { type Action, isPlainAction } from "../engine/index.js";

/**
 * What a player asks of a game: one engine action, or a whole play, the steps of a turn in
 * one go (each applied as its own step, so the record is the same as step by step).
 */
export type GameAction =
  | Action
  | {
      readonly type: "play";
      readonly steps: readonly {
        readonly from: number;
        readonly to: number;
        readonly die: number;
      }[];
    };

/** The engine actions a game action stands for, in order. */
export const actionsOf = (a: GameAction): Action[] =>
  a.type === "play"
    ? a.steps.map((s) => ({ type: "step", from: s.from, to: s.to, die: s.die }))
    : [a];

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

/** A turn has at most four steps (a double). */
const MAX_PLAY_STEPS = 4;

/** Checks an action from outside and keeps only its known fields; null when malformed. */
export function normalizeAction(input: unknown): GameAction | null {
  if (typeof input !== "object" || input === null) return null;
  const a = input as Record<string, unknown>;
  if (typeof a.type !== "string") return null;
  if (a.type === "play") {
    if (!Array.isArray(a.steps) || a.steps.length < 1 || a.steps.length > MAX_PLAY_STEPS)
      return null;
    const steps = a.steps.map((s: unknown) => normalizeAction({ ...(s as object), type: "step" }));
    if (steps.some((s) => s?.type !== "step" || s.die === undefined)) return null;
    return {
      type: "play",
      steps: steps.map((s) => {
        const step = s as Extract<Action, { type: "step" }>;
        return { from: step.from, to: step.to, die: step.die! };
      }),
    };
  }
  if (isPlainAction(a.type)) return { type: a.type };
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
