/**
 * Validates the slow reference generator (test/reference/) on its own, before it is used to
 * cross-check the fast engine:
 *  - short nardy against GNU Backgammon 1.07 (every case in bench/testkit/fixtures/gnubg);
 *  - long nardy against small cases derived by hand from docs/rules.md (no oracle exists).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GNUBG_FIXTURES } from "../bench/testkit/vectors.js";
import {
  canonicalKey,
  myPointInOpponentNumbering,
  opponentPointInMyNumbering,
  type RefRequest,
  type RefSide,
  referencePlays,
} from "./reference/generator.js";
import { decodePositionId, encodePositionId } from "./reference/gnubg-id.js";

const vectors = GNUBG_FIXTURES;

interface OpeningCase {
  pos: string;
  dice: [number, number];
  count: number;
  moves: { move: string; after: string; after_mover: string }[];
}
interface SelfplayCase {
  pos: string;
  dice: [number, number];
  count: number;
  moves: string[];
  after: string[];
}

function jsonLines<T>(text: string): T[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/** Every resulting Position ID (mover still on roll), sorted, for a gnubg case. */
function referenceAfterIds(pos: string, dice: [number, number]): string[] {
  const p = decodePositionId(pos);
  const plays = referencePlays({
    variant: "short",
    turn: "white",
    white: p.onRoll,
    black: p.opponent,
    dice,
  });
  return plays.map((pl) => encodePositionId({ onRoll: pl.white, opponent: pl.black })).sort();
}

// --- an independent replay of move texts, to check that `moves` really reach the position ---
function replay(
  variant: "long" | "short",
  mover: RefSide,
  other: RefSide,
  moves: string[],
): {
  mover: RefSide;
  other: RefSide;
  steps: { distance: number; off: boolean }[];
  error: string | null;
} {
  const m: RefSide = { ...mover };
  const o: RefSide = { ...other };
  const steps: { distance: number; off: boolean }[] = [];
  let error: string | null = null;
  for (const mv of moves) {
    const match = /^(bar|\d+)\/(off|\d+)(\*?)$/.exec(mv);
    if (!match) {
      error ??= `bad move text ${mv}`;
      continue;
    }
    const [, fromS = "", toS = "", star = ""] = match;
    const fromN = fromS === "bar" ? 25 : Number(fromS);
    const toN = toS === "off" ? 0 : Number(toS);
    steps.push({ distance: fromN - toN, off: toS === "off" });
    m[fromS] = (m[fromS] ?? 0) - 1;
    if ((m[fromS] ?? 0) < 0) error ??= `${mv}: no checker`;
    m[toS] = (m[toS] ?? 0) + 1;
    if (star === "*") {
      const q = String(myPointInOpponentNumbering(variant, toN));
      if (o[q] !== 1) error ??= `${mv}: hit on a point without a single checker`;
      o[q] = 0;
      o.bar = (o.bar ?? 0) + 1;
    }
  }
  return { mover: m, other: o, steps, error };
}

describe("gnubg Position ID codec", () => {
  it("decodes the opening position", () => {
    const p = decodePositionId("4HPwATDgc/ABMA");
    const start = { "24": 2, "13": 5, "8": 3, "6": 5 };
    expect(canonicalKey(p.onRoll, p.opponent)).toBe(canonicalKey(start, start));
    expect(encodePositionId({ onRoll: start, opponent: start })).toBe("4HPwATDgc/ABMA");
  });

  it("round-trips every position in the vectors", () => {
    const text = gunzipSync(readFileSync(path.join(vectors, "short-gnubg-selfplay100.jsonl.gz")));
    const cases = jsonLines<SelfplayCase>(text.toString("utf8"));
    for (const c of cases) {
      for (const id of [c.pos, ...c.after]) {
        expect(encodePositionId(decodePositionId(id))).toBe(id);
      }
    }
  });
});

