import { BAR, type Board, CHECKERS, type Color, OFF, type Side, type Variant } from "./types.js";

/** A side in its own numbering, with every slot 0..25 present. */
export function makeSide(points: Readonly<Record<number, number>> = {}): Side {
  // Packed and not frozen: V8 reads frozen or holey arrays several times slower, and move
  // generation reads sides on every call. `Side` is read-only to the compiler.
  return Array.from({ length: 26 }, (_, p) => points[p] ?? 0);
}

export function startingSide(variant: Variant): Side {
  return variant === "long" ? makeSide({ 24: 15 }) : makeSide({ 24: 2, 13: 5, 8: 3, 6: 5 });
}

export function startingBoard(variant: Variant): Board {
  const side = startingSide(variant);
  return { white: side, black: side };
}

/**
 * Where the opponent's point q lies in my numbering. Long nardy shifts by half a board
 * (the opponent's head is my 12); short nardy mirrors (25 - q). Both are involutions.
 */
export function opponentPointToMine(variant: Variant, q: number): number {
  return variant === "long" ? ((q + 11) % 24) + 1 : 25 - q;
}

/** The side of `color` and the other side, as the mover sees them. */
export function sidesOf(board: Board, color: Color): { me: Side; opp: Side } {
  return color === "white"
    ? { me: board.white, opp: board.black }
    : { me: board.black, opp: board.white };
}

export function boardOf(color: Color, me: Side, opp: Side): Board {
  return color === "white" ? { white: me, black: opp } : { white: opp, black: me };
}

export function pipCount(side: Side): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * (side[p] ?? 0);
  return pips;
}

export const borneOff = (side: Side): number => side[OFF] ?? 0;

export function allHome(side: Side): boolean {
  for (let p = 7; p <= BAR; p++) if ((side[p] ?? 0) > 0) return false;
  return true;
}

export function sidesEqual(a: Side, b: Side): boolean {
  for (let i = 0; i <= BAR; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return false;
  return true;
}

/** Why a board cannot occur, or null when it can. */
export function boardError(variant: Variant, board: Board): string | null {
  for (const color of ["white", "black"] as const) {
    const side = board[color];
    if (side.length !== 26) return `${color}: a side has 26 slots`;
    let total = 0;
    for (const n of side) {
      if (!Number.isInteger(n) || n < 0) return `${color}: counts must be whole and non-negative`;
      total += n;
    }
    if (total !== CHECKERS) return `${color} has ${total} checkers, not ${CHECKERS}`;
    if (variant === "long" && (side[BAR] ?? 0) > 0) return `${color}: long nardy has no bar`;
  }
  for (let p = 1; p <= 24; p++) {
    if ((board.white[p] ?? 0) > 0 && (board.black[opponentPointToMine(variant, p)] ?? 0) > 0)
      return `both sides on white's point ${p}`;
  }
  return null;
}
