import { describe, expect, it } from "vitest";
import { MARK, WOOD } from "../../src/render/palette.js";
import { renderStandingsPng } from "../../src/render/standings.js";
import { bracketGeometry, LINE_H } from "../../src/render/standings-bracket.js";
import { ROW_H, tableGeometry } from "../../src/render/standings-table.js";
import { escapeMarkup, textImage } from "../../src/render/text-image.js";
import {
  type Box,
  bracket,
  decode,
  hex,
  inked,
  NAMES,
  nameCell,
  near,
  pixel,
  SIX,
  table,
} from "./standings-fixtures.js";

describe("tournament table", () => {
  it("draws five players on a 1000 px wide picture, the winner's row stronger", async () => {
    const v = table(NAMES.slice(0, 5));
    const png = await renderStandingsPng(v);
    const r = await decode(png);
    expect(r.width).toBe(1000);
    expect(r.height).toBeGreaterThan(350);
    expect(r.height).toBeLessThan(500);
    expect(r.height).toBe(tableGeometry(v).height);

    const g = tableGeometry(v);
    // The frame, in the board's wood.
    expect(near(pixel(r, 10, r.height / 2), hex(WOOD.frame))).toBe(true);
    // Row backgrounds right of the name, where no text reaches: the winner's row is lighter.
    const bgAt = (i: number) =>
      pixel(r, g.columns.name.x + g.columns.name.w - 3, g.rowTop + i * ROW_H + 20);
    const sum = (p: number[]) => p[0]! + p[1]! + p[2]!;
    expect(near(bgAt(0), hex(WOOD.pointLight))).toBe(true);
    for (let i = 1; i < 5; i++) expect(sum(bgAt(0)) - sum(bgAt(i))).toBeGreaterThan(40);
    // A gold badge behind the winner's place, none behind the others'.
    const badge = (i: number) =>
      pixel(r, g.columns.place.x + g.columns.place.w / 2 - 10, g.rowTop + i * ROW_H + ROW_H / 2);
    expect(near(badge(0), hex(MARK.current), 12)).toBe(true);
    expect(near(badge(1), hex(MARK.current), 60)).toBe(false);
    // The winner's name is bold: more ink than the same name in a plain row.
    const other = await decode(
      await renderStandingsPng(table(["Тарас", "Ольга", ...NAMES.slice(2, 5)])),
    );
    const boldInk = inked(r, nameCell(v, 0));
    const plainInk = inked(other, nameCell(v, 1));
    expect(plainInk).toBeGreaterThan(80);
    expect(boldInk).toBeGreaterThan(plainInk * 1.2);
  });

  it("grows with the rows up to 32 players", async () => {
    const names = Array.from({ length: 32 }, (_, i) => `${NAMES[i % 8]} ${i + 1}`);
    const v = table(names);
    const r = await decode(await renderStandingsPng(v));
    expect(r.width).toBe(1000);
    expect(r.height).toBe(tableGeometry(v).height);
    expect(r.height).toBeGreaterThan(32 * ROW_H);
    expect(r.height).toBeLessThan(1600);
    for (const i of [0, 15, 31]) expect(inked(r, nameCell(v, i))).toBeGreaterThan(80);
  });

  it("cuts a long name with an ellipsis inside its cell", async () => {
    const long = "Alexander the Magnificent, Champion of All Backgammon Boards Everywhere";
    const v = table(["Ольга", long, "<b>&amp;</b> & <i>", "Bob"]);
    const r = await decode(await renderStandingsPng(v));
    const g = tableGeometry(v);
    const c = g.columns.name;
    // The long name reaches near the end of its cell but leaves the cell's padding clear.
    const row = (x: number, w: number): Box => ({ x, y: g.rowTop + ROW_H + 4, w, h: 32 });
    expect(inked(r, row(c.x + c.w - 60, 40))).toBeGreaterThan(20);
    expect(inked(r, row(c.x + c.w - 12, 12))).toBe(0);
    // Markup characters are text, not markup.
    expect(inked(r, nameCell(v, 2))).toBeGreaterThan(150);
    const img = await textImage(long, { size: 18, color: "#000000" }, 200);
    expect(img?.truncated).toBe(true);
    expect(img!.advance).toBeLessThanOrEqual(200);
    expect(escapeMarkup("a<b>&c")).toBe("a&lt;b&gt;&amp;c");
  });

  it("draws Cyrillic with real glyphs", async () => {
    // In DejaVu Sans, Cyrillic "Тарас" looks like Latin "Tapac"; a missing glyph would be a box.
    const st = { size: 18, color: "#000000" };
    const cyr = (await textImage("Тарас", st))!;
    const lat = (await textImage("Tapac", st))!;
    const ink = (t: typeof cyr) => {
      let n = 0;
      for (let i = 3; i < t.sprite.rgba.length; i += 4) if (t.sprite.rgba[i]! > 128) n++;
      return n;
    };
    expect(cyr.height).toBe(lat.height);
    expect(Math.abs(cyr.advance - lat.advance)).toBeLessThanOrEqual(4);
    expect(ink(cyr)).toBeGreaterThan(100);
    expect(Math.abs(ink(cyr) - ink(lat))).toBeLessThanOrEqual(ink(lat) * 0.1);
    // Characters the font lacks (emoji) are left out, not drawn as boxes.
    const withEmoji = (await textImage("Тарас 🎲", st))!;
    expect(withEmoji.width).toBe(cyr.width);
  });
});

