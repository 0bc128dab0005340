import { parseArgs } from "node:util";
import { boardError } from "../engine/position.js";
import { decodePositionId } from "../engine/position-id.js";
import type { Color, Variant } from "../engine/types.js";
import type { BoardView } from "../render/view.js";

const USAGE =
  "usage: render --variant long|short --id <PositionID> [--dice 6,5] [--cube 2 --owner white|black]";

/**
 * The render CLI's arguments as a view, or one line saying what is wrong. The Position ID
 * is read from the side on roll, which is drawn as white, at the bottom and to move.
 */
export function viewFromArgs(argv: readonly string[]): BoardView | string {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        variant: { type: "string" },
        id: { type: "string" },
        dice: { type: "string" },
        cube: { type: "string" },
        owner: { type: "string" },
      },
    }));
  } catch (e) {
    return `${(e as Error).message.split("\n")[0]} (${USAGE})`;
  }
  const variant = values.variant;
  if (variant !== "long" && variant !== "short")
    return `--variant must be long or short (${USAGE})`;
  if (values.id === undefined) return `--id <PositionID> is required (${USAGE})`;
  const pos = decodePositionId(values.id);
  if (!pos) return `--id ${JSON.stringify(values.id)} is not a Position ID`;
  const board = { white: pos.onRoll, black: pos.opponent };
  const bad = boardError(variant as Variant, board);
  if (bad) return `--id does not fit ${variant} nardy: ${bad}`;
  const dice = parseDice(values.dice);
  if (typeof dice === "string") return dice;
  const cube = parseCube(values.cube, values.owner);
  if (typeof cube === "string") return cube;
  return {
    variant,
    board,
    perspective: "white",
    toMove: "white",
    dice,
    cube,
    score: null,
    lastMove: null,
    currentSteps: [],
  };
}

function parseDice(text: string | undefined): BoardView["dice"] | string {
  if (text === undefined) return null;
  const m = /^([1-6]),([1-6])$/.exec(text);
  if (!m) return `--dice must be two dice 1..6 like 6,5, not ${JSON.stringify(text)}`;
  return { values: [Number(m[1]), Number(m[2])], used: [false, false] };
}

function parseCube(
  value: string | undefined,
  owner: string | undefined,
): BoardView["cube"] | string {
  if (value === undefined) return owner === undefined ? null : "--owner needs --cube";
  const v = Number(value);
  if (!/^\d+$/.test(value) || v < 1 || v > 64 || (v & (v - 1)) !== 0)
    return `--cube must be 1, 2, 4, 8, 16, 32 or 64, not ${JSON.stringify(value)}`;
  if (owner !== undefined && owner !== "white" && owner !== "black")
    return `--owner must be white or black, not ${JSON.stringify(owner)}`;
  return { value: v, owner: (owner as Color | undefined) ?? null };
}
