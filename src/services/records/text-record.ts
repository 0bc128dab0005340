import {
  type Color,
  type GameResult,
  type MatchRule,
  playNotation,
  type Rules,
  type Variant,
} from "../../engine/index.js";
import { endsTurn, type Transition } from "../timeline.js";

/** A game as plain text: a header, one numbered line per turn with its dice, the result. */
export interface TextRecordInput {
  readonly gameId: number;
  readonly variant: Variant;
  readonly rules: Rules;
  readonly names: { readonly white: string; readonly black: string };
  readonly started: number;
  readonly finished: number | null;
  readonly scoreBefore: { readonly white: number; readonly black: number };
  /** The lot: the colour throwing each die, and the throws in drawing order; or null. */
  readonly lot: {
    readonly seats: readonly [Color, Color];
    readonly throws: readonly (readonly [number, number])[];
  } | null;
  readonly starter: Color;
  readonly transitions: readonly Transition[];
  readonly result: GameResult | null;
  readonly cube: number;
}

const COLOUR: Record<Color, string> = { white: "White", black: "Black" };

const matchText = (m: MatchRule): string =>
  m.kind === "running" ? "running" : m.kind === "points" ? `to-${m.to}` : `${m.count}-games`;

/** The rule options by their names in docs/rules.md (the other game's are left out). */
export function rulesLine(variant: Variant, r: Rules): string {
  const long =
    variant === "long"
      ? [`head=${r.head}`, `block=${r.block}`, `scoring=${r.scoring}`, `lastRoll=${r.lastRoll}`]
      : [];
  return [
    ...long,
    `opening=${r.opening}`,
    `cube=${r.cube}`,
    `jacoby=${r.jacoby}`,
    `match=${matchText(r.match)}`,
    `nextStarter=${r.nextStarter}`,
  ].join(" ");
}

export const utcMinute = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A cube or resignation action, or null for the others. */
function actionLine(t: Transition): string | null {
  const who = COLOUR[t.by];
  switch (t.action.type) {
    case "double":
      return `${who} doubles to ${t.before.cube.value * 2}`;
    case "take":
      return `${who} takes`;
    case "drop":
      return `${who} drops`;
    case "resign":
      return t.after.phase === "over"
        ? `${who} resigns`
        : `${who} offers to resign a ${t.after.pendingResign?.kind ?? "single"}`;
    case "accept-resign":
      return `${who} accepts the resignation`;
    case "decline-resign":
      return `${who} declines the resignation`;
    case "claim-timeout":
      return `${who} claims the game on time`;
    case "flag":
      return `${who} runs out of time`;
    default:
      return null;
  }
}

function resultLine(r: GameResult | null, cube: number): string {
  if (!r) return "Result: not finished";
  if (r.winner === null) return "Result: a draw";
  const how: Record<GameResult["reason"], string> = {
    "bear-off": "",
    drop: ", double dropped",
    resign: ", by resignation",
    timeout: ", claimed on time",
    time: ", on time",
    draw: "",
  };
  const kind = r.kind === "drop" ? "" : ` ${r.kind}`;
  const points = `${r.points} point${r.points === 1 ? "" : "s"}`;
  return `Result: ${COLOUR[r.winner]} wins${kind}, ${points} (cube ${cube}${how[r.reason]})`;
}

function lotLine(lot: NonNullable<TextRecordInput["lot"]>, starter: Color): string {
  const [a, b] = lot.seats;
  const throws = lot.throws.map(([x, y]) => `${COLOUR[a]} ${x}, ${COLOUR[b]} ${y}`);
  return `Opening lot: ${throws.join("; ")}. ${COLOUR[starter]} starts.`;
}

/** The record; numbered lines are turns (`12. White 64: 24/18 18/14`), the others actions. */
export function formatTextRecord(input: TextRecordInput, trailer: readonly string[]): string {
  const lines = [
    `nardy-bot game #${input.gameId}: ${input.variant} nardy`,
    `Rules: ${rulesLine(input.variant, input.rules)}`,
    `White: ${input.names.white}`,
    `Black: ${input.names.black}`,
    `Started: ${utcMinute(input.started)}`,
    ...(input.finished ? [`Finished: ${utcMinute(input.finished)}`] : []),
    `Series score before the game: White ${input.scoreBefore.white}, Black ${input.scoreBefore.black}`,
    "",
    input.lot ? lotLine(input.lot, input.starter) : `${COLOUR[input.starter]} starts.`,
  ];
  let turn = 0;
  for (const t of input.transitions) {
    const action = actionLine(t);
    if (action) lines.push(`     ${action}`);
    const m = t.after.lastMove;
    if (m && endsTurn(t)) {
      const play = m.steps.length ? playNotation(m.steps).join(" ") : "no move";
      turn++;
      lines.push(
        `${String(turn).padStart(3)}. ${COLOUR[m.color]} ${m.dice[0]}${m.dice[1]}: ${play}`,
      );
    }
  }
  lines.push(resultLine(input.result, input.cube), "", ...trailer);
  return `${lines.join("\n")}\n`;
}
