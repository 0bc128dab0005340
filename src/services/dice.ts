import { createHash, createHmac, randomBytes } from "node:crypto";
import type { DiceSource } from "../engine/index.js";

/**
 * Verifiable dice. Die number n (0, 1, 2, ... over the whole game, the opening lot included)
 * is read from HMAC-SHA256(seed, `${n}:${k}`) for k = 0, 1, ...: the first byte below 252
 * gives (byte mod 6) + 1. 252 is the largest multiple of 6 in a byte, so no face is favoured.
 */
export const SEED_BYTES = 32;
const LIMIT = 252;

export const newSeed = (): Buffer => randomBytes(SEED_BYTES);

/** The published commitment: SHA-256 of the seed bytes, hex. */
export const commitmentOf = (seed: Buffer): string =>
  createHash("sha256").update(seed).digest("hex");

export function dieAt(seed: Buffer, n: number): number {
  for (let k = 0; ; k++) {
    const mac = createHmac("sha256", seed).update(`${n}:${k}`).digest();
    for (const byte of mac) if (byte < LIMIT) return (byte % 6) + 1;
  }
}

/** The engine's DiceSource over a game's seed, from its persisted counter on. */
export class SeedDice implements DiceSource {
  private next: number;
  /** Every die drawn through this source, in order. */
  readonly drawn: number[] = [];

  constructor(
    private readonly seed: Buffer,
    counter: number,
  ) {
    this.next = counter;
  }

  die(): number {
    const d = dieAt(this.seed, this.next++);
    this.drawn.push(d);
    return d;
  }

  /** The index of the next die: store it so the game resumes where it stopped. */
  get counter(): number {
    return this.next;
  }
}
