/**
 * People's names at their longest, as hard to measure as Telegram lets them be: a first and a
 * last name of 64 characters each, full of combining marks, emoji sequences and characters
 * HTML escapes.
 */
import type { PlayerRef } from "../../src/services/index.js";

/** `unit` repeated to 64 code points. */
const fill = (unit: string): string => {
  const points = [...unit];
  return Array.from({ length: 64 }, (_, i) => points[i % points.length]).join("");
};

const KINDS: readonly { readonly firstName: string; readonly lastName: string }[] = [
  // A letter under 63 marks, then letters under three marks each.
  {
    firstName: fill(`Z${"\u0300\u0301\u0302\u0303\u0308\u0323\u0327".repeat(9)}`),
    lastName: fill("a\u0301\u0308\u0323"),
  },
  // Family and flag sequences.
  { firstName: fill("👨‍👩‍👧‍👦"), lastName: fill("🇺🇦") },
  // What HTML escapes, each five characters long once escaped.
  { firstName: fill("&<>"), lastName: fill("<&>\u0301") },
  // Skin tones and keycaps.
  { firstName: fill("👍🏽"), lastName: fill("7️⃣") },
];

/** Player `i` of a crowd, each with one of the long names. */
export const longNamed = (i: number): PlayerRef => ({ id: 1_000 + i, ...KINDS[i % KINDS.length]! });

export const LONG_NAMES: readonly PlayerRef[] = KINDS.map((_, i) => longNamed(i));
