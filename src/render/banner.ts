import { type Item, itemAt, upright } from "./display.js";
import { drawText, textWidth } from "./font.js";
import type { Layout } from "./layout.js";
import { CHECKER, WOOD } from "./palette.js";
import { circle, rect } from "./svg-util.js";
import type { BoardView } from "./view.js";

const H = 80;
const CHIP = 26;
const DIGITS = 40;

/**
 * The replay's opening and closing panel, in the gap between the two rows of points: the
 * colour chips with the score before the game, or the winner's chip and the points won
 * (both chips and "=" for a draw). Names stay in the message text: the picture has none.
 */
export function bannerItems(l: Layout, view: BoardView): Item[] {
  const b = view.banner;
  if (!b) return [];
  const chip = (x: number, y: number, color: "white" | "black") =>
    circle(x, y, CHIP, CHECKER[color].fill, ` stroke="${CHECKER[color].rim}" stroke-width="3"`);
  let text: string;
  let chips: ("white" | "black")[];
  if (b.kind === "start") {
    text = `${b.score[0]}:${b.score[1]}`;
    chips = ["white", "black"];
  } else if (b.winner === null) {
    text = "=";
    chips = ["white", "black"];
  } else {
    text = `+${b.points}`;
    chips = [b.winner];
  }
  const tw = textWidth(text, DIGITS);
  const w = tw + chips.length * (2 * CHIP + 28) + 48;
  const cx = l.bar.x + l.bar.w / 2;
  const cy = l.field.y + l.field.h / 2;
  const attrs = ` class="banner" data-kind="${b.kind}" data-text="${text}"`;
  const draw = (x: number, y: number): string => {
    let s = rect(
      x - w / 2,
      y - H / 2,
      w,
      H,
      WOOD.frameEdge,
      ` rx="14" stroke="${WOOD.label}" stroke-width="3"`,
    );
    const left = x - w / 2 + 24 + CHIP;
    if (chips.length === 2) {
      s += chip(left, y, chips[0]!) + chip(x + w / 2 - 24 - CHIP, y, chips[1]!);
      s += drawText(text, x, y, DIGITS, { color: WOOD.label, weight: 0.15 });
    } else {
      s += chip(left, y, chips[0]!);
      s += drawText(text, left + CHIP + 28 + tw / 2, y, DIGITS, {
        color: WOOD.label,
        weight: 0.15,
      });
    }
    return s;
  };
  return [upright(itemAt(cx, cy, w + 6, H + 6, draw, attrs))];
}
