import { BAR, type Step } from "./types.js";

const pointName = (p: number): string => (p === BAR ? "bar" : p <= 0 ? "off" : String(p));

/** One single step in the mover's numbering: `24/18`, `bar/22`, `6/off`, `13/7*`. */
function stepNotation(step: Step): string {
  return `${pointName(step.from)}/${pointName(step.to)}${step.hit ? "*" : ""}`;
}

export function playNotation(steps: readonly Step[]): string[] {
  return steps.map(stepNotation);
}
