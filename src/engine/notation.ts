import { BAR, type Step } from "./types.js";

const pointName = (p: number): string => (p === BAR ? "bar" : p <= 0 ? "off" : String(p));

/** One single step in the mover's numbering: `24/18`, `bar/22`, `6/off`, `13/7*`. */
export function stepNotation(step: Step): string {
  return `${pointName(step.from)}/${pointName(step.to)}${step.hit ? "*" : ""}`;
}

export function playNotation(steps: readonly Step[]): string[] {
  return steps.map(stepNotation);
}

/** Reads `24/18`, `bar/22`, `6/off`, `13/7*` back; the die is the distance (off needs it given). */
export function parseStepNotation(text: string): { from: number; to: number; hit: boolean } | null {
  const m = /^(bar|\d{1,2})\/(off|\d{1,2})(\*?)$/.exec(text.trim());
  if (!m) return null;
  const from = m[1] === "bar" ? BAR : Number(m[1]);
  const to = m[2] === "off" ? 0 : Number(m[2]);
  if (from < 1 || from > BAR || to < 0 || to > 24 || to >= from) return null;
  return { from, to, hit: m[3] === "*" };
}
