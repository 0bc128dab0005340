import {
  type BlockRule,
  type Dice,
  type HeadRule,
  legalPlays,
  makeSide,
  playNotation,
  type Side,
  type TurnSpec,
  type Variant,
} from "../../src/engine/index.js";

export interface SpecInput {
  variant?: Variant;
  head?: HeadRule;
  block?: BlockRule;
  me: Record<number, number>;
  opp: Record<number, number>;
  dice: Dice;
  firstTurn?: boolean;
  opponentFirstRoll?: Dice | null;
}

export function spec(i: SpecInput): TurnSpec {
  return {
    variant: i.variant ?? "long",
    rules: { head: i.head ?? "classic", block: i.block ?? "strict" },
    me: makeSide(i.me),
    opp: makeSide(i.opp),
    dice: i.dice,
    firstTurn: i.firstTurn ?? false,
    opponentFirstRoll: i.opponentFirstRoll ?? null,
  };
}

/** The plays as sorted notation strings (steps sorted too, so orders do not matter). */
export function notations(s: TurnSpec): string[] {
  return legalPlays(s)
    .map((p) => playNotation(p.steps).join(" "))
    .sort();
}

const sideKey = (side: Side): string =>
  side
    .map((n, p) => (n ? `${p}:${n}` : ""))
    .filter(Boolean)
    .join(",");

/** The mover's resulting sides, as `point:count` lists. */
export function endings(s: TurnSpec): string[] {
  return legalPlays(s)
    .map((p) => sideKey(p.me))
    .sort();
}

export const ending = (me: Record<number, number>): string => sideKey(makeSide(me));

export const headDepartures = (s: TurnSpec): number[] =>
  legalPlays(s).map((p) => p.steps.filter((st) => st.from === 24).length);
