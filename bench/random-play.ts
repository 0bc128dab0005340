import { type Action, turnView } from "../src/engine/index.js";
import type { GameView } from "../src/services/index.js";

/** A legal next action for whoever is waiting: roll, take, or a random next step. */
export function randomAction(g: GameView, r: () => number): Action {
  const s = g.state;
  if (s.phase === "double") return { type: "take" };
  if (s.phase !== "move") return { type: "roll" };
  const view = turnView(s)!;
  const st = view.nextSteps[Math.floor(r() * view.nextSteps.length)]!;
  return { type: "step", from: st.from, to: st.to, die: st.die };
}
