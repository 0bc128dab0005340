import { type Action, turnView } from "../../src/engine/index.js";
import type { GameService, GameView } from "../../src/services/index.js";
import { alice, bob, CHAT, unwrap } from "../services/helpers.js";
import type { Press } from "./race-child.js";

/** `n` games between Alice and Bob, alternately long and short, each in its own chat. */
export async function startGames(svc: GameService, n: number): Promise<GameView[]> {
  const games: GameView[] = [];
  for (let i = 0; i < n; i++) {
    const variant = i % 2 ? "short" : "long";
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, chat: { id: CHAT.id - i }, variant }),
    );
    games.push(unwrap(await svc.acceptChallenge(c.id, bob)).game);
  }
  return games;
}

/** The press the player to move would make now. */
export function pressFor(g: GameView): Press {
  const st = turnView(g.state)?.nextSteps[0];
  const action: Action = st
    ? { type: "step", from: st.from, to: st.to, die: st.die }
    : { type: "roll" };
  return { gameId: g.id, userId: g.waitingFor!, action, version: g.version };
}
