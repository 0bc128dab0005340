/**
 * The lines every record ends with: what anyone needs to recompute the game's dice. The
 * verifier (verify.ts) reads them back, with or without the `; ` of a `.mat` comment.
 */
export interface DiceFacts {
  /** The opening lot's throws in drawing order (each [first die, second die]), or null. */
  readonly lot: readonly (readonly [number, number])[] | null;
  /** The starter played the lot's last throw as its first roll (opening `lot`). */
  readonly lotDicePlayed: boolean;
  /** Hex. */
  readonly seed: string;
  /** The dice's second part (services/dice.ts); null for games older than it. */
  readonly salt: string | null;
  /** SHA-256 of the seed bytes, hex. */
  readonly commitment: string;
}

export const LOT_LINE = "Lot throws:";
export const LOT_PLAYED_LINE = "The first move plays the lot's last throw.";
export const SEED_LINE = "Dice seed:";
export const SALT_LINE = "Dice second part:";
export const COMMITMENT_LINE = "Dice commitment (SHA-256):";

export function trailerLines(f: DiceFacts): string[] {
  const lines: string[] = [];
  if (f.lot) lines.push(`${LOT_LINE} ${f.lot.map(([a, b]) => `${a}${b}`).join(" ")}`);
  if (f.lot && f.lotDicePlayed) lines.push(LOT_PLAYED_LINE);
  lines.push(`${SEED_LINE} ${f.seed}`);
  if (f.salt !== null) lines.push(`${SALT_LINE} ${f.salt}`);
  lines.push(`${COMMITMENT_LINE} ${f.commitment}`);
  return lines;
}
