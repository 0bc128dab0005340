import type { Color, Variant } from "./types.js";

/**
 * A game's time control. "delay": Bronstein's delay per move (the time a move may take for
 * free) on top of a reserve for the whole match that grows with its length. "correspondence":
 * a day a move, the silent player reminded and then claimable (no flag). "none": no clock.
 */
export type TimeControl =
  | { readonly kind: "none" }
  | { readonly kind: "correspondence"; readonly moveMs: number }
  | {
      readonly kind: "delay";
      readonly preset: DelayPresetName;
      readonly delayMs: number;
      readonly reserveMs: number;
    };

export type DelayPresetName = "blitz" | "normal" | "casual";
export type TimeControlName = DelayPresetName | "correspondence" | "none";

export const TIME_CONTROL_NAMES: readonly TimeControlName[] = [
  "blitz",
  "normal",
  "casual",
  "correspondence",
  "none",
];

/** Whether `name` (as a request gave it) names a control. */
export const isTimeControlName = (name: unknown): name is TimeControlName =>
  TIME_CONTROL_NAMES.includes(name as TimeControlName);

/** The name a control was made from ("none" for no clock or none stored). */
export function timeControlNameOf(control: TimeControl | null | undefined): TimeControlName {
  if (!control || control.kind === "none") return "none";
  return control.kind === "correspondence" ? "correspondence" : control.preset;
}

interface DelayPreset {
  readonly delaySeconds: number;
  /** Reserve per point of match length (a single game counts one point). */
  readonly reservePerPointSeconds: number;
}

/**
 * Short nardy's figures are Backgammon Galaxy's fast, normal and casual controls. Long nardy
 * moves all fifteen checkers round the whole board (167 pips each at the start in short,
 * 360 in long), so a game has about twice the turns and a turn more to weigh: its delays are
 * longer and its reserves three times as large.
 */
const PRESETS: Record<Variant, Record<DelayPresetName, DelayPreset>> = {
  short: {
    blitz: { delaySeconds: 8, reservePerPointSeconds: 20 },
    normal: { delaySeconds: 10, reservePerPointSeconds: 60 },
    casual: { delaySeconds: 15, reservePerPointSeconds: 180 },
  },
  long: {
    blitz: { delaySeconds: 10, reservePerPointSeconds: 60 },
    normal: { delaySeconds: 15, reservePerPointSeconds: 180 },
    casual: { delaySeconds: 20, reservePerPointSeconds: 540 },
  },
};

export const CORRESPONDENCE_MOVE_MS = 24 * 3_600_000;

/** The control named `name` for a match of `matchLength` points (a single game: 1). */
export function timeControl(
  name: TimeControlName,
  variant: Variant,
  matchLength: number,
): TimeControl {
  if (name === "none") return { kind: "none" };
  if (name === "correspondence") return { kind: "correspondence", moveMs: CORRESPONDENCE_MOVE_MS };
  const p = PRESETS[variant][name];
  return {
    kind: "delay",
    preset: name,
    delayMs: p.delaySeconds * 1000,
    reserveMs: p.reservePerPointSeconds * 1000 * Math.max(1, matchLength),
  };
}

/**
 * A delay clock between turns or during one. `runningSince` is when the side to move could
 * first see its buttons (the message carrying them delivered), null while nobody's time runs
 * (a forced or passing turn, the bot's own turn, the bot down or the chat unreachable).
 * `spentMs` is what the running turn had used before the clock last stopped mid-turn, so a
 * stop charges nothing and a resume goes on from where it was.
 */
export interface ClockState {
  readonly delayMs: number;
  readonly reserveMs: Readonly<Record<Color, number>>;
  readonly running: Color | null;
  readonly runningSince: number | null;
  readonly spentMs: number;
}

export function startClock(control: TimeControl & { kind: "delay" }): ClockState {
  return {
    delayMs: control.delayMs,
    reserveMs: { white: control.reserveMs, black: control.reserveMs },
    running: null,
    runningSince: null,
    spentMs: 0,
  };
}

/** `side`'s turn begins: its time runs from `at` (its buttons delivered). */
export function runClock(clock: ClockState, side: Color, at: number): ClockState {
  if (clock.running === side && clock.runningSince !== null) return clock;
  const spentMs = clock.running === side ? clock.spentMs : 0;
  return { ...clock, running: side, runningSince: at, spentMs };
}

/** The clock stops mid-turn (the bot going down, the chat out of reach): nothing charged. */
export function holdClock(clock: ClockState, at: number): ClockState {
  if (clock.running === null || clock.runningSince === null) return clock;
  return { ...clock, runningSince: null, spentMs: turnSpent(clock, at) };
}

/**
 * The running side's turn ends at `at`: charged the time it used less the delay, never less
 * than nothing (Bronstein). The clock then waits for the next turn to be seen.
 */
export function stopClock(clock: ClockState, at: number): ClockState {
  if (clock.running === null) return clock;
  return {
    ...clock,
    reserveMs: reservesAt(clock, at),
    running: null,
    runningSince: null,
    spentMs: 0,
  };
}

/** When the running side flags, or null while no time runs. */
export function flagAt(clock: ClockState): number | null {
  if (clock.running === null || clock.runningSince === null) return null;
  return clock.runningSince + clock.delayMs + clock.reserveMs[clock.running] - clock.spentMs;
}

/** Each side's reserve as of `at`: the running side's less what its turn has used past the delay. */
export function reservesAt(clock: ClockState, at: number): Record<Color, number> {
  const left = { ...clock.reserveMs };
  const side = clock.running;
  if (side !== null)
    left[side] = Math.max(0, left[side] - Math.max(0, turnSpent(clock, at) - clock.delayMs));
  return left;
}

/** What is left of the running turn's free delay at `at`. */
export function delayLeftAt(clock: ClockState, at: number): number {
  return clock.running === null ? clock.delayMs : Math.max(0, clock.delayMs - turnSpent(clock, at));
}

const turnSpent = (clock: ClockState, at: number): number =>
  clock.spentMs + (clock.runningSince === null ? 0 : Math.max(0, at - clock.runningSince));
