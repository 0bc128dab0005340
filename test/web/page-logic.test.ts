/** The board page's own logic, without a browser: taps, the picture's spots, texts, the replay. */
import { describe, expect, it } from "vitest";
import { createI18n, translator } from "../../src/bot/i18n.js";
import {
  act,
  defaultRules,
  type GameState,
  makeSide,
  newGame,
  scriptedDice,
  turnView,
} from "../../src/engine/index.js";
import { boardViewOf } from "../../src/render/game-view.js";
import { layoutFor, pointRect } from "../../src/render/layout.js";
import { CHECKER } from "../../src/render/palette.js";
import { boardMarkup, flightsOf, MOVABLE, spotName, spotOf } from "../../src/web/page/board.js";
import { reviewFrames } from "../../src/web/page/review.js";
import { fill, statusText } from "../../src/web/page/status.js";
import { gameIdOf, readLaunch } from "../../src/web/page/telegram.js";
import { LocalTurn } from "../../src/web/page/turn.js";
import type { PageGame, PageReview, PageTexts } from "../../src/web/protocol.js";
import { pageTexts } from "../../src/web/texts.js";

/** White to move `dice` on `board` (short nardy unless told). */
function rolled(
  white: Record<number, number>,
  black: Record<number, number>,
  dice: [number, number],
  variant: "short" | "long" = "short",
): GameState {
  const g: GameState = {
    ...newGame({ variant, rules: defaultRules(variant), starter: "white" }),
    board: { white: makeSide(white), black: makeSide(black) },
  };
  const r = act(g, "white", { type: "roll" }, { dice: scriptedDice(dice) });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe("a turn tapped in the page", () => {
  it("offers exactly the engine's next steps, and the turn is whole when the engine says so", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const turn = new LocalTurn(s);
    const engine = turnView(s)!.nextSteps;
    expect([...turn.origins()].sort()).toEqual([...new Set(engine.map((st) => st.from))].sort());
    // Each die's landing, and the two dice one after the other (6-1: 13 to 6).
    expect([...turn.destinations(13).keys()].sort()).toEqual(
      [...engine.filter((st) => st.from === 13).map((st) => st.to), 6].sort(),
    );
    // An illegal tap changes nothing.
    expect(turn.take(13, 3)).toBe(false);
    expect(turn.take(13, 7)).toBe(true);
    expect(turn.complete()).toBe(false);
    expect(turn.take(8, 7)).toBe(true);
    expect(turn.complete()).toBe(true);
    expect(turn.steps.map((st) => [st.from, st.to])).toEqual([
      [13, 7],
      [8, 7],
    ]);
    // The server's state is left alone until the play is sent.
    expect(s.steps).toEqual([]);
    expect(turn.undo()).toBe(true);
    expect(turn.complete()).toBe(false);
    expect(turn.steps).toHaveLength(1);
  });

  it("bears off with the smaller of two dice that both would (the larger stays for later)", () => {
    const s = rolled({ 2: 1, 1: 1, 0: 13 }, { 19: 15 }, [5, 6]);
    const turn = new LocalTurn(s);
    expect(
      turn
        .destinations(2)
        .get(0)
        ?.map((st) => st.die),
    ).toEqual([5]);
    expect(turn.take(2, 0)).toBe(true);
    expect(
      turn
        .destinations(1)
        .get(0)
        ?.map((st) => st.die),
    ).toEqual([6]);
  });

  it("moves a checker by both dice in one tap where the landing on the way is open", () => {
    // The case: a checker on 13 with 5-3 lights 10 and 8, and 5.
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [5, 3]);
    const turn = new LocalTurn(s);
    expect([...turn.destinations(13).keys()].sort((a, b) => a - b)).toEqual([5, 8, 10]);
    expect(turn.take(13, 5)).toBe(true);
    expect(turn.steps.map((st) => [st.from, st.to])).toEqual([
      [13, 10],
      [10, 5],
    ]);
    expect(turn.complete()).toBe(true);
    // Undone as it was tapped: both steps.
    expect(turn.undo()).toBe(true);
    expect(turn.steps).toEqual([]);
  });

  it("moves a checker by three or four steps of a double, not past a closed point", () => {
    // 3-3: from 13 to 10, 7 and 4; 1 is Black's (two checkers), so four steps end nowhere.
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [3, 3]);
    const turn = new LocalTurn(s);
    const ways = turn.destinations(13);
    expect([...ways.keys()].sort((a, b) => a - b)).toEqual([4, 7, 10]);
    expect(ways.get(4)!.map((st) => st.to)).toEqual([10, 7, 4]);
    expect(turn.take(13, 4)).toBe(true);
    expect(turn.next().length).toBeGreaterThan(0);
    expect(turn.complete()).toBe(false);
    // Every way is the engine's, step by step: replayed through it, the same position.
    let state = s;
    for (const st of turn.steps) {
      const r = act(state, "white", { type: "step", ...st });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    expect(state.steps).toEqual(turn.state.steps);
  });

  it("goes round a blot on the way rather than hitting it; the hit stays a tap of its own", () => {
    // A Black blot on White's 10 (Black's 15): 13 to 5 by way of 8, not by way of 10.
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 15: 1, 13: 4, 8: 3, 6: 5 }, [5, 3]);
    const turn = new LocalTurn(s);
    const ways = turn.destinations(13);
    expect(ways.get(5)!.map((st) => st.to)).toEqual([8, 5]);
    expect(ways.get(10)!.map((st) => st.hit ?? false)).toEqual([true]);
  });

  it("keeps the steps the server holds already (pressed on a chat's board) and adds to them", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const one = act(s, "white", { type: "step", from: 13, to: 7, die: 6 });
    if (!one.ok) throw new Error(one.error.message);
    const turn = new LocalTurn(one.state);
    expect(turn.steps).toEqual([]);
    expect([...turn.origins()].every((o) => turn.destinations(o).size > 0)).toBe(true);
    expect(turn.next().every((st) => st.die === 1)).toBe(true);
  });
});

