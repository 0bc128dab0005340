import { describe, expect, it } from "vitest";
import { opponentPointToMine, pipCount } from "../../src/engine/position.js";
import { type Color, other } from "../../src/engine/types.js";
import { checkerCenter, layoutFor, pointCenterX } from "../../src/render/layout.js";
import { boardSvg } from "../../src/render/svg.js";
import type { BoardView } from "../../src/render/view.js";
import { CASES } from "./views.js";

const count = (svg: string, re: RegExp): number => svg.match(re)?.length ?? 0;

/** Stacks the SVG declares: "p:color" -> count, from the top checker of each. */
function declaredStacks(svg: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of svg.matchAll(/data-point="(\d+)" data-color="(\w+)" data-count="(\d+)"/g))
    out.set(`${m[1]}:${m[2]}`, Number(m[3]));
  return out;
}

/** The same, computed from the board in the perspective's numbering. */
function expectedStacks(v: BoardView): Map<string, number> {
  const out = new Map<string, number>();
  const near = v.perspective;
  const far = other(near);
  for (let p = 1; p <= 24; p++) {
    const n = v.board[near][p] ?? 0;
    if (n > 0) out.set(`${p}:${near}`, n);
  }
  for (let q = 1; q <= 24; q++) {
    const n = v.board[far][q] ?? 0;
    if (n > 0) out.set(`${opponentPointToMine(v.variant, q)}:${far}`, n);
  }
  return out;
}

const visible = (v: BoardView, c: Color): number => {
  const most = layoutFor(v.variant, v.shape).maxStack;
  let n = 0;
  for (let p = 1; p <= 25; p++) n += Math.min(v.board[c][p] ?? 0, most);
  return n;
};

/** Item attributes in drawing order with positions: a structural summary to snapshot. */
const summary = (svg: string): string[] =>
  [...svg.matchAll(/<g transform="translate\(([-\d.]+) ([-\d.]+)\)"([^>]*)>/g)].map(
    (m) => `${m[1]},${m[2]}${m[3]}`,
  );

const shaped = Object.entries(CASES).flatMap(([name, v]): [string, BoardView][] => [
  [name, v],
  [`${name} (tall)`, { ...v, shape: "tall" }],
]);