describe("knock-out bracket", () => {
  it("draws eight players: three rounds, joined, winners stronger, a live marker", async () => {
    const v = bracket(8);
    const r = await decode(await renderStandingsPng(v));
    const g = bracketGeometry(v);
    expect(r.width).toBe(1000);
    expect(r.height).toBe(g.height);
    expect(r.height).toBeGreaterThan(380);
    expect(r.height).toBeLessThan(600);
    expect(g.boxes.map((b) => b.length)).toEqual([4, 2, 1]);

    const b = g.boxes[0]![0]!;
    // Winner's line lighter than the loser's; the winner's name has more ink (bold).
    const lineBg = (k: number) => pixel(r, b.x + b.w - 50, b.y + k * LINE_H + LINE_H / 2);
    expect(near(lineBg(0), hex(WOOD.pointLight))).toBe(true);
    expect(near(lineBg(1), hex(WOOD.field))).toBe(true);
    const name = (k: number): Box => ({ x: b.x + 4, y: b.y + k * LINE_H + 3, w: b.w - 60, h: 24 });
    expect(inked(r, name(0))).toBeGreaterThan(60);
    // The loser's name is greyed: lighter than ink, so hardly any dark pixels.
    expect(inked(r, name(1))).toBeLessThan(inked(r, name(0)) / 3);
    // A line joins the first two matches to the one they feed, halfway between the columns.
    const to = g.boxes[1]![0]!;
    const midX = (b.x + b.w + to.x) / 2;
    expect(near(pixel(r, midX, (b.y + b.h / 2 + to.y + to.h / 2) / 2), hex(WOOD.frame), 30)).toBe(
      false,
    );
    // The live match: an amber edge and a red dot on its corner.
    expect(near(pixel(r, to.x + to.w / 2, to.y), hex(MARK.current), 30)).toBe(true);
    const [R, G] = pixel(r, to.x + to.w, to.y);
    expect(R).toBeGreaterThan(180);
    expect(G).toBeLessThan(100);
  });

  it("shows byes and unknown sides in a six-player bracket", async () => {
    const r = await decode(await renderStandingsPng(SIX));
    const g = bracketGeometry(SIX);
    expect(r.width).toBe(1000);
    expect(r.height).toBe(g.height);
    const line = (b: Box, k: number): Box => ({
      x: b.x + 4,
      y: b.y + k * LINE_H + 3,
      w: 80,
      h: 24,
    });
    const muted = (bx: Box): number => {
      let n = 0;
      for (let y = bx.y; y < bx.y + bx.h; y++)
        for (let x = bx.x; x < bx.x + bx.w; x++) {
          const [R, G, B] = pixel(r, x, y);
          if (R! + G! + B! < 480) n++;
        }
      return n;
    };
    // "bye" on the empty side of matches 1 and 3, "?" for the semi-final's unknown side.
    expect(muted(line(g.boxes[0]![0]!, 1))).toBeGreaterThan(20);
    expect(muted(line(g.boxes[0]![2]!, 1))).toBeGreaterThan(20);
    expect(muted(line(g.boxes[1]![1]!, 1))).toBeGreaterThan(5);
    // The byes are greyed, unlike the names that advanced.
    expect(inked(r, line(g.boxes[0]![0]!, 1))).toBeLessThan(10);
    expect(inked(r, line(g.boxes[0]![0]!, 0))).toBeGreaterThan(40);
  });

  it("fits 32 players in at most 1600 px, taller with the first round", async () => {
    const v = bracket(32);
    const png = await renderStandingsPng(v);
    const r = await decode(png);
    const g = bracketGeometry(v);
    expect(g.boxes.map((b) => b.length)).toEqual([16, 8, 4, 2, 1]);
    expect(r.width).toBe(g.width);
    expect(r.width).toBeGreaterThan(1000);
    expect(r.width).toBeLessThanOrEqual(1600);
    expect(r.height).toBe(g.height);
    expect(r.height).toBeGreaterThan(16 * 2 * LINE_H);
    expect(r.height).toBeLessThan(1600);
    const last = g.boxes[0]![15]!;
    expect(last.y + last.h).toBeLessThan(r.height);
    expect(inked(r, { x: last.x + 4, y: last.y + 3, w: last.w - 60, h: 24 })).toBeGreaterThan(40);
  });
});
