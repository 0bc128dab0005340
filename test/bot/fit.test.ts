import { describe, expect, it } from "vitest";
import { parseHtml } from "../../bench/testkit/index.js";
import { fitHtml, fitList, fitPlain, fitRows, MARKUP_BYTES } from "../../src/bot/ui/fit.js";
import { htmlName, plainName } from "../../src/bot/ui/names.js";
import { LONG_NAMES } from "../helpers/long-names.js";

/** What Telegram shows of an HTML text; the test fails if Telegram would refuse to parse it. */
function shown(html: string): string {
  const parsed = parseHtml(html);
  if (!parsed.ok) throw new Error(`${parsed.why}: ${html}`);
  return parsed.value.text;
}

/** No half of a surrogate pair, no combining mark or joiner without its character. */
const whole = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text) &&
  !/(^|[\n …])[\p{M}\u200d]/u.test(text) &&
  !/\u200d(…|$)/u.test(text);

describe("fitHtml", () => {
  it("leaves a text that fits as it is, to the last code unit", () => {
    const html = `<b>${"x".repeat(10)}</b> &amp; 👍`;
    expect(shown(html)).toHaveLength(15);
    expect(fitHtml(html, 15)).toBe(html);
    expect(shown(fitHtml(html, 14))).toBe("xxxxxxxxxx & …");
  });

  it("cuts between whole characters: never in a tag, an entity, a pair or a cluster", () => {
    const html = `<i>a&amp;b</i> <a href="tg://user?id=1">😀x\u0301\u0323y👨‍👩‍👧‍👦</a> &lt;end&gt;`;
    const full = shown(html);
    for (let limit = 1; limit <= full.length; limit++) {
      const cut = fitHtml(html, limit);
      const text = shown(cut);
      expect(text.length).toBeLessThanOrEqual(limit);
      expect(whole(text), JSON.stringify(text)).toBe(true);
      if (limit < full.length) {
        expect(text.endsWith("…")).toBe(true);
        expect(full.startsWith(text.slice(0, -1))).toBe(true);
        // Nothing whole left out that would have fitted.
        const next = [...new Intl.Segmenter().segment(full.slice(text.length - 1))][0]!.segment;
        expect(text.length + next.length).toBeGreaterThan(limit);
      } else expect(cut).toBe(html);
    }
  });

  it("a letter under many marks goes whole or not at all", () => {
    const letter = `A${"\u0300\u0301\u0302\u0308".repeat(10)}`;
    const zalgo = `${letter}BC`;
    expect(shown(fitHtml(zalgo, 41))).toBe("…");
    expect(shown(fitHtml(zalgo, 42))).toBe(`${letter}…`);
  });
});

describe("fitPlain", () => {
  it("cuts a plain text between whole characters", () => {
    const text = `Alice&Bob 👨‍👩‍👧‍👦${"e\u0301".repeat(5)}`;
    for (let limit = 1; limit < text.length; limit++) {
      const cut = fitPlain(text, limit);
      expect(cut.length).toBeLessThanOrEqual(limit);
      expect(whole(cut)).toBe(true);
      expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    }
    expect(fitPlain(text, text.length)).toBe(text);
  });
});

describe("fitList", () => {
  const render = (shownItems: readonly string[], hidden: number) =>
    ["<b>Players</b>", ...shownItems, ...(hidden ? [`…and ${hidden} more`] : [])].join("\n");

  it("drops whole lines from the end and says how many", () => {
    const items = Array.from({ length: 10 }, (_, i) => `${i + 1}. ${"n".repeat(20)}`);
    const all = render(items, 0);
    expect(fitList(shown(all).length, items, render)).toBe(all);
    const cut = fitList(100, items, render);
    expect(shown(cut).length).toBeLessThanOrEqual(100);
    expect(cut).toBe(render(items.slice(0, 3), 7));
  });

  it("cuts the text itself when not even the head fits", () => {
    const cut = fitList(5, ["a", "b"], render);
    expect(shown(cut)).toBe("Play…");
  });
});

describe("fitRows", () => {
  it("keeps the first whole rows within the markup's bytes", () => {
    const row = [{ text: "ы".repeat(300), callback_data: "r:1:2:3:pick" }];
    const rows = fitRows(Array.from({ length: 40 }, () => row));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(Buffer.byteLength(JSON.stringify({ inline_keyboard: rows }))).toBeLessThanOrEqual(
      MARKUP_BYTES,
    );
    expect(Buffer.byteLength(JSON.stringify({ inline_keyboard: [...rows, row] }))).toBeGreaterThan(
      MARKUP_BYTES,
    );
  });
});

describe("a name", () => {
  it("keeps 24 characters and 48 code units at most, its characters whole", () => {
    for (const p of LONG_NAMES) {
      const name = plainName(p);
      expect(name.length).toBeLessThanOrEqual(49);
      expect([...new Intl.Segmenter().segment(name)].length).toBeLessThanOrEqual(24);
      expect(whole(name), JSON.stringify(name)).toBe(true);
      expect(shown(htmlName(p))).toBe(name);
    }
  });

  it("short ones stay as they are", () => {
    expect(plainName({ firstName: "Ольга", lastName: "Ш." })).toBe("Ольга Ш.");
    expect(plainName({ firstName: "👨‍👩‍👧‍👦 Family" })).toBe("👨‍👩‍👧‍👦 Family");
    expect(plainName({ firstName: "Nguyễn Thị Minh Khai" })).toBe("Nguyễn Thị Minh Khai");
  });
});