describe("reference generator vs GNU Backgammon (short nardy)", () => {
  const opening = jsonLines<OpeningCase>(
    readFileSync(path.join(vectors, "short-gnubg-opening.jsonl"), "utf8"),
  );

  it("opening position: all 21 rolls", () => {
    expect(opening.length).toBe(21);
    for (const c of opening) {
      const expected = c.moves.map((m) => m.after_mover).sort();
      expect(expected.length).toBe(c.count);
      expect(referenceAfterIds(c.pos, c.dice), `${c.dice.join("-")}`).toEqual(expected);
    }
  });

  // Every one of the 8,994 self-play cases is checked (about 15 s in total), in chunks so
  // that a failure names its chunk and no single test runs long.
  const selfplay = jsonLines<SelfplayCase>(
    gunzipSync(readFileSync(path.join(vectors, "short-gnubg-selfplay100.jsonl.gz"))).toString(
      "utf8",
    ),
  );
  const CHUNK = 1000;
  for (let start = 0; start < selfplay.length; start += CHUNK) {
    const chunk = selfplay.slice(start, start + CHUNK);
    it(`self-play cases ${start}..${start + chunk.length - 1}`, { timeout: 60_000 }, () => {
      for (const [i, c] of chunk.entries()) {
        const expected = [...c.after].sort();
        expect(expected.length).toBe(c.count);
        const got = referenceAfterIds(c.pos, c.dice);
        expect(got, `case ${start + i}: ${c.pos} ${c.dice.join("-")}`).toEqual(expected);
      }
    });
  }

  it("self-play vectors: 8,994 cases", () => {
    expect(selfplay.length).toBe(8994);
  });

  it("move texts replay to the reported positions (every 5th self-play case, mover as black)", {
    timeout: 60_000,
  }, () => {
    const failures: string[] = [];
    for (let i = 0; i < selfplay.length; i += 5) {
      const c = selfplay[i];
      if (!c) continue;
      const p = decodePositionId(c.pos);
      // mover = black this time, so the colour handling is exercised too
      const plays = referencePlays({
        variant: "short",
        turn: "black",
        white: p.opponent,
        black: p.onRoll,
        dice: c.dice,
      });
      const ids = plays.map((pl) => encodePositionId({ onRoll: pl.black, opponent: pl.white }));
      if (ids.sort().join() !== [...c.after].sort().join()) failures.push(`case ${i}: positions`);
      const [a, b] = c.dice;
      for (const pl of plays) {
        const r = replay("short", p.onRoll, p.opponent, pl.moves);
        const where = `case ${i}: ${pl.moves.join(" ")}`;
        if (r.error) failures.push(`${where}: ${r.error}`);
        if (canonicalKey(r.mover, r.other) !== canonicalKey(pl.black, pl.white)) {
          failures.push(`${where}: replay reaches another position`);
        }
        // a step moves exactly one die's distance, or less when bearing off
        for (const st of r.steps) {
          const ok = st.off
            ? st.distance <= Math.max(a, b)
            : st.distance === a || st.distance === b;
          if (!ok) failures.push(`${where}: step of ${st.distance}`);
        }
        if (r.steps.length > (a === b ? 4 : 2)) failures.push(`${where}: too many steps`);
      }
    }
    expect(failures).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------
// Long nardy: hand-derived cases (docs/rules.md, Long nardy). White moves unless said.
// ------------------------------------------------------------------------------------------

const HEADS: RefSide = { "24": 15 };

function longPlays(partial: Partial<RefRequest> & Pick<RefRequest, "white" | "black" | "dice">) {
  return referencePlays({ variant: "long", turn: "white", ...partial });
}

/** Resulting white sides as canonical keys (black never changes in long nardy). */
function whiteResults(plays: ReturnType<typeof referencePlays>): string[] {
  return plays.map((p) => canonicalKey(p.white, {})).sort();
}

function keysOf(...sides: RefSide[]): string[] {
  return sides.map((s) => canonicalKey(s, {})).sort();
}

describe("reference generator: long nardy from the rulebook", () => {
  it("point mapping: the opponent's head is my 12, its home my 13..18", () => {
    expect(opponentPointInMyNumbering("long", 24)).toBe(12);
    expect([1, 2, 3, 4, 5, 6].map((q) => opponentPointInMyNumbering("long", q))).toEqual([
      13, 14, 15, 16, 17, 18,
    ]);
    for (let p = 1; p <= 24; p++) {
      expect(opponentPointInMyNumbering("long", myPointInOpponentNumbering("long", p))).toBe(p);
      expect(myPointInOpponentNumbering("short", p)).toBe(25 - p);
    }
  });

  it("opening 6-6, classic: exactly one play, 24/18 24/18 (18/12 hits the opponent's head)", () => {
    const plays = longPlays({ white: HEADS, black: HEADS, dice: [6, 6], firstTurn: true });
    expect(plays.length).toBe(1);
    expect(plays[0]?.moves).toEqual(["24/18", "24/18"]);
    expect(whiteResults(plays)).toEqual(keysOf({ "24": 13, "18": 2 }));
    // the same from black's side: the rule is symmetric
    const b = referencePlays({
      variant: "long",
      turn: "black",
      white: HEADS,
      black: HEADS,
      dice: [6, 6],
      firstTurn: true,
    });
    expect(b.map((p) => canonicalKey({}, p.black))).toEqual([
      canonicalKey({}, { "24": 13, "18": 2 }),
    ]);
  });

  it("opening 6-6 under the other head options", () => {
    const req = { white: HEADS, black: HEADS, dice: [6, 6] as [number, number], firstTurn: true };
    for (const head of ["criterion", "doubles", "wide"] as const) {
      expect(whiteResults(longPlays({ ...req, rules: { head } })), head).toEqual(
        keysOf({ "24": 13, "18": 2 }),
      );
    }
    // sport: the exception belongs to the second player only; the first plays one six
    expect(whiteResults(longPlays({ ...req, rules: { head: "sport" } }))).toEqual(
      keysOf({ "24": 14, "18": 1 }),
    );
    // sport, second player (black opened 6-5: 24/13, black 13 = white 1)
    expect(
      whiteResults(
        longPlays({
          ...req,
          black: { "24": 14, "13": 1 },
          opponentFirstRoll: [6, 5],
          rules: { head: "sport" },
        }),
      ),
    ).toEqual(keysOf({ "24": 13, "18": 2 }));
  });

  it("no first-turn exception after the first turn: 6-6 plays one checker", () => {
    const plays = longPlays({ white: HEADS, black: HEADS, dice: [6, 6], firstTurn: false });
    expect(whiteResults(plays)).toEqual(keysOf({ "24": 14, "18": 1 }));
  });

  it("opening 3-3 and 4-4, classic", () => {
    // 3-3: one checker reaches 15 at most (15/12 closed), so two leave: distances (1,3) or (2,2)
    expect(
      whiteResults(longPlays({ white: HEADS, black: HEADS, dice: [3, 3], firstTurn: true })),
    ).toEqual(keysOf({ "24": 13, "21": 1, "15": 1 }, { "24": 13, "18": 2 }));
    // 4-4: one checker reaches 16 at most, so both go 24/16
    expect(
      whiteResults(longPlays({ white: HEADS, black: HEADS, dice: [4, 4], firstTurn: true })),
    ).toEqual(keysOf({ "24": 13, "16": 2 }));
    // sport, first player: one checker, three threes
    expect(
      whiteResults(
        longPlays({
          white: HEADS,
          black: HEADS,
          dice: [3, 3],
          firstTurn: true,
          rules: { head: "sport" },
        }),
      ),
    ).toEqual(keysOf({ "24": 14, "15": 1 }));
  });

  it("classic: after the opponent's 5-5, the second player's 4-4 takes one checker and plays one four", () => {
    // black opened 5-5 with one checker 24/4 (black 4 = white 16), so white's 20/16 is closed
    const black = { "24": 14, "4": 1 };
    const base = { white: HEADS, black, dice: [4, 4] as [number, number], firstTurn: true };
    const classic = longPlays({ ...base, opponentFirstRoll: [5, 5] });
    expect(classic.map((p) => p.moves)).toEqual([["24/20"]]);
    expect(whiteResults(classic)).toEqual(keysOf({ "24": 14, "20": 1 }));
    // criterion: one head checker plays only one four (< 4), so a second may leave
    expect(
      whiteResults(longPlays({ ...base, opponentFirstRoll: [5, 5], rules: { head: "criterion" } })),
    ).toEqual(keysOf({ "24": 13, "20": 2 }));
    // classic after another opening roll: two checkers as usual (black opened 6-5: 24/13)
    expect(
      whiteResults(longPlays({ ...base, black: { "24": 14, "13": 1 }, opponentFirstRoll: [6, 5] })),
    ).toEqual(keysOf({ "24": 13, "16": 2 }));
  });

  it("criterion allows only one head checker when one checker can play all four dice", () => {
    // artificial: the opponent's head is not on my 12, so 24/21/18/15/12 is open
    const base = { white: HEADS, black: { "23": 15 }, dice: [3, 3] as [number, number] };
    expect(
      whiteResults(longPlays({ ...base, firstTurn: true, rules: { head: "criterion" } })),
    ).toEqual(keysOf({ "24": 14, "12": 1 }));
    // classic lets two leave on this roll regardless
    expect(whiteResults(longPlays({ ...base, firstTurn: true })).length).toBeGreaterThan(1);
  });

  it("opening 5-5 and 6-5 under classic, doubles and wide", () => {
    const base = { white: HEADS, black: HEADS, firstTurn: true };
    // classic 5-5: one checker 24/4 (passing over the opponent's head without stopping on it)
    expect(whiteResults(longPlays({ ...base, dice: [5, 5] }))).toEqual(
      keysOf({ "24": 14, "4": 1 }),
    );
    // doubles 5-5: two may leave; distances (4), (1,3), (2,2)
    expect(whiteResults(longPlays({ ...base, dice: [5, 5], rules: { head: "doubles" } }))).toEqual(
      keysOf({ "24": 14, "4": 1 }, { "24": 13, "19": 1, "9": 1 }, { "24": 13, "14": 2 }),
    );
    // classic 6-5: 24/13 only
    expect(whiteResults(longPlays({ ...base, dice: [6, 5] }))).toEqual(
      keysOf({ "24": 14, "13": 1 }),
    );
    // wide 6-5: also 24/18 24/19
    expect(whiteResults(longPlays({ ...base, dice: [6, 5], rules: { head: "wide" } }))).toEqual(
      keysOf({ "24": 14, "13": 1 }, { "24": 13, "18": 1, "19": 1 }),
    );
  });

  it("only one die playable: the larger; else the smaller; none: no play", () => {
    // black on its 1 (= white 13): 24/18/13 and 24/19/13 both end on a closed point
    const one = longPlays({ white: HEADS, black: { "24": 14, "1": 1 }, dice: [5, 6] });
    expect(whiteResults(one)).toEqual(keysOf({ "24": 14, "18": 1 }));
    // black also on its 6 (= white 18): only the five plays
    const small = longPlays({ white: HEADS, black: { "24": 13, "1": 1, "6": 1 }, dice: [6, 5] });
    expect(whiteResults(small)).toEqual(keysOf({ "24": 14, "19": 1 }));
    // black on its 6 and 7 (= white 18, 19): nothing moves
    expect(longPlays({ white: HEADS, black: { "24": 13, "6": 1, "7": 1 }, dice: [6, 5] })).toEqual(
      [],
    );
  });

  it("bearing off: higher than the highest; otherwise inside home", () => {
    // 6 bears off from 5 (highest); 4 must move 5/1 while 5 is occupied, else bears off from 3
    expect(
      whiteResults(longPlays({ white: { off: 12, "5": 1, "3": 2 }, black: HEADS, dice: [6, 4] })),
    ).toEqual(keysOf({ off: 14, "3": 1 }, { off: 13, "3": 1, "1": 1 }));
    // all 15 home is checked step by step: 2/off with the 3 is illegal while 7 is out,
    // and after 7/6 the 3 cannot bear off from 2 (6 is occupied above it)
    expect(
      whiteResults(longPlays({ white: { off: 13, "7": 1, "2": 1 }, black: HEADS, dice: [1, 3] })),
    ).toEqual(keysOf({ off: 13, "3": 1, "2": 1 }, { off: 13, "4": 1, "1": 1 }));
    // one die brings the last checker home, the other bears off: 7/6 then 2/off
    expect(
      whiteResults(longPlays({ white: { off: 13, "7": 1, "2": 1 }, black: HEADS, dice: [1, 2] })),
    ).toContain(canonicalKey({ off: 14, "6": 1 }, {}));
  });

  describe("six-block rule", () => {
    // White holds 11, 10, 9, 8 and 6 (black's 23, 22, 21, 20, 18) plus 13; black's 24 is white 12.
    const white = { "24": 9, "13": 1, "11": 1, "10": 1, "9": 1, "8": 1, "6": 1 };
    const fullBlock = (extra: RefSide) => ({
      ...extra,
      "11": 1,
      "10": 1,
      "9": 1,
      "8": 1,
      "7": 1,
      "6": 1,
    });
    const passing = { "24": 9, "11": 1, "10": 1, "9": 1, "8": 1, "6": 2 }; // 13/7/6
    const hasBlock11to6 = (p: RefSide) =>
      ["11", "10", "9", "8", "7", "6"].every((k) => (p[k] ?? 0) > 0);

    it("a six-block with no opponent checker ahead is refused (all modes)", () => {
      for (const block of ["strict", "final", "home"] as const) {
        const plays = longPlays({ white, black: HEADS, dice: [6, 1], rules: { block } });
        expect(plays.length, block).toBeGreaterThan(0);
        expect(
          plays.some((p) => hasBlock11to6(p.white)),
          block,
        ).toBe(false);
        // 13/7 24/23 would end in the block
        expect(whiteResults(plays), block).not.toContain(
          canonicalKey(fullBlock({ "24": 8, "23": 1 }), {}),
        );
      }
    });

    it("strict refuses a block made in passing (13/7/6); final and home allow it", () => {
      const key = canonicalKey(passing, {});
      const strict = longPlays({ white, black: HEADS, dice: [6, 1] });
      expect(whiteResults(strict)).not.toContain(key);
      for (const block of ["final", "home"] as const) {
        const plays = longPlays({ white, black: HEADS, dice: [6, 1], rules: { block } });
        expect(whiteResults(plays), block).toContain(key);
      }
    });

    it("a block is allowed with an opponent checker ahead; `home` needs one in its home", () => {
      const result = canonicalKey(fullBlock({ "24": 8, "19": 1 }), {}); // 13/7 24/19
      // black checker on its 10 (= white 22): past black's 23..18, but not home
      const ahead = { "24": 14, "10": 1 };
      for (const block of ["strict", "final"] as const) {
        const plays = longPlays({ white, black: ahead, dice: [6, 5], rules: { block } });
        expect(whiteResults(plays), block).toContain(result);
      }
      const home = longPlays({ white, black: ahead, dice: [6, 5], rules: { block: "home" } });
      expect(whiteResults(home)).not.toContain(result);
      // black checker on its 3 (= white 15): in black's home
      const inHome = longPlays({
        white,
        black: { "24": 14, "3": 1 },
        dice: [6, 5],
        rules: { block: "home" },
      });
      expect(whiteResults(inHome)).toContain(result);
      // a borne-off black checker also counts
      const off = longPlays({
        white,
        black: { "24": 14, off: 1 },
        dice: [6, 5],
        rules: { block: "home" },
      });
      expect(whiteResults(off)).toContain(result);
    });

    it("a block may wrap across the holder's own 1/24 seam", () => {
      // white 2, 1, 24, 23, 22, 21 are black's 14, 13, 12, 11, 10, 9
      const w = { "24": 10, "23": 1, "22": 1, "21": 1, "3": 1, "1": 1 };
      const wrapped = (p: RefSide) =>
        ["2", "1", "24", "23", "22", "21"].every((k) => (p[k] ?? 0) > 0);
      // black all behind (on its 24 = white 12): refused
      const behind = longPlays({ white: w, black: HEADS, dice: [1, 2] });
      expect(behind.length).toBeGreaterThan(0);
      expect(behind.some((p) => wrapped(p.white))).toBe(false);
      // black checker on its 5 (= white 17), past black's 9: allowed (3/2 24/22)
      const ahead = longPlays({ white: w, black: { "24": 14, "5": 1 }, dice: [1, 2] });
      expect(ahead.some((p) => wrapped(p.white))).toBe(true);
    });
  });

  it("moves replay to the reported positions", () => {
    const plays = longPlays({ white: HEADS, black: HEADS, dice: [3, 3], firstTurn: true });
    for (const p of plays) {
      const r = replay("long", HEADS, HEADS, p.moves);
      expect(r.error).toBeNull();
      expect(canonicalKey(r.mover, r.other)).toBe(canonicalKey(p.white, p.black));
    }
  });

  it("rejects a side not totalling 15 and both sides on one point", () => {
    expect(() => longPlays({ white: { "24": 14 }, black: HEADS, dice: [1, 2] })).toThrow();
    expect(() => longPlays({ white: { "24": 14, "12": 1 }, black: HEADS, dice: [1, 2] })).toThrow();
  });
});
