import sharp from "sharp";
import { ROW_H, tableGeometry } from "../../src/render/standings-table.js";
import type {
  BracketMatchView,
  BracketSideView,
  BracketView,
  TableView,
} from "../../src/render/standings-view.js";

/** Views, pixel reading and cell boxes shared by the standings picture tests. */
export interface Raw {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

export async function decode(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export const hex = (h: string): number[] =>
  [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

export function pixel(r: Raw, x: number, y: number): number[] {
  const i = (Math.round(y) * r.width + Math.round(x)) * 3;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
}

export const near = (a: number[], b: number[], tol = 6): boolean =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tol);

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Dark pixels (the ink of text on light wood) in a box. */
export function inked(r: Raw, b: Box): number {
  let n = 0;
  for (let y = Math.round(b.y); y < b.y + b.h; y++)
    for (let x = Math.round(b.x); x < b.x + b.w; x++) {
      const [R, G, B] = pixel(r, x, y);
      if (R! + G! + B! < 330) n++;
    }
  return n;
}

export const NAMES = ["Ольга", "Тарас", "Alice", "Bob", "Giorgi", "Анна", "Zoë", "Mehmet"];

export function table(names: readonly string[]): TableView {
  return {
    kind: "table",
    title: "Турнир «Весна»",
    subtitle: "Круговая система · длинные нарды",
    headings: ["№", "Игрок", "Игры", "Победы", "Поражения", "Очки", "Разница"],
    rows: names.map((name, i) => ({
      place: i + 1,
      name,
      played: names.length - 1,
      wins: names.length - 1 - i,
      losses: i,
      pointsFor: 20 - 3 * i,
      pointsAgainst: 8 + 2 * i,
      highlight: i === 0,
    })),
    footer: `Победитель: ${names[0]}`,
  };
}

export const side = (name: string, score: string | null = null, won = false): BracketSideView => ({
  name,
  score,
  won,
});

/** A knock-out of `players` (a power of two) after the first round, one match live. */
export function bracket(players: number): BracketView {
  const names = Array.from({ length: players }, (_, i) => `${NAMES[i % NAMES.length]} ${i + 1}`);
  const first: BracketMatchView[] = [];
  for (let j = 0; j < players / 2; j++)
    first.push({
      a: side(names[2 * j]!, "5", true),
      b: side(names[2 * j + 1]!, "2"),
      bye: false,
      live: false,
    });
  const rounds = [{ name: "Раунд 1", matches: first }];
  for (let m = players / 4, r = 2; m >= 1; m /= 2, r++) {
    const matches: BracketMatchView[] = [];
    for (let j = 0; j < m; j++)
      matches.push(
        r === 2
          ? { a: side(names[4 * j]!), b: side(names[4 * j + 2]!), bye: false, live: j === 0 }
          : { a: null, b: null, bye: false, live: false },
      );
    rounds.push({ name: m === 1 ? "Финал" : `Раунд ${r}`, matches });
  }
  return {
    kind: "bracket",
    title: "Кубок клуба",
    subtitle: `Олимпийская система · ${players} игроков`,
    rounds,
    tbd: "?",
    byeText: "без пары",
    footer: "Сейчас играют: Ольга 1 — Алиса 3",
  };
}

/** Six players: two first-round byes. */
export const SIX: BracketView = {
  kind: "bracket",
  title: "Six",
  subtitle: "",
  tbd: "?",
  byeText: "bye",
  footer: "",
  rounds: [
    {
      name: "Round 1",
      matches: [
        { a: side("Ольга", null, true), b: null, bye: true, live: false },
        { a: side("Тарас", "3", true), b: side("Alice", "1"), bye: false, live: false },
        { a: side("Giorgi", null, true), b: null, bye: true, live: false },
        { a: side("Анна"), b: side("Bob"), bye: false, live: true },
      ],
    },
    {
      name: "Semi-final",
      matches: [
        { a: side("Ольга"), b: side("Тарас"), bye: false, live: false },
        { a: side("Giorgi"), b: null, bye: false, live: false },
      ],
    },
    { name: "Final", matches: [{ a: null, b: null, bye: false, live: false }] },
  ],
};

/** The name cell of table row i, inside its padding. */
export function nameCell(v: TableView, i: number): Box {
  const g = tableGeometry(v);
  return { x: g.columns.name.x + 4, y: g.rowTop + i * ROW_H + 4, w: g.columns.name.w - 8, h: 32 };
}