describe("boardSvg", () => {
  for (const [name, v] of shaped) {
    describe(name, () => {
      const svg = boardSvg(v);

      it("uses no text element and no font", () => {
        expect(svg).not.toMatch(/<text|font-family|font-size/);
        expect(svg.startsWith("<svg")).toBe(true);
      });

      it("draws each side's checkers: a few a stack, counts on taller stacks", () => {
        expect(count(svg, /class="ck-w"/g)).toBe(visible(v, "white"));
        expect(count(svg, /class="ck-b"/g)).toBe(visible(v, "black"));
        expect(declaredStacks(svg)).toEqual(expectedStacks(v));
      });

      it("draws bar and borne-off checkers for the right side", () => {
        for (const c of ["white", "black"] as const) {
          const side = c === v.perspective ? "near" : "far";
          const bar = v.board[c][25] ?? 0;
          const off = v.board[c][0] ?? 0;
          if (bar > 0)
            expect(svg).toContain(`data-bar="${side}" data-color="${c}" data-count="${bar}"`);
          else expect(svg).not.toContain(`data-bar="${side}"`);
          if (off > 0)
            expect(svg).toContain(`data-off="${side}" data-color="${c}" data-count="${off}"`);
          expect(svg).toContain(`class="off-count" data-side="${side}" data-value="${off}"`);
          expect(svg).toContain(
            `class="pips" data-side="${side}" data-value="${pipCount(v.board[c])}"`,
          );
        }
      });

      it("labels all 24 points", () => {
        const labels = [...svg.matchAll(/class="label" data-point="(\d+)"/g)].map((m) =>
          Number(m[1]),
        );
        expect(labels.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      });

      it("keeps its structure", () => {
        expect(summary(svg)).toMatchSnapshot();
      });
    });
  }

  it("puts the long-nardy heads in diagonally opposite corners, near's at top right", () => {
    for (const v of [CASES.longOpening!, CASES.longOpeningBlack!]) {
      const l = layoutFor("long");
      const svg = boardSvg(v);
      expect(declaredStacks(svg)).toEqual(
        new Map([
          [`24:${v.perspective}`, 15],
          [`12:${other(v.perspective)}`, 15],
        ]),
      );
      const nearHead = checkerCenter(l, 24, 0);
      const farHead = checkerCenter(l, 12, 0);
      expect(nearHead.x).toBeGreaterThan(l.width / 2);
      expect(nearHead.y).toBeLessThan(l.height / 2);
      expect(farHead.x).toBeLessThan(l.width / 2);
      expect(farHead.y).toBeGreaterThan(l.height / 2);
    }
  });

  it("places the first checker of a point where the layout says", () => {
    const v = CASES.shortOpening!;
    const l = layoutFor("short");
    const svg = boardSvg(v);
    const m =
      /<g transform="translate\(([\d.]+) ([\d.]+)\)" data-point="13" data-color="white"/.exec(svg);
    expect(m).not.toBeNull();
    const c = checkerCenter(l, 13, 0);
    expect(Number(m![1]) + l.radius + 1).toBe(c.x);
    expect(Number(m![2]) + l.radius + 1).toBe(c.y);
    expect(c.x).toBe(pointCenterX(l, 13));
  });

  it("shows dice, the cube and the score", () => {
    const v = CASES.shortBar!;
    const svg = boardSvg(v);
    expect(count(svg, /class="die"/g)).toBe(2);
    expect(svg).toContain(`class="die" data-value="1" data-used="true"`);
    expect(svg).toContain(`class="cube" data-value="4" data-owner="far"`);
    expect(svg).toContain(`class="score" data-color="white" data-value="0"`);
    expect(svg).toContain(`class="score" data-color="black" data-value="1"`);
    expect(boardSvg(CASES.shortOpening!)).toContain(`data-owner="centre"`);
    expect(boardSvg(CASES.shortBearOff!)).toContain(
      `class="cube" data-value="16" data-owner="near"`,
    );
  });

  it("draws a double as four dice", () => {
    const svg = boardSvg(CASES.longMid!);
    expect(count(svg, /class="die" data-value="4"/g)).toBe(4);
    expect(count(svg, /data-used="true"/g)).toBe(2);
  });

  it("marks where moves started and ended, in the perspective's numbering", () => {
    // Black's 24/20 20/14 is white's 12 -> 2; white's own 24/20 24/20 this turn.
    const svg = boardSvg(CASES.longMid!);
    expect(svg).toContain(`class="label-mark" data-point="12" data-filled="false"`);
    expect(svg).toContain(`class="label-mark" data-point="2" data-filled="true"`);
    expect(svg).toContain(`class="label-mark" data-point="24" data-filled="false"`);
    expect(svg).toContain(`class="label-mark" data-point="20" data-filled="true"`);
    expect(svg).not.toContain(`class="label-mark" data-point="8"`); // passed through only
    expect(count(svg, /class="mark" data-kind="current"/g)).toBe(2);
    expect(count(svg, /class="mark" data-kind="last"/g)).toBe(1);
    // Bearing off marks the tray; entering from the bar leaves a ghost on the bar.
    expect(count(boardSvg(CASES.shortBearOff!), /class="mark" data-kind="current"/g)).toBe(2);
    expect(count(boardSvg(CASES.shortBar!), /class="mark" data-kind="last"/g)).toBe(2);
  });

  describe("tall, for a phone held upright", () => {
    const v: BoardView = { ...CASES.longMid!, shape: "tall" };
    const svg = boardSvg(v);
    const l = layoutFor("long", "tall");
    // The group's transform, translate(600 0) rotate(90): board (x, y) shows at (600 - y, x).
    const onScreen = (p: { x: number; y: number }) => ({ x: l.height - p.y, y: p.x });

    it("is as wide as the board is deep and turns the whole board a quarter clockwise", () => {
      expect(svg).toMatch(/^<svg [^>]*width="600" height="1020" viewBox="0 0 600 1020"/);
      expect(svg).toContain(`<g class="board" transform="translate(600 0) rotate(90)">`);
      expect(svg.endsWith("</g></svg>")).toBe(true);
    });

    it("puts both home boards at the bottom: near's on the left, far's on the right", () => {
      const nearHome = [1, 6].map((p) => onScreen(checkerCenter(l, p, 0)));
      const farHome = [19, 24].map((p) => onScreen(checkerCenter(l, p, 0)));
      for (const c of [...nearHome, ...farHome]) expect(c.y).toBeGreaterThan(l.width / 2);
      for (const c of nearHome) expect(c.x).toBeLessThan(l.height / 2);
      for (const c of farHome) expect(c.x).toBeGreaterThan(l.height / 2);
    });

    it("turns every number back upright and leaves the rest as drawn", () => {
      const turned = (cls: string) =>
        new RegExp(`class="${cls}"[^>]*><g transform="rotate\\(-90 `).test(svg);
      for (const cls of ["pips", "off-count", "score", "die", "label-mark"])
        expect(turned(cls), cls).toBe(true);
      expect(count(svg, /class="label" data-point="\d+" transform="rotate\(-90 /g)).toBe(24);
      expect(svg).not.toMatch(/class="ck-[wb]"[^<]*<\/g><g transform="rotate/);
      expect(svg).not.toMatch(/data-off="near"[^>]*><g transform="rotate/);
    });
  });
});
