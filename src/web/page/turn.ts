import { type GameState, type Step, turnView } from "../../engine/index.js";

/**
 * The steps a player taps before confirming a turn: kept in the page, checked against the
 * engine's step list at every tap (the same list the buttons are made from), free to undo
 * until the whole play is sent as one action.
 */
export class LocalTurn {
  private taken: Step[] = [];

  /** `base`: the game's state in the move phase, with any steps the server holds already. */
  constructor(readonly base: GameState) {}

  /** The steps tapped here, not sent yet. */
  get steps(): readonly Step[] {
    return this.taken;
  }

  /** The state with the tapped steps taken. */
  get state(): GameState {
    return this.taken.length === 0
      ? this.base
      : { ...this.base, steps: [...this.base.steps, ...this.taken] };
  }

  /** Every step possible now. */
  next(): readonly Step[] {
    return turnView(this.state)?.nextSteps ?? [];
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
   * Where a checker on `from` may go, each with its step. When two dice reach the same place
   * (bearing off), the smaller is used: the larger one left over can do all the other could.
   */
  destinations(from: number): Map<number, Step> {
    const out = new Map<number, Step>();
    for (const s of this.next()) {
      if (s.from !== from) continue;
      const known = out.get(s.to);
      if (!known || s.die < known.die) out.set(s.to, s);
    }
    return out;
  }

  /** Takes the step from `from` to `to`, if it is one of the steps possible now. */
  take(from: number, to: number): boolean {
    const step = this.destinations(from).get(to);
    if (!step) return false;
    this.taken.push(step);
    return true;
  }

  undo(): boolean {
    return this.taken.pop() !== undefined;
  }
}
