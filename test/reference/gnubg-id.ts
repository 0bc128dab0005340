/**
 * gnubg Position ID <-> two sides in their own numbering (independent of src/).
 *
 * Per bench/testkit/fixtures/gnubg/README.md (gnubg manual, "A technical description of the
 * Position ID"): 80 bits = 10 bytes, base64 without the trailing "==" (14 characters).
 * Bits are laid down for the player NOT on roll first, then the player on roll; for each,
 * points 1..24 in its own numbering, then its bar: one `1` per checker, then a `0`.
 * Bits fill each byte from the lowest bit up. Borne-off checkers are implicit
 * (15 minus the checkers on board and bar).
 */
import type { RefSide } from "./generator.js";

export interface GnubgPosition {
  onRoll: RefSide;
  opponent: RefSide;
}

const BITS = 80;
const BYTES = 10;
const CHECKERS = 15;
// slot order inside one player's run of bits: points 1..24, then the bar
const SLOTS: string[] = [...Array.from({ length: 24 }, (_, i) => String(i + 1)), "bar"];

function readPlayer(bits: number[], start: number): { side: RefSide; next: number } {
  const side: RefSide = {};
  let i = start;
  let onBoard = 0;
  for (const slot of SLOTS) {
    let n = 0;
    while (bits[i] === 1) {
      n++;
      i++;
    }
    if (bits[i] !== 0) throw new Error("gnubg id: ran out of bits");
    i++; // the 0 that ends this slot
    if (n > 0) side[slot] = n;
    onBoard += n;
  }
  if (onBoard > CHECKERS) throw new Error("gnubg id: more than 15 checkers");
  if (onBoard < CHECKERS) side.off = CHECKERS - onBoard;
  return { side, next: i };
}

export function decodePositionId(id: string): GnubgPosition {
  if (!/^[A-Za-z0-9+/]{14}$/.test(id)) throw new Error(`gnubg id: bad id ${id}`);
  const bytes = Buffer.from(`${id}==`, "base64");
  if (bytes.length !== BYTES) throw new Error(`gnubg id: ${id} is not 10 bytes`);
  const bits: number[] = [];
  for (let b = 0; b < BYTES; b++) {
    const byte = bytes[b] ?? 0;
    for (let k = 0; k < 8; k++) bits.push((byte >> k) & 1); // lowest bit first
  }
  const first = readPlayer(bits, 0); // the player not on roll
  const second = readPlayer(bits, first.next); // the player on roll
  return { onRoll: second.side, opponent: first.side };
}

function writePlayer(bits: number[], side: RefSide): void {
  for (const slot of SLOTS) {
    const n = side[slot] ?? 0;
    for (let k = 0; k < n; k++) bits.push(1);
    bits.push(0);
  }
}

export function encodePositionId(pos: GnubgPosition): string {
  const bits: number[] = [];
  writePlayer(bits, pos.opponent);
  writePlayer(bits, pos.onRoll);
  if (bits.length > BITS) throw new Error("gnubg id: too many checkers");
  while (bits.length < BITS) bits.push(0);
  const bytes = new Uint8Array(BYTES);
  for (let i = 0; i < BITS; i++) {
    if (bits[i] === 1) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (1 << (i & 7));
  }
  const b64 = Buffer.from(bytes).toString("base64"); // 16 characters ending in "=="
  return b64.slice(0, 14);
}
