import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import { chooseAction, type Level } from "../src/ai/index.js";
import {
  act,
  actor,
  type Color,
  defaultRules,
  type GameState,
  legalPlays,
  newGame,
  type Play,
  type Side,
  seededDice,
  sidesEqual,
  type TurnSpec,
  turnSpec,
} from "../src/engine/index.js";

/** Where GNU Backgammon is (Debian puts it in /usr/games), or null. */
export function findGnubg(): string | null {
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/games"];
  for (const dir of dirs) {
    const file = path.join(dir, "gnubg");
    if (dir && existsSync(file)) return file;
  }
  return null;
}

/** A gnubg process answering best moves through bench/gnubg-player.py. */
export class Gnubg {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];
  readonly ready: Promise<void>;

  constructor(binary: string, plies = 0) {
    const script = path.join(import.meta.dirname, "gnubg-player.py");
    // gnubg hands a script no arguments of its own, so the plies go in the environment.
    this.proc = spawn(binary, ["-t", "-q", "-p", script], {
      env: { ...process.env, GNUBG_PLIES: String(plies) },
    });
    this.lines = createInterface({ input: this.proc.stdout });
    this.lines.on("line", (line) => {
      if (line.startsWith("@@")) this.waiting.shift()?.(line.slice(2));
    });
    this.ready = new Promise((resolve, reject) => {
      this.waiting.push(() => resolve());
      this.proc.on("error", reject);
      this.proc.on("exit", (code) => reject(new Error(`gnubg exited with ${code}`)));
    });
  }

  /** gnubg's move for the roll, as the matching entry of `legalPlays(spec)`. */
  async play(spec: TurnSpec): Promise<{ play: Play | null; matched: boolean }> {
    const plays = legalPlays(spec);
    if (plays.length <= 1) return { play: plays[0] ?? null, matched: true };
    const req = { me: spec.me.slice(1, 26), opp: spec.opp.slice(1, 26), dice: spec.dice };
    const answer = new Promise<string>((resolve) => this.waiting.push(resolve));
    this.proc.stdin.write(`${JSON.stringify(req)}\n`);
    const move = JSON.parse(await answer) as number[];
    const { me, opp } = applyMove(spec.me, spec.opp, move);
    const play = plays.find((p) => sidesEqual(p.me, me) && sidesEqual(p.opp, opp));
    return { play: play ?? plays[0]!, matched: play !== undefined };
  }

  close(): void {
    this.proc.removeAllListeners("exit");
    this.proc.stdin.end();
    this.proc.kill();
  }
}

/** Applies gnubg's from/to pairs (mover's numbering; 25 bar, 0 or less off), hitting blots. */
function applyMove(me0: Side, opp0: Side, move: readonly number[]): { me: Side; opp: Side } {
  const me = [...me0];
  const opp = [...opp0];
  for (let i = 0; i + 1 < move.length; i += 2) {
    const from = move[i]!;
    const to = Math.max(0, move[i + 1]!);
    if (from <= 0) break;
    me[from]!--;
    me[to]!++;
    if (to > 0 && opp[25 - to] === 1) {
      opp[25 - to] = 0;
      opp[25]!++;
    }
  }
  return { me, opp };
}

/** Who plays our side: a level of ours, or GNU Backgammon itself (the yardstick for a level). */
export type OurSide = Level | Gnubg;

/**
 * One cubeless short-nardy game through the engine: `ours` (our player at a level, or gnubg at
 * its own plies) as `strong` against `gnubg`. Returns our points (negative when gnubg won) and
 * the gnubg answers that matched no play.
 */
export async function gameVsGnubg(
  gnubg: Gnubg,
  ours: OurSide,
  strong: Color,
  starter: Color,
  seed: number,
  onDecision?: (ms: number, before: GameState) => void,
): Promise<{ points: number; mismatches: number }> {
  const rules = defaultRules("short", { cube: false });
  const dice = seededDice(seed);
  let opening: [number, number] = [dice.die(), dice.die()];
  while (opening[0] === opening[1]) opening = [dice.die(), dice.die()];
  let state = newGame({ variant: "short", rules, starter, openingDice: opening });
  let mismatches = 0;
  for (let guard = 0; state.phase !== "over"; guard++) {
    if (guard > 20_000) throw new Error("the game does not end");
    const by = actor(state)!;
    if (state.phase === "roll") {
      state = ok(act(state, by, { type: "roll" }, { dice }));
      continue;
    }
    const mover = by === strong ? ours : gnubg;
    const before = state;
    const t0 = performance.now();
    if (typeof mover === "string") {
      const move = chooseAction(state, { player: mover });
      onDecision?.(performance.now() - t0, before);
      for (const a of move!.actions) state = ok(act(state, by, a));
      continue;
    }
    const answer = await mover.play(turnSpec(state, state.dice!));
    if (by === strong) onDecision?.(performance.now() - t0, before);
    if (!answer.matched) mismatches++;
    for (const s of answer.play?.steps ?? [])
      state = ok(act(state, by, { type: "step", from: s.from, to: s.to, die: s.die }));
  }
  const result = state.result!;
  return { points: (result.winner === strong ? 1 : -1) * result.points, mismatches };
}

function ok(r: ReturnType<typeof act>) {
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}
