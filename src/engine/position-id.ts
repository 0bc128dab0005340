import { makeSide } from "./position.js";
import { BAR, CHECKERS, OFF, type Side } from "./types.js";

/**
 * gnubg Position ID: 80 bits, the side not on roll first, then the side on roll; for each,
 * points 1..24 in its own numbering then the bar, a 1 per checker and a 0 after each slot.
 * Bits fill bytes from the lowest bit; 10 bytes as 14 base64 characters without padding.
 * The encoding says nothing about the game, so it serves long nardy as well.
 */
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function encodePositionId(onRoll: Side, opponent: Side): string {
  const bytes = new Uint8Array(10);
  let bit = 0;
  for (const side of [opponent, onRoll]) {
    for (let p = 1; p <= BAR; p++) {
      const n = side[p] ?? 0;
      for (let i = 0; i < n; i++, bit++) bytes[bit >> 3]! |= 1 << (bit & 7);
      bit++;
    }
  }
  let out = "";
  for (let i = 0; i < 10; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(chunk >> 18) & 63]! + B64[(chunk >> 12) & 63]!;
    out += B64[(chunk >> 6) & 63]! + B64[chunk & 63]!;
  }
  return out.slice(0, 14);
}

/** Decodes a Position ID, or returns null when it is not one. */
export function decodePositionId(id: string): { onRoll: Side; opponent: Side } | null {
  if (!/^[A-Za-z0-9+/]{14}$/.test(id)) return null;
  const bytes = new Uint8Array(12);
  const text = `${id}AA`;
  for (let i = 0, b = 0; i < 16; i += 4, b += 3) {
    const chunk =
      (B64.indexOf(text[i]!) << 18) |
      (B64.indexOf(text[i + 1]!) << 12) |
      (B64.indexOf(text[i + 2]!) << 6) |
      B64.indexOf(text[i + 3]!);
    bytes[b] = (chunk >> 16) & 255;
    bytes[b + 1] = (chunk >> 8) & 255;
    bytes[b + 2] = chunk & 255;
  }
  const sides: number[][] = [[], []];
  let bit = 0;
  for (const counts of sides) {
    for (let p = 1; p <= BAR; p++) {
      let n = 0;
      while (bit < 80 && (bytes[bit >> 3]! >> (bit & 7)) & 1) {
        n++;
        bit++;
      }
      if (bit >= 80) return null;
      bit++;
      counts[p] = n;
    }
  }
  const toSide = (counts: number[]): Side | null => {
    const onBoard = counts.reduce((a, b) => a + (b ?? 0), 0);
    if (onBoard > CHECKERS) return null;
    const points: Record<number, number> = { [OFF]: CHECKERS - onBoard };
    counts.forEach((n, p) => {
      if (n) points[p] = n;
    });
    return makeSide(points);
  };
  const opponent = toSide(sides[0]!);
  const onRoll = toSide(sides[1]!);
  return opponent && onRoll ? { onRoll, opponent } : null;
}
