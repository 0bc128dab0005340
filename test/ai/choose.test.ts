import { describe, expect, it } from "vitest";
import { randomGameSpecs } from "../../bench/testkit/positions.js";
import { chooseAction, choosePlay, type Player } from "../../src/ai/index.js";
import {
  act,
  defaultRules,
  legalPlays,
  newGame,
  type Play,
  scriptedDice,
  sidesEqual,
  turnSpec,
} from "../../src/engine/index.js";

const isListed = (play: Play, plays: readonly Play[]) =>
  plays.some((p) => sidesEqual(p.me, play.me) && sidesEqual(p.opp, play.opp));

describe("the chosen play is one of legalPlays", () => {
  for (const variant of ["short", "long"] as const) {
    const specs = randomGameSpecs(variant, 2, variant === "short" ? 11 : 12);
    const players: Player[] = ["easy", "medium", "pipcount"];
    it(`${variant}: easy, medium and pip-count on ${specs.length} positions`, () => {
      for (const spec of specs) {
        const plays = legalPlays(spec);
        for (const player of players) {
          const play = choosePlay(spec, { random: () => 0.3 }, player);
          if (plays.length === 0) expect(play).toBeNull();
          else expect(isListed(play!, plays)).toBe(true);
        }
      }
    });

    it(`${variant}: expert on every 64th position`, () => {
      for (const spec of specs.filter((_, i) => i % 64 === 0)) {
        const plays = legalPlays(spec);
        const play = choosePlay(spec, {}, "expert");
        if (plays.length === 0) expect(play).toBeNull();
        else expect(isListed(play!, plays)).toBe(true);
      }
    });

    it(`${variant}: hard on every 16th position`, () => {
      for (const spec of specs.filter((_, i) => i % 16 === 0)) {
        const plays = legalPlays(spec);
        const play = choosePlay(spec, {}, "hard");
        if (plays.length === 0) expect(play).toBeNull();
        else expect(isListed(play!, plays)).toBe(true);
      }
    });
  }
});

describe("chooseAction through the game flow", () => {
  it("long nardy: the opening 6-6 takes two checkers from the head (classic head rule)", () => {
    const rules = defaultRules("long");
    const state = newGame({ variant: "long", rules, starter: "white" });
    const rolled = act(state, "white", { type: "roll" }, { dice: scriptedDice([6, 6]) });
    if (!rolled.ok) throw new Error(rolled.error.message);
    const move = chooseAction(rolled.state, { player: "hard" })!;
    expect(move.by).toBe("white");
    expect(move.play?.me[24]).toBe(13);
    expect(move.play?.me[18]).toBe(2);
    let s = rolled.state;
    for (const a of move.actions) {
      const r = act(s, "white", a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.turn).toBe("black");
    expect(s.board.white[18]).toBe(2);
  });

  it("finishes a turn already begun", () => {
    const rules = defaultRules("short");
    const state = newGame({ variant: "short", rules, starter: "white", openingDice: [3, 1] });
    const started = act(state, "white", { type: "step", from: 8, to: 5, die: 3 });
    if (!started.ok) throw new Error(started.error.message);
    const move = chooseAction(started.state, { player: "medium" })!;
    let s = started.state;
    for (const a of move.actions) {
      const r = act(s, "white", a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.turn).toBe("black");
    const spec = turnSpec(state, [3, 1]);
    expect(isListed({ steps: [], me: s.board.white, opp: s.board.black }, legalPlays(spec))).toBe(
      true,
    );
  });
});
