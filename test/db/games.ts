import { type Action, turnView } from "../../src/engine/index.js";
import type { GameService, GameView } from "../../src/services/index.js";
import { alice, bob, CHAT, unwrap } from "../services/helpers.js";
import type { Press } from "./race-child.js";

/** `n` games between Alice and Bob, alternately long and short, each in its own chat. */
export function startGames(svc: GameService, n: number): GameView[] {
  return Array.from({ length: n }, (_, i) => {
    const variant = i % 2 ? "short" : "long";
    const c = unwrap(
      svc.createChallenge({ challenger: alice, chat: { id: CHAT.id - i }, variant }),
    );
    return unwrap(svc.acceptChallenge(c.id, bob)).game;
  });
}

/** The press the player to move would make now. */
export function pressFor(g: GameView): Press {
  const st = turnView(g.state)?.nextSteps[0];
  const action: Action = st
    ? { type: "step", from: st.from, to: st.to, die: st.die }
    : { type: "roll" };
  return { gameId: g.id, userId: g.waitingFor!, action, version: g.version };
}
