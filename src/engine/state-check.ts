import type { Phase } from "./game.js";
import { parseRules } from "./rules.js";
import { BAR, CHECKERS } from "./types.js";

const PHASES: readonly Phase[] = ["roll", "move", "double", "resign", "over"];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isColor = (v: unknown): boolean => v === "white" || v === "black";
const isDice = (v: unknown): boolean =>
  Array.isArray(v) && v.length === 2 && v.every((d) => isInt(d, 1, 6));
const isSteps = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.every((s) => isObj(s) && isInt(s.from, 0, BAR) && isInt(s.to, 0, BAR) && isInt(s.die, 1, 6));

/** What is wrong with one side's checkers, in its own numbering (see Side). */
function sideProblem(side: unknown, bar: boolean): string | null {
  if (!Array.isArray(side) || side.length !== BAR + 1) return "not 26 places";
  if (!side.every((n) => isInt(n, 0, CHECKERS))) return "a count that is not 0–15";
  if (side.reduce((a: number, n: number) => a + n, 0) !== CHECKERS) return "not 15 checkers";
  if (!bar && side[BAR] !== 0) return "checkers on the bar in long nardy";
  return null;
}

/**
 * Why `value` is not a game state as the engine writes it (null when it is one): every
 * field there with its type and range, fifteen checkers a side, the phase agreeing with the
 * dice, the offer and the result. Stored states are checked with this before play goes on.
 */
export function stateProblem(value: unknown): string | null {
  if (!isObj(value)) return "not an object";
  const s = value;
  if (s.variant !== "long" && s.variant !== "short") return "unknown variant";
  if (!parseRules(s.variant, s.rules).ok) return "unknown rules";
  if (!isObj(s.board)) return "no board";
  for (const color of ["white", "black"] as const) {
    const wrong = sideProblem(s.board[color], s.variant === "short");
    if (wrong) return `${color}: ${wrong}`;
  }
  if (!isColor(s.turn) || !isColor(s.starter)) return "no side to move";
  if (!isInt(s.turnNumber, 1)) return "bad turn number";
  if (!PHASES.includes(s.phase as Phase)) return "unknown phase";
  const offer = s.pendingResign;
  if (offer !== null && !(isObj(offer) && isColor(offer.by) && typeof offer.kind === "string"))
    return "bad resignation offer";
  if ((s.phase === "resign") !== (offer !== null)) return "offer does not match the phase";
  if (s.dice !== null && !isDice(s.dice)) return "bad dice";
  // An offer made in the middle of a move keeps its dice until it is answered.
  const moving = s.phase === "move" || (s.phase === "resign" && offer?.resume === "move");
  if (moving !== (s.dice !== null)) return "dice do not match the phase";
  if (!isSteps(s.steps)) return "bad steps";
  if (!isObj(s.firstRolls)) return "no first rolls";
  for (const roll of [s.firstRolls.white, s.firstRolls.black])
    if (roll !== null && !isDice(roll)) return "bad first roll";
  if (!isObj(s.cube) || !isInt(s.cube.value, 1)) return "bad cube";
  const cube = s.cube.value as number;
  if ((cube & (cube - 1)) !== 0) return "cube not a power of two";
  if (s.cube.owner !== null && !isColor(s.cube.owner)) return "bad cube owner";
  for (const flag of ["cubeDisabled", "jacoby", "confirmTurns", "lastRollTurn"])
    if (typeof s[flag] !== "boolean") return `${flag} not a boolean`;
  const last = s.lastMove;
  if (last !== null && !(isObj(last) && isColor(last.color) && isSteps(last.steps)))
    return "bad last move";
  const result = s.result;
  if (result !== null && !(isObj(result) && isInt(result.points, 0))) return "bad result";
  if ((s.phase === "over") !== (result !== null)) return "result does not match the phase";
  return null;
}
