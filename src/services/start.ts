import {
  type Color,
  type DiceSource,
  type NewGameOptions,
  type OpeningLot,
  openingLot,
  type Rules,
  type Variant,
} from "../engine/index.js";

export interface StartInput {
  readonly variant: Variant;
  readonly rules: Rules;
  /** Who throws the lot's first and second die (the challenger first). */
  readonly seats: readonly [number, number];
  /** A user id, or "lot" for an opening lot. */
  readonly starter: number | "lot";
  /** Short nardy: who plays white (the challenger, or the same player as last game). */
  readonly shortWhite: number;
  readonly crawford: boolean;
  readonly confirmTurns: boolean;
  readonly dice: DiceSource;
}

export interface StartPlan {
  readonly whiteId: number;
  readonly blackId: number;
  readonly game: NewGameOptions;
  readonly lot: OpeningLot | null;
}

/**
 * Seats and colours for a new game. Long nardy: the starter takes white. Short nardy: colours
 * are given, the lot or the series picks the starter. Opening `lot` plays the lot dice; a
 * starter chosen without a lot, or opening `reroll`, rolls fresh dice.
 */
export function planStart(input: StartInput): StartPlan {
  const [a, b] = input.seats;
  let starterId: number;
  let lot: OpeningLot | null = null;
  let openingDice: NewGameOptions["openingDice"] = null;
  if (input.starter === "lot") {
    const drawn = openingLot(input.dice);
    starterId = drawn.winner === 0 ? a : b;
    lot = {
      players: [a, b],
      rolls: drawn.rolls.map((r) => [r[0], r[1]] as const),
      winnerId: starterId,
    };
    if (input.rules.opening === "lot") openingDice = drawn.dice;
  } else starterId = input.starter;
  const whiteId = input.variant === "long" ? starterId : input.shortWhite === a ? a : b;
  const blackId = whiteId === a ? b : a;
  const starter: Color = starterId === whiteId ? "white" : "black";
  const game: NewGameOptions = {
    variant: input.variant,
    rules: input.rules,
    starter,
    openingDice,
    crawford: input.crawford,
    confirmTurns: input.confirmTurns,
  };
  return { whiteId, blackId, game, lot };
}
