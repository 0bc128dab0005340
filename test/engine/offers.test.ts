import { describe, expect, it } from "vitest";
import {
  act,
  defaultRules,
  type GameState,
  newGame,
  scriptedDice,
} from "../../src/engine/index.js";
import { mayTake, type OfferedGame, offersOf, rematchOpen } from "../../src/engine/offers.js";

const WHITE = 1;
const BLACK = 2;

function ok(r: ReturnType<typeof act>): GameState {
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** Short nardy with the cube, White to roll. */
const start = (): GameState =>
  newGame({ variant: "short", rules: defaultRules("short"), starter: "white" });

const game = (state: GameState, over: Partial<OfferedGame> = {}): OfferedGame => ({
  status: state.phase === "over" ? "finished" : "active",
  state,
  waitingFor: state.phase === "over" ? null : state.turn === "white" ? WHITE : BLACK,
  rematch: false,
  claimable: false,
  ...over,
});

const kinds = (g: OfferedGame) => offersOf(g).map((row) => row.map((o) => `${o.kind}:${o.by}`));

describe("what a board offers, decided once for the chat and the page", () => {
  it("each phase: its actions for the player waited for; resign for either, or as a double or an offer leaves it", () => {
    const roll = start();
    expect(kinds(game(roll))).toEqual([["roll:waited", "double:waited"], ["resign:either"]]);
    const doubled = ok(act(roll, "white", { type: "double" }));
    // Black answers the double first; White, who doubled, may still resign.
    expect(kinds(game(doubled))).toEqual([["take:waited", "drop:waited"], ["resign:other"]]);
    const taken = ok(act(doubled, "black", { type: "take" }));
    // White's cube is gone to Black: roll only.
    expect(kinds(game(taken))).toEqual([["roll:waited"], ["resign:either"]]);
    const moving = ok(act(taken, "white", { type: "roll" }, { dice: scriptedDice([6, 1]) }));
    expect(kinds(game(moving))).toEqual([["move:waited"], ["resign:either"]]);
    const offered = ok(act(moving, "white", { type: "resign", kind: "single" }));
    // Who offered waits for the answer; the one answering may resign instead.
    expect(kinds(game(offered))).toEqual([
      ["accept-resign:waited", "decline-resign:waited"],
      ["resign:waited"],
    ]);
    const over = ok(act(offered, "black", { type: "accept-resign" }));
    expect(kinds(game(over))).toEqual([]);
    expect(kinds(game(over, { rematch: true }))).toEqual([["rematch:either"]]);
  });

  it("a claim for the player kept waiting, but not for one who offered to resign", () => {
    const moving = ok(act(start(), "white", { type: "roll" }, { dice: scriptedDice([6, 1]) }));
    const claimable = game(moving, { claimable: true });
    expect(kinds(claimable)).toContainEqual(["claim:other"]);
    const claim = offersOf(claimable)
      .flat()
      .find((o) => o.kind === "claim")!;
    expect(mayTake(claim, claimable, BLACK)).toBe(true);
    expect(mayTake(claim, claimable, WHITE)).toBe(false);
    const offered = ok(act(moving, "white", { type: "resign", kind: "single" }));
    expect(kinds(game(offered, { claimable: true })).flat()).not.toContain("claim:other");
  });

  it("a broken game offers nothing; a next game only in a series that goes on outside a tournament", () => {
    expect(offersOf(game(start(), { status: "broken" }))).toEqual([]);
    const finished = { status: "finished", tournamentId: null, final: { over: false } };
    expect(rematchOpen(finished)).toBe(true);
    expect(rematchOpen({ ...finished, final: { over: true } })).toBe(false);
    expect(rematchOpen({ ...finished, tournamentId: 3 })).toBe(false);
    expect(rematchOpen({ ...finished, status: "active" })).toBe(false);
  });
});
