import { opponentPointToMine, pipCount } from "../engine/position.js";
import { BAR, type Color, OFF, other, type Step } from "../engine/types.js";
import type { BoardView } from "./view.js";

/**
 * The board as it is drawn: points in the numbering of the player at the bottom ("near",
 * the view's perspective), the other side ("far") translated into it.
 */
export interface Stack {
  readonly color: Color;
  readonly count: number;
}

export interface Scene {
  readonly near: Color;
  readonly far: Color;
  /** Index 1..24: what stands on near's point p. */
  readonly points: readonly (Stack | null)[];
  readonly bar: { readonly near: number; readonly far: number };
  readonly off: { readonly near: number; readonly far: number };
  readonly pips: { readonly near: number; readonly far: number };
}

export function sceneOf(view: BoardView): Scene {
  const near = view.perspective;
  const far = other(near);
  const nearSide = view.board[near];
  const farSide = view.board[far];
  const points: (Stack | null)[] = new Array<Stack | null>(25).fill(null);
  for (let p = 1; p <= 24; p++) {
    const n = nearSide[p] ?? 0;
    const f = farSide[opponentPointToMine(view.variant, p)] ?? 0;
    // A malformed board with both sides on one point shows the larger stack.
    if (n > 0 || f > 0) points[p] = n >= f ? { color: near, count: n } : { color: far, count: f };
  }
  return {
    near,
    far,
    points,
    bar: { near: nearSide[BAR] ?? 0, far: farSide[BAR] ?? 0 },
    off: { near: nearSide[OFF] ?? 0, far: farSide[OFF] ?? 0 },
    pips: { near: pipCount(nearSide), far: pipCount(farSide) },
  };
}

/** Where a step's end lies in the picture: a point of near's numbering, a bar or a tray. */
export type Spot =
  | { readonly kind: "point"; readonly p: number }
  | { readonly kind: "bar" | "off"; readonly nearSide: boolean };

function spotOf(view: BoardView, mover: Color, q: number): Spot {
  const nearSide = mover === view.perspective;
  if (q === BAR) return { kind: "bar", nearSide };
  if (q === OFF) return { kind: "off", nearSide };
  return { kind: "point", p: nearSide ? q : opponentPointToMine(view.variant, q) };
}

const spotKey = (s: Spot): string =>
  s.kind === "point" ? `p${s.p}` : `${s.kind}${s.nearSide ? "n" : "f"}`;

/**
 * Net effect of a sequence of steps per spot: arrivals minus departures, so a checker that
 * passes through a point (24/18 18/13) marks only where it started and ended.
 */
export function netMoves(
  view: BoardView,
  mover: Color,
  steps: readonly Step[],
): Map<string, { spot: Spot; net: number }> {
  const out = new Map<string, { spot: Spot; net: number }>();
  const add = (spot: Spot, d: number) => {
    const k = spotKey(spot);
    const e = out.get(k);
    if (e) e.net += d;
    else out.set(k, { spot, net: d });
  };
  for (const s of steps) {
    add(spotOf(view, mover, s.from), -1);
    add(spotOf(view, mover, s.to), +1);
  }
  for (const [k, e] of out) if (e.net === 0) out.delete(k);
  return out;
}
