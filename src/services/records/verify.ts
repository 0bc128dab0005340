import { commitmentOf, isSalt, SeedDice } from "../dice.js";
import { COMMITMENT_LINE, LOT_LINE, LOT_PLAYED_LINE, SALT_LINE, SEED_LINE } from "./trailer.js";

export type VerifyResult =
  | {
      readonly ok: true;
      readonly rolls: number;
      /** The second part the dice were recomputed with; null for a game older than it. */
      readonly salt: string | null;
    }
  | { readonly ok: false; readonly reason: string };

const HEX64 = /^[0-9a-f]{64}$/;

/** A trailer line's value, with or without the `; ` of a `.mat` comment. */
function field(lines: readonly string[], label: string): string | null {
  for (const line of lines) {
    const t = line.replace(/^;\s*/, "").trim();
    if (t.startsWith(label)) return t.slice(label.length).trim();
  }
  return null;
}

/**
 * Every roll a record shows, in order: numbered lines (`12. White 64: ...` in a text record,
 * `12) 64: ...    31: ...` in a `.mat`), each cell's dice as `dd:`.
 */
function recordedRolls(lines: readonly string[]): [number, number][] {
  const rolls: [number, number][] = [];
  for (const line of lines) {
    const row = /^\s*\d+[.)]\s(.*)$/.exec(line);
    if (!row) continue;
    for (const m of row[1]!.matchAll(/(?:^|\s)([1-6])([1-6]):(?=\s|$)/g))
      rolls.push([Number(m[1]), Number(m[2])]);
  }
  return rolls;
}

const pair = (d: readonly number[]): string => `${d[0]}-${d[1]}`;

/**
 * Checks a record against its own dice: the seed matches its commitment, and the lot's throws
 * and every roll shown are the dice of the seed and the second part, in drawing order
 * (src/services/dice.ts). A record without a second part is of a game older than it.
 */
export function verifyRecord(text: string): VerifyResult {
  const lines = text.split(/\r?\n/);
  const seed = field(lines, SEED_LINE);
  const salt = field(lines, SALT_LINE);
  const commitment = field(lines, COMMITMENT_LINE);
  if (!seed || !HEX64.test(seed)) return { ok: false, reason: "no dice seed in the record" };
  if (salt !== null && !isSalt(salt))
    return { ok: false, reason: "the dice's second part is not one line without spaces" };
  if (!commitment || !HEX64.test(commitment))
    return { ok: false, reason: "no dice commitment in the record" };
  const bytes = Buffer.from(seed, "hex");
  if (commitmentOf(bytes) !== commitment)
    return { ok: false, reason: "the seed does not match its commitment (SHA-256)" };

  const dice = new SeedDice(bytes, 0, salt);
  const draw = (): [number, number] => [dice.die(), dice.die()];
  const lotText = field(lines, LOT_LINE);
  const lot = (lotText ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => [Number(t[0]), Number(t[1])] as const);
  for (const [i, shown] of lot.entries()) {
    const drawn = draw();
    if (drawn[0] !== shown[0] || drawn[1] !== shown[1])
      return {
        ok: false,
        reason: `lot throw ${i + 1}: the record shows ${pair(shown)}, the dice give ${pair(drawn)}`,
      };
  }
  const lotPlayed = lot.length > 0 && lines.some((l) => l.includes(LOT_PLAYED_LINE));
  const rolls = recordedRolls(lines);
  for (const [i, shown] of rolls.entries()) {
    if (i === 0 && lotPlayed) {
      // The starter plays the last throw, its own die first.
      const last = lot.at(-1)!;
      const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];
      if (same(shown, last) || same(shown, [last[1], last[0]])) continue;
      return {
        ok: false,
        reason: `move 1: the record shows ${pair(shown)}, the lot's last throw was ${pair(last)}`,
      };
    }
    const drawn = draw();
    if (drawn[0] !== shown[0] || drawn[1] !== shown[1])
      return {
        ok: false,
        reason: `move ${i + 1}: the record shows ${pair(shown)}, the dice give ${pair(drawn)}`,
      };
  }
  return { ok: true, rolls: rolls.length, salt };
}
