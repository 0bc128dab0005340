import type { Stakes } from "./stakes.js";
import type { Probs } from "./types.js";

/** Who owns the cube, seen by the side whose chances are evaluated. */
export type Owner = "me" | "opp" | null;

/**
 * Cubeful equity from cubeless chances (Janowski's model): a fully live cube makes my equity
 * piecewise linear in my winning chance p, through my take point (where I would just take a
 * double, worth a drop) and my cash point (where the other side would just take mine). Those
 * points come from the same lines one cube level up, down from the highest live cube, so
 * match scores (a cube that is dead for a side that needs few points) and money play share
 * one recursion. The real cube is neither fully live nor dead: `efficiency` mixes the two.
 * The gammon mix of wins and losses stays that of `probs` at every p.
 */
export class CubefulModel {
  private readonly winShare: readonly number[];
  private readonly loseShare: readonly number[];

  constructor(
    readonly probs: Probs,
    readonly stakes: Stakes,
  ) {
    const p = probs;
    const lose = 1 - p.win;
    this.winShare = shares(p.win, [p.win - p.winG, p.winG - p.winBG, p.winBG]);
    this.loseShare = shares(lose, [lose - p.loseG, p.loseG - p.loseBG, p.loseBG]);
  }

  /** What my win is worth on average at cube `v`, gammons included. */
  winValue(v: number): number {
    const pts = this.stakes.points;
    let s = 0;
    for (let k = 0; k < 3; k++) s += this.winShare[k]! * this.stakes.won(pts[k]! * v);
    return s;
  }

  loseValue(v: number): number {
    const pts = this.stakes.points;
    let s = 0;
    for (let k = 0; k < 3; k++) s += this.loseShare[k]! * this.stakes.lost(pts[k]! * v);
    return s;
  }

  /** Equity with the cube at `v` and dead (nobody doubles again). */
  dead(v: number, p = this.probs.win): number {
    return p * this.winValue(v) + (1 - p) * this.loseValue(v);
  }

  /** Equity with a fully live cube at `v` owned by `owner`, at winning chance `p`. */
  live(v: number, owner: Owner, p = this.probs.win): number {
    return evalLine(this.line(v, owner), p);
  }

  /** The cubeful equity: live and dead mixed by the cube's efficiency. */
  cubeful(v: number, owner: Owner, efficiency: number): number {
    return efficiency * this.live(v, owner) + (1 - efficiency) * this.dead(v);
  }

  /** Knots (p, equity) of the live-cube line, p rising from 0 to 1. */
  private line(v: number, owner: Owner): Knot[] {
    const knots: Knot[] = [[0, this.loseValue(v)]];
    const iCanDouble = owner !== "opp" && !this.stakes.cubeDeadFor(v);
    const theyCanDouble = owner !== "me" && !this.opponentCubeDead(v);
    // They double me out below my take point: I drop, losing v.
    if (theyCanDouble) knots.push([this.takePoint(v), this.stakes.lost(v)]);
    // Above my cash point my double is dropped: I win v.
    if (iCanDouble) knots.push([this.cashPoint(v), this.stakes.won(v)]);
    knots.push([1, this.winValue(v)]);
    return knots;
  }

  private opponentCubeDead(v: number): boolean {
    return this.stakes.swap().cubeDeadFor(v);
  }

  /** My take point of their double from `v`: where owning 2v is worth a drop. */
  takePoint(v: number): number {
    return solveLine(this.line(2 * v, "me"), this.stakes.lost(v));
  }

  /** My cash point at `v`: where their taking 2v is worth as much to me as their drop. */
  cashPoint(v: number): number {
    return solveLine(this.line(2 * v, "opp"), this.stakes.won(v));
  }
}

type Knot = readonly [number, number];

function shares(total: number, parts: readonly number[]): number[] {
  if (total <= 1e-9) return [1, 0, 0];
  return parts.map((x) => Math.max(0, x) / total);
}

function evalLine(knots: readonly Knot[], p: number): number {
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]!;
    if (p <= x1 || i === knots.length - 1) {
      const [x0, y0] = knots[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (p - x0)) / (x1 - x0);
    }
  }
  return knots[knots.length - 1]![1];
}

/** The p where the (rising) line reaches `y`, clamped to [0, 1]. */
function solveLine(knots: readonly Knot[], y: number): number {
  if (y <= knots[0]![1]) return 0;
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]!;
    if (y <= y1) {
      const [x0, y0] = knots[i - 1]!;
      return y1 === y0 ? x0 : x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
  }
  return 1;
}