describe("the page's picture", () => {
  it("lays a tap area over every point, the bar and the tray, named as the engine numbers them", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const view = boardViewOf(s, [0, 0]);
    const svg = boardMarkup(view, {
      origins: new Set([13, 8]),
      selected: 13,
      targets: new Set([7]),
    });
    const spots = [...svg.matchAll(/data-spot="(\w+)"/g)].map((m) => spotOf(m[1]));
    expect(new Set(spots)).toEqual(
      new Set([...Array.from({ length: 24 }, (_, i) => i + 1), 25, 0]),
    );
    // The point's tap area is its column, in its half of the field.
    const l = layoutFor("short");
    const p7 = new RegExp(`data-spot="p7" x="${pointRect(l, 7).x}"`);
    expect(svg).toMatch(p7);
    expect([spotName(25), spotName(0), spotName(12)]).toEqual(["bar", "off", "p12"]);
    expect([spotOf("p0"), spotOf("p25"), spotOf("x"), spotOf(undefined)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // Nothing to tap for a viewer who is not to move.
    expect(boardMarkup(view, null)).not.toContain("data-spot");
  });

  it("flies the opponent's checkers from their points to where they land, in the picture's numbering", () => {
    // Black played 24/18 (black's numbering); the picture is from White's side.
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 18: 1, 24: 1, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const view = boardViewOf(s, [0, 0]);
    const [f] = flightsOf(view, "black", [{ from: 24, to: 18, die: 6 }]);
    const l = layoutFor("short");
    // Black's 24 is White's 1, black's 18 is White's 7.
    const x = (p: number) => pointRect(l, p).x + pointRect(l, p).w / 2;
    expect(f!.from.x).toBeCloseTo(x(1));
    expect(f!.to.x).toBeCloseTo(x(7));
    expect(f!.lands).toBe(7);
  });
});

/** WCAG 2's contrast ratio of two sRGB colours (#rrggbb), from their relative luminance. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("a movable checker's mark", () => {
  it("contrasts 3:1 or more with both colours' checkers (WCAG's non-text contrast)", () => {
    // The formula as published: black on white is 21:1, a colour on itself 1:1.
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#777777")).toBe(1);
    for (const color of ["white", "black"] as const) {
      const fill = CHECKER[color].fill;
      expect(
        Math.max(contrast(MOVABLE.ring, fill), contrast(MOVABLE.halo, fill)),
      ).toBeGreaterThanOrEqual(3);
    }
    // The ring and its halo are what the board draws on a movable checker.
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const turn = new LocalTurn(s);
    const markup = boardMarkup(boardViewOf(s, null), {
      origins: turn.origins(),
      selected: null,
      targets: new Set(),
    });
    expect(markup).toContain(`stroke="${MOVABLE.ring}"`);
    expect(markup).toContain(`stroke="${MOVABLE.halo}"`);
  });
});

describe("the page's words", () => {
  const en: PageTexts = pageTexts(
    translator(
      createI18n(() => "en"),
      "en",
    ),
  );
  const game = (state: GameState, over: Partial<PageGame> = {}): PageGame => ({
    id: 5,
    variant: state.variant,
    status: "active",
    starting: false,
    state,
    version: 3,
    white: { id: 11, name: "Alice" },
    black: { id: 22, name: "Bob" },
    waitingFor: 11,
    score: { white: 0, black: 0 },
    scoreAfter: null,
    claimable: false,
    rematch: false,
    ...over,
  });

  it("say whose turn it is and what they are to do, as the chat's caption does", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    expect(statusText(en, game(s))).toBe("🎲 6-1 · ⚪ Alice to move");
    const roll = newGame({ variant: "short", rules: defaultRules("short"), starter: "black" });
    expect(statusText(en, game(roll))).toBe("🎲 ⚫ Bob: roll or double");
    expect(statusText(en, game(roll, { starting: true }))).toBe(en.starting);
    expect(statusText(en, game(roll, { status: "broken" }))).toBe(en.broken);
    expect(fill("{a} and {b} and {c}", { a: 1, b: "x" })).toBe("1 and x and {c}");
  });

  it("say a game lost on time was lost on time, as the chat's caption does", () => {
    const base = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const over = (reason: "time" | "resign"): GameState => ({
      ...base,
      phase: "over",
      result: { winner: "black", kind: "single", points: 1, reason },
    });
    expect(statusText(en, game(over("time")))).toBe("🏆 ⚫ Bob wins a single game: +1 · on time");
    expect(statusText(en, game(over("resign")))).toBe("🏆 ⚫ Bob wins a single game: +1");
    // A match's last game names the match's winner; one that leaves it open does not.
    const inMatch = (state: GameState): GameState => ({
      ...state,
      rules: { ...state.rules, match: { kind: "points", to: 3 } },
    });
    expect(
      statusText(en, game(inMatch(over("resign")), { scoreAfter: { white: 1, black: 3 } })),
    ).toBe("🏆 ⚫ Bob wins a single game: +1 · ⚫ Bob wins the match");
    expect(
      statusText(en, game(inMatch(over("resign")), { scoreAfter: { white: 1, black: 2 } })),
    ).toBe("🏆 ⚫ Bob wins a single game: +1");
  });
});

describe("launch parameters", () => {
  it("come from the URL's fragment, are kept for a reload without them, and name the game", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    } as unknown as Storage;
    const initData = "user=%7B%22id%22%3A1%7D&start_param=g42&hash=ab";
    const hash = `#${new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppThemeParams: JSON.stringify({ bg_color: "#212121", text_color: "red;}" }),
    })}`;
    const first = readLaunch(hash, storage);
    expect(first).toEqual({ initData, startParam: "g42", theme: { bg_color: "#212121" } });
    expect(readLaunch("", storage)).toEqual(first);
    expect(gameIdOf("?g=7", first.startParam)).toBe(7);
    expect(gameIdOf("", first.startParam)).toBe(42);
    expect(gameIdOf("?g=-1", null)).toBe(0);
    expect(gameIdOf("", "p42")).toBe(0);
  });
});

describe("the replay", () => {
  it("has the start and a frame per turn; a marked play shows the best play on its own board", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const after = { white: makeSide({ 24: 2, 13: 4, 8: 3, 7: 2, 6: 4 }), black: s.board.black };
    const best = { white: makeSide({ 24: 2, 13: 4, 8: 2, 7: 2, 6: 5 }), black: s.board.black };
    const review: PageReview = {
      start: s.board,
      startCube: s.cube,
      turns: [
        {
          color: "white",
          dice: [6, 1],
          steps: [
            { from: 13, to: 7, die: 6 },
            { from: 8, to: 7, die: 1 },
          ],
          board: after,
          cube: s.cube,
        },
      ],
      marks: [
        {
          kind: "play",
          turn: 1,
          color: "white",
          level: "error",
          loss: 0.05,
          dice: [6, 1],
          after,
          bestAfter: best,
          played: [
            { from: 13, to: 7, die: 6 },
            { from: 8, to: 7, die: 1 },
          ],
          best: [
            { from: 13, to: 7, die: 6 },
            { from: 7, to: 6, die: 1 },
          ],
          playedMoves: ["13/7", "8/7"],
          bestMoves: ["13/6"],
        },
      ],
    };
    const frames = reviewFrames(
      { variant: "short", state: s, score: { white: 0, black: 0 } } as PageGame,
      review,
      "white",
    );
    expect(frames).toHaveLength(2);
    expect(frames[0]!.view.board).toEqual(s.board);
    expect(frames[0]!.marks).toEqual([]);
    expect(frames[1]!.view.lastMove).toEqual({ color: "white", steps: review.turns[0]!.steps });
    expect(frames[1]!.best?.board).toEqual(best);
    expect(frames[1]!.best?.currentSteps).toEqual(
      review.marks![0]!.kind === "play" ? review.marks![0]!.best : [],
    );
    const en = pageTexts(
      translator(
        createI18n(() => "en"),
        "en",
      ),
    );
    expect(frames[1]!.lines(en)).toEqual([]);
    // A roll that could not be played is a turn with no move.
    const stuck = reviewFrames(
      { variant: "short", state: s, score: { white: 0, black: 0 } } as PageGame,
      { ...review, turns: [{ ...review.turns[0]!, steps: [] }], marks: null },
      "white",
    );
    expect(stuck[1]!.lines(en)).toEqual(["no move"]);
    expect([frames[1]!.playedText, frames[1]!.bestText, frames[1]!.lossText]).toEqual([
      "13/7 8/7",
      "13/6",
      "0.050",
    ]);
  });

  it("shows each frame's cube as it was then, not as the game ended", () => {
    const s = rolled({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 1]);
    const turn = (cube: PageReview["startCube"]) => ({
      color: "white" as const,
      dice: [6, 1] as [number, number],
      steps: [],
      board: s.board,
      cube,
    });
    const review: PageReview = {
      start: s.board,
      startCube: { value: 1, owner: null },
      turns: [
        turn({ value: 1, owner: null }),
        turn({ value: 2, owner: "black" }),
        turn({ value: 4, owner: "white" }),
      ],
      marks: null,
    };
    // The game ended with the cube at 4 on White's side.
    const ended = { ...s, cube: { value: 4, owner: "white" as const } };
    const frames = reviewFrames(
      { variant: "short", state: ended, score: { white: 0, black: 0 } } as PageGame,
      review,
      "white",
    );
    expect(frames.map((f) => f.view.cube)).toEqual([
      { value: 1, owner: null },
      { value: 1, owner: null },
      { value: 2, owner: "black" },
      { value: 4, owner: "white" },
    ]);
    // The score boxes: the score before the game until its last position, which shows the
    // score it made (as the header does).
    const scored = reviewFrames(
      {
        variant: "short",
        state: ended,
        score: { white: 2, black: 1 },
        scoreAfter: { white: 6, black: 1 },
      } as PageGame,
      review,
      "white",
    );
    expect(scored.map((f) => f.view.score)).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
      [6, 1],
    ]);
  });
});
