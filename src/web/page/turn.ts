import { type GameState, OFF, type Step, turnView } from "../../engine/index.js";

/** Whether `a` is the better way to the same destination (see `destinations`). */
function better(a: readonly Step[], b: readonly Step[]): boolean {
  if (a.length !== b.length) return a.length < b.length;
  const hitsOnTheWay = (w: readonly Step[]) => w.slice(0, -1).filter((s) => s.hit).length;
  if (hitsOnTheWay(a) !== hitsOnTheWay(b)) return hitsOnTheWay(a) < hitsOnTheWay(b);
  return a[0]!.die < b[0]!.die;
}

/**
 * The steps a player taps before confirming a turn: kept in the page, checked against the
 * engine's step list at every tap (the same list the buttons are made from), free to undo
 * until the whole play is sent as one action.
 */
export class LocalTurn {
  /** Each tap's steps (one die, or a checker moved by several). */
  private moves: (readonly Step[])[] = [];

  /** `base`: the game's state in the move phase, with any steps the server holds already. */
  constructor(readonly base: GameState) {}

  /** The steps tapped here, not sent yet. */
  get steps(): readonly Step[] {
    return this.moves.flat();
  }

  /** The state with the tapped steps taken. */
  get state(): GameState {
    return this.moves.length === 0
      ? this.base
      : { ...this.base, steps: [...this.base.steps, ...this.steps] };
  }

  /** Every step possible now. */
  next(): readonly Step[] {
    return this.nextAfter([]);
  }

  /** Every step possible after these further steps. */
  private nextAfter(path: readonly Step[]): readonly Step[] {
    const state =
      path.length === 0
        ? this.state
        : { ...this.base, steps: [...this.base.steps, ...this.steps, ...path] };
    return turnView(state)?.nextSteps ?? [];
  }

  /** Whether the dice are all played (or can be played no further): the turn may be sent. */
  complete(): boolean {
    return turnView(this.state)?.complete ?? false;
  }

  /** The points a checker may leave now. */
  origins(): Set<number> {
    return new Set(this.next().map((s) => s.from));
  }

  /**
   * Where a checker on `from` may go, each with the steps that take it there: one die, or
   * the dice one after another (a double's steps too) where every landing on the way is
   * legal, so one tap plays them. When ways differ, the fewest steps win, then one that hits
   * nothing on the way (a player who wants the hit plays it die by die), then the smaller
   * die first; two dice bearing off the same checker: the smaller, the larger kept for later.
   */
  destinations(from: number): Map<number, readonly Step[]> {
    const out = new Map<number, readonly Step[]>();
    let paths: Step[][] = [[]];
    for (let depth = 0; depth < 4 && paths.length > 0; depth++) {
      const longer: Step[][] = [];
      for (const path of paths) {
        const at = path.length === 0 ? from : path[path.length - 1]!.to;
        // Off the board, a checker goes no further.
        if (path.length > 0 && at === OFF) continue;
        for (const s of this.nextAfter(path)) {
          if (s.from !== at) continue;
          const way = [...path, s];
          longer.push(way);
          const known = out.get(s.to);
          if (!known || better(way, known)) out.set(s.to, way);
        }
      }
      paths = longer;
    }
    return out;
  }

  /** Takes the steps from `from` to `to`, if `to` is one of its destinations now. */
  take(from: number, to: number): boolean {
    const way = this.destinations(from).get(to);
    if (!way) return false;
    this.moves.push(way);
    return true;
  }

  /** Takes back the last tap's move, all its steps. */
  undo(): boolean {
    return this.moves.pop() !== undefined;
  }
}
