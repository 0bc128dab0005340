import { describe, expect, it } from "vitest";
import { ALL_DICE } from "../../bench/testkit/positions.js";
import { type Dice, type HeadRule, legalPlays, startingSide } from "../../src/engine/index.js";
import { ending, endings, headDepartures, notations, spec } from "../helpers/plays.js";
import { engineKeys, refKeys } from "../helpers/reference-keys.js";

const START = { 24: 15 };
const READINGS: HeadRule[] = ["classic", "criterion", "doubles", "wide", "sport"];
const isBig = (d: Dice) => d[0] === d[1] && [3, 4, 6].includes(d[0]);

function opening(head: HeadRule, dice: Dice, opponentFirstRoll: Dice | null = null) {
  // The second player meets the first player's opening play on the board.
  let opp = startingSide("long");
  if (opponentFirstRoll) {
    const first = legalPlays(
      spec({ head, me: START, opp: START, dice: opponentFirstRoll, firstTurn: true }),
    );
    opp = first[0]!.me;
  }
  return spec({
    head,
    me: START,
    opp: Object.fromEntries(opp.map((n, p) => [p, n])),
    dice,
    firstTurn: true,
    opponentFirstRoll,
  });
}

describe("head rule: one checker leaves the head per turn, with five first-turn readings", () => {
  for (const head of READINGS) {
    it(`${head}: every opening roll of the first player agrees with the reference`, () => {
      for (const dice of ALL_DICE) {
        const s = opening(head, dice);
        expect(engineKeys(s), `${dice}`).toEqual(refKeys(s));
        const most = Math.max(...headDepartures(s));
        const allowsTwo =
          head === "wide" ||
          (head === "doubles" && dice[0] === dice[1]) ||
          ((head === "classic" || head === "criterion") && isBig(dice));
        expect(most, `${head} ${dice}`).toBe(allowsTwo ? 2 : 1);
      }
    });

    it(`${head}: every first roll of the second player (after 6-5 and after 5-5) agrees with the reference`, () => {
      for (const first of [
        [6, 5],
        [5, 5],
        [3, 1],
      ] as Dice[]) {
        for (const dice of ALL_DICE) {
          const s = opening(head, dice, first);
          expect(engineKeys(s), `${first} then ${dice}`).toEqual(refKeys(s));
        }
      }
    });
  }

  it("classic: opening 6-6 takes two checkers to the 18 (the only play, as the rule text says)", () => {
    expect(notations(opening("classic", [6, 6]))).toEqual(["24/18 24/18"]);
  });

  it("classic: after the first player's 5-5, the second player's 4-4 takes one checker and plays one four", () => {
    expect(notations(opening("classic", [4, 4], [5, 5]))).toEqual(["24/20"]);
  });

  it("criterion: after 5-5, 4-4 may take a second checker because one cannot play all four", () => {
    expect(notations(opening("criterion", [4, 4], [5, 5]))).toEqual(["24/20 24/20"]);
  });

  it("sport: the first player takes one checker even with 6-6; the second player takes two", () => {
    expect(notations(opening("sport", [6, 6]))).toEqual(["24/18"]);
    expect(notations(opening("sport", [6, 6], [6, 5]))).toEqual(["24/18 24/18"]);
  });

  it("wide: any first roll may take two checkers", () => {
    expect(endings(opening("wide", [6, 5]))).toContain(ending({ 24: 13, 18: 1, 19: 1 }));
    expect(endings(opening("classic", [6, 5]))).toEqual([ending({ 24: 14, 13: 1 })]);
  });

  it("doubles: opening 5-5 may take two checkers; classic only one", () => {
    expect(Math.max(...headDepartures(opening("doubles", [5, 5])))).toBe(2);
    expect(notations(opening("classic", [5, 5]))).toEqual(["24/19 19/14 14/9 9/4"]);
  });

  it("after the first turn, a double still takes only one head checker", () => {
    const s = spec({ me: { 24: 14, 18: 1 }, opp: { 24: 14, 13: 1 }, dice: [6, 6] });
    expect(Math.max(...headDepartures(s))).toBe(1);
  });
});

