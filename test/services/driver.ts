import { type Action, actor, mayDouble, seededRandom, turnView } from "../../src/engine/index.js";
import type { ActOutcome, GameService, GameView, ServiceResult } from "../../src/services/index.js";

/** A small reproducible PRNG for policies. */
export const prng = seededRandom;

export interface Policy {
  /** Chance to double when allowed, to take a double, to resign instead of moving. */
  readonly double?: number;
  readonly take?: number;
  readonly resign?: number;
}

/** A random but legal action for the player the game waits for. */
export function pickAction(g: GameView, rand: () => number, policy: Policy = {}): Action {
  const s = g.state;
  if (s.phase === "double")
    return rand() < (policy.take ?? 0.7) ? { type: "take" } : { type: "drop" };
  if (s.phase === "resign")
    return rand() < 0.5 ? { type: "accept-resign" } : { type: "decline-resign" };
  if (rand() < (policy.resign ?? 0)) {
    const kinds = ["single", "gammon", "backgammon"] as const;
    return { type: "resign", kind: kinds[Math.floor(rand() * 3)]! };
  }
  if (s.phase === "roll")
    return mayDouble(s) && rand() < (policy.double ?? 0.1) ? { type: "double" } : { type: "roll" };
  const view = turnView(s);
  if (!view) throw new Error(`no move in phase ${s.phase}`);
  if (view.complete) return { type: "commit" };
  const steps = view.nextSteps;
  const st = steps[Math.floor(rand() * steps.length)]!;
  return { type: "step", from: st.from, to: st.to, die: st.die };
}

/** Plays the game to its end (or `maxActs` actions); returns the last view and every outcome. */
export async function playOut(
  svc: GameService,
  game: GameView,
  rand: () => number,
  policy: Policy = {},
  maxActs = 5000,
): Promise<{ game: GameView; outcomes: ActOutcome[] }> {
  let g = game;
  const outcomes: ActOutcome[] = [];
  for (let i = 0; i < maxActs && g.status === "active"; i++) {
    const who = g.waitingFor;
    if (who === null || actor(g.state) === null) throw new Error("nobody to act");
    const r: ServiceResult<ActOutcome> = await svc.act(
      g.id,
      who,
      pickAction(g, rand, policy),
      g.version,
    );
    if (!r.ok) throw new Error(`act refused: ${JSON.stringify(r.error)}`);
    outcomes.push(r.value);
    g = r.value.game;
  }
  return { game: g, outcomes };
}
