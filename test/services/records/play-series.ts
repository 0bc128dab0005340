import { memoryFrontEnd } from "../../../bench/testkit/memory-front-end.js";
import type { Rules } from "../../../src/engine/index.js";
import { GameReviews, type GameView } from "../../../src/services/index.js";
import { playOut, prng } from "../driver.js";
import { alice, bob, CHAT, harness, unwrap } from "../helpers.js";

/** A series between two random players who double, drop and offer to resign now and then. */
export async function playSeries(
  variant: "long" | "short",
  rules: Partial<Rules> | undefined,
  games: number,
  seed: number,
  /** The second part each game's starting press brings (game number → text), if any. */
  pressed?: (game: number) => string,
) {
  const h = harness({}, `records-${variant}-${seed}`);
  const reviews = new GameReviews(h.database.db, memoryFrontEnd(), h.clock.now);
  const c = unwrap(await h.svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  let game = unwrap(
    await h.svc.acceptChallenge(c.id, bob, null, { secondPart: pressed?.(0) ?? null }),
  ).game;
  const rand = prng(seed);
  const finished: GameView[] = [];
  for (let i = 0; i < games; i++) {
    const played = await playOut(h.svc, game, rand, { double: 0.2, take: 0.7, resign: 0.004 });
    finished.push(played.game);
    if (played.game.final?.over) break;
    game = unwrap(
      await h.svc.rematch(game.id, alice, null, { secondPart: pressed?.(i + 1) ?? null }),
    ).game;
  }
  return { h, reviews, finished };
}
