import { describe, expect } from "vitest";
import { playOut, prng } from "./driver.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

describe("whole games through the service", () => {
  for (const variant of ["long", "short"] as const) {
    it(`plays ${variant} nardy series to the end, rebuilding every state from events`, async () => {
      const { svc } = harness({}, `full-${variant}`);
      const rules = variant === "long" ? { cube: true } : undefined;
      const c = unwrap(
        await svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }),
      );
      let game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
      const rand = prng(variant === "long" ? 3 : 4);
      let auto = 0;
      for (let i = 0; i < 3; i++) {
        const played = await playOut(svc, game, rand, { double: 0.15, take: 0.8, resign: 0.002 });
        expect(played.game.status).toBe("finished");
        for (const o of played.outcomes) {
          expect(o.events[0]!.actorId).not.toBeNull();
          for (const e of o.events.slice(1)) {
            expect(e.actorId).toBeNull();
            expect(["roll", "step"]).toContain(e.type);
            auto++;
          }
        }
        const last = played.outcomes.at(-1)!;
        expect(last.finished?.seed).toBe(played.game.diceSeed);
        game = unwrap(await svc.rematch(game.id, alice)).game;
      }
      expect(auto).toBeGreaterThan(20);
      expect((await svc.chatSeries(CHAT.id))[0]!.state.games).toBe(3);
    });
  }
});
