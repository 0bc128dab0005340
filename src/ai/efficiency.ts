import { pipCount, type Side, type Variant } from "../engine/index.js";
import { longContact } from "./features-long.js";
import { shortContact } from "./features-short.js";

/** Cube efficiency with contact, and in a race as a line in the roller's pip count. */
export interface Efficiency {
  readonly contact: number;
  readonly raceAt0: number;
  readonly racePerPip: number;
  readonly raceMax: number;
}

export const EFFICIENCY: Efficiency = {
  contact: 0.68,
  raceAt0: 0.6,
  racePerPip: 0.001,
  raceMax: 0.7,
};

/**
 * How live the cube is for `me` on roll (0 dead, 1 fully live): the share of the live-cube
 * equity Janowski's model keeps. With contact the game turns and the cube is used well; in a
 * race it is more live the longer the race, since a long race still has swings to double on.
 */
export function cubeEfficiency(
  variant: Variant,
  me: Side,
  opp: Side,
  e: Efficiency = EFFICIENCY,
): number {
  const contact = variant === "short" ? shortContact(me, opp) : longContact(me, opp);
  if (contact) return e.contact;
  return Math.min(e.raceMax, e.raceAt0 + e.racePerPip * pipCount(me));
}
