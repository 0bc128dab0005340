/** A game's dice as a player checks them at the end: from its seed, and from its stored events. */
import { type ActionPayload, SeedDice, type StartPayload } from "../../src/services/index.js";

/** The first `count` dice of a seed and second part. */
export function diceOfSeed(seed: Buffer, count: number, salt: string | null): number[] {
  const source = new SeedDice(seed, 0, salt);
  for (let i = 0; i < count; i++) source.die();
  return source.drawn;
}

/** Every die of the game in drawing order: the lot's, then each roll's. */
export function diceOfEvents(events: readonly { type: string; payload: unknown }[]): number[] {
  const out: number[] = [];
  for (const e of events) {
    if (e.type === "start") {
      for (const roll of (e.payload as StartPayload).lot?.rolls ?? []) out.push(...roll);
    } else out.push(...((e.payload as ActionPayload).dice ?? []));
  }
  return out;
}