describe("closed points: any opponent checker closes a point, also as an intermediate stop", () => {
  it("a point with one opponent checker cannot be landed on", () => {
    // Black's 16 is white's 4; black's head is white's 12.
    const s = spec({ me: { 24: 14, 10: 1 }, opp: { 24: 14, 16: 1 }, dice: [6, 1] });
    expect(notations(s).some((n) => n.includes("10/4"))).toBe(false);
    // The plays left are the reference's, and there are some.
    expect(refKeys(s).length).toBeGreaterThan(0);
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("one checker cannot play 6-5 through a closed point", () => {
    // White 18 -> 13 -> 7? 12 is black's head; 18/12 closed, so 18/13/7 only via the five.
    const s = spec({ me: { 24: 14, 18: 1 }, opp: { 24: 15 }, dice: [6, 5] });
    const all = notations(s);
    expect(all).toContain("18/13 13/7");
    expect(all.some((n) => n.startsWith("18/12"))).toBe(false);
    expect(engineKeys(s)).toEqual(refKeys(s));
  });
});

describe("six-block rule: six points in a row need an opponent checker ahead of them", () => {
  // White holds 19..15 and steps 20/14 with a six; the block is black's 2..7.
  const me = { 24: 9, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1 };
  const blockEnd = ending({ 24: 8, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 23: 1 });

  it("forbidden when every opponent checker is behind the block", () => {
    const s = spec({ me, opp: { 24: 15 }, dice: [6, 1] });
    expect(endings(s)).not.toContain(blockEnd);
  });

  it("allowed when an opponent checker is ahead of the block", () => {
    const s = spec({ me, opp: { 24: 14, 1: 1 }, dice: [6, 1] });
    expect(endings(s)).toContain(blockEnd);
  });

  it("allowed when an opponent checker is borne off", () => {
    const s = spec({
      me,
      opp: { 24: 14, off: 1 } as unknown as Record<number, number>,
      dice: [6, 1],
    });
    expect(endings({ ...s, opp: s.opp.map((n, p) => (p === 0 ? 1 : n)) })).toContain(blockEnd);
  });

  it("a block wrapping across the holder's own 1/24 seam counts", () => {
    // White 21,22,23,24 and 2 held; 3/1 closes black's 9..14.
    const wrap = { 24: 10, 23: 1, 22: 1, 21: 1, 3: 1, 2: 1 };
    const closed = ending({ 24: 10, 23: 1, 22: 1, 21: 1, 2: 1, 1: 1 });
    const behind = spec({ me: wrap, opp: { 24: 14, 20: 1 }, dice: [2, 2] });
    expect(endings(behind).some((e) => e.startsWith(closed.slice(0, 3)) && e === closed)).toBe(
      false,
    );
    const s = spec({ me: wrap, opp: { 24: 14, 5: 1 }, dice: [2, 1] });
    expect(legalPlays(s).some((p) => p.steps.some((st) => st.from === 3 && st.to === 1))).toBe(
      true,
    );
    const noAhead = spec({ me: wrap, opp: { 24: 14, 20: 1 }, dice: [2, 1] });
    // Without a checker ahead, 3/1 may only stand if the other die breaks the block.
    expect(legalPlays(noAhead).length).toBeGreaterThan(0);
    for (const p of legalPlays(noAhead)) {
      const held = [21, 22, 23, 24, 1, 2].every((pt) => (p.me[pt] ?? 0) > 0);
      expect(held).toBe(false);
    }
    expect(engineKeys(noAhead)).toEqual(refKeys(noAhead));
  });

  // One checker plays 6 then 1 through white's 15, closing 19..14 for a moment.
  const passing = { 24: 9, 21: 1, 19: 1, 18: 1, 17: 1, 16: 1, 14: 1 };
  const opp = { 24: 14, 8: 1 }; // black's 8 is white's 20: the five-one way round is shut
  const passedEnd = ending({ 24: 9, 19: 1, 18: 1, 17: 1, 16: 1, 14: 2 });

  it("strict: a block formed in passing, by one checker's intermediate stop, is a fault", () => {
    expect(endings(spec({ me: passing, opp, dice: [6, 1], block: "strict" }))).not.toContain(
      passedEnd,
    );
  });

  it("final: a block formed and broken inside one turn is no fault", () => {
    expect(endings(spec({ me: passing, opp, dice: [6, 1], block: "final" }))).toContain(passedEnd);
  });

  it("home: allowed only once an opponent checker has reached its home", () => {
    // White 7..3 held, 8/2 closes black's 14..19; black's 10 (white's 22) is ahead, not home.
    const me = { 24: 9, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1 };
    const made = ending({ 24: 8, 19: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1 });
    expect(endings(spec({ me, opp: { 24: 14, 10: 1 }, dice: [6, 5], block: "strict" }))).toContain(
      made,
    );
    expect(
      endings(spec({ me, opp: { 24: 14, 10: 1 }, dice: [6, 5], block: "home" })),
    ).not.toContain(made);
    expect(endings(spec({ me, opp: { 24: 14, 3: 1 }, dice: [6, 5], block: "home" }))).toContain(
      made,
    );
  });
});

describe("dice: as many as possible, else the larger", () => {
  it("both dice must be played when possible", () => {
    const s = spec({ me: { 24: 14, 13: 1 }, opp: { 24: 15 }, dice: [5, 3] });
    expect(legalPlays(s).length).toBeGreaterThan(0);
    for (const p of legalPlays(s)) expect(p.steps.length).toBe(2);
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("if only one die can be played, the larger one", () => {
    // 24/18 or 24/19 alone, but the head gives one checker and 13, 14 are black's: not both.
    const s = spec({ me: { 24: 15 }, opp: { 24: 13, 1: 1, 2: 1 }, dice: [5, 6] });
    expect(notations(s)).toEqual(["24/18"]);
    expect(engineKeys(s)).toEqual(refKeys(s));
  });

  it("no legal step: the turn passes (no plays)", () => {
    // White's 18 and 19 are black's 6 and 7: the head checker cannot move 6 or 5.
    const s = spec({ me: { 24: 15 }, opp: { 24: 13, 6: 1, 7: 1 }, dice: [6, 5] });
    expect(legalPlays(s)).toEqual([]);
  });
});

describe("bearing off (the examples of the classic rule text)", () => {
  const far = { 4: 5, 3: 5, 2: 5 }; // black far away, on white's 16..14

  it("all on the six, 1 and 2: moved inside, nothing borne off", () => {
    expect(endings(spec({ me: { 6: 15 }, opp: far, dice: [2, 1] }))).toEqual(
      [ending({ 6: 14, 3: 1 }), ending({ 6: 13, 5: 1, 4: 1 })].sort(),
    );
  });

  it("all on the one, 6 and 5: two checkers borne off", () => {
    expect(notations(spec({ me: { 1: 15 }, opp: far, dice: [6, 5] }))).toEqual(["1/off 1/off"]);
  });

  it("the exact point bears off", () => {
    expect(endings(spec({ me: { 6: 1, 5: 1, 2: 13 }, opp: far, dice: [6, 5] }))).toContain(
      ending({ 2: 13, 0: 2 }),
    );
  });

  it("a higher point occupied: the die must move inside", () => {
    const all = notations(spec({ me: { 6: 1, 3: 1, 0: 13 }, opp: far, dice: [4, 1] }));
    expect(all).toContain("6/2 3/2");
    for (const n of all) expect(n).not.toContain("3/off");
  });

  it("only lower points: the die bears off from the highest", () => {
    expect(notations(spec({ me: { 3: 2, 2: 1, 0: 12 }, opp: far, dice: [6, 5] }))).toEqual([
      "3/off 3/off",
    ]);
  });

  it("one die brings the last checker home, the other bears off", () => {
    const s = spec({ me: { 8: 1, 6: 2, 0: 12 }, opp: far, dice: [2, 6] });
    expect(notations(s)).toContain("6/off 8/6".split(" ").sort().reverse().join(" "));
  });
});
