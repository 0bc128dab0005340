import { createHash, createHmac, randomBytes } from "node:crypto";
import type { DiceSource } from "../engine/index.js";

/**
 * Verifiable dice. A game's seed gives a byte stream: HMAC-SHA256(seed, "0") followed by
 * HMAC-SHA256(seed, "1"), "2", ... (the block number as decimal text). Each byte below 252
 * is one die, (byte mod 6) + 1; bytes 252..255 are skipped, since 252 = 42 × 6 keeps every
 * face equally likely. The game stores its position in the stream (bytes read so far).
 */
const SEED_BYTES = 32;
const BLOCK = 32;
const LIMIT = 252;

export const newSeed = (): Buffer => randomBytes(SEED_BYTES);

/** The published commitment: SHA-256 of the seed bytes, hex. */
export const commitmentOf = (seed: Buffer): string =>
  createHash("sha256").update(seed).digest("hex");

const streamBlock = (seed: Buffer, block: number): Buffer =>
  createHmac("sha256", seed).update(String(block)).digest();

/** The engine's DiceSource over a game's seed, from its stored stream position on. */
export class SeedDice implements DiceSource {
  private cached: { index: number; bytes: Buffer } | null = null;
  /** Every die drawn through this source, in order. */
  readonly drawn: number[] = [];

  constructor(
    private readonly seed: Buffer,
    private position: number,
  ) {}

  die(): number {
    for (;;) {
      const byte = this.byteAt(this.position++);
      if (byte < LIMIT) {
        const d = (byte % 6) + 1;
        this.drawn.push(d);
        return d;
      }
    }
  }

  /** The stream position after the dice drawn: store it so the game resumes there. */
  get counter(): number {
    return this.position;
  }

  private byteAt(pos: number): number {
    const index = Math.floor(pos / BLOCK);
    if (this.cached?.index !== index) this.cached = { index, bytes: streamBlock(this.seed, index) };
    return this.cached.bytes[pos % BLOCK]!;
  }
}

/** The first `count` dice of a seed, as a player checks them once the seed is revealed. */
export function diceOfSeed(seed: Buffer, count: number): number[] {
  const source = new SeedDice(seed, 0);
  for (let i = 0; i < count; i++) source.die();
  return source.drawn;
}
