import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { BAR, mayDouble, type Step, turnView } from "../../engine/index.js";
import type { GameView } from "../../services/index.js";
import { encode, type GameCommand } from "../callback-data.js";
import { reviewRow } from "./review-keyboard.js";
import type { Tr } from "./tr.js";

const ROW = 4;

const pointLabel = (p: number): string => (p === BAR ? "bar" : p <= 0 ? "off" : String(p));

function stepLabel(step: Step, withDie: boolean): string {
  const base = `${pointLabel(step.from)}→${pointLabel(step.to)}${step.hit ? "*" : ""}`;
  return withDie ? `${base} (${step.die})` : base;
}

/** Step buttons from the back of the board to the front, one origin point per group. */
function stepRows(game: GameView, steps: readonly Step[]): InlineKeyboardButton[][] {
  const sorted = [...steps].sort((a, b) => b.from - a.from || b.to - a.to || b.die - a.die);
  const twins = (s: Step) => sorted.filter((o) => o.from === s.from && o.to === s.to).length > 1;
  const rows: InlineKeyboardButton[][] = [];
  let row: InlineKeyboardButton[] = [];
  let lastFrom = -1;
  for (const s of sorted) {
    const groupSize = sorted.filter((o) => o.from === s.from).length;
    const startsGroup = s.from !== lastFrom;
    if (row.length === ROW || (startsGroup && row.length > 0 && row.length + groupSize > ROW)) {
      rows.push(row);
      row = [];
    }
    row.push(
      button(stepLabel(s, twins(s)), game, { kind: "step", from: s.from, to: s.to, die: s.die }),
    );
    lastFrom = s.from;
  }
  if (row.length) rows.push(row);
  return rows;
}

const button = (text: string, game: GameView, command: GameCommand): InlineKeyboardButton => ({
  text,
  callback_data: encode({ type: "game", gameId: game.id, version: game.version, command }),
});

/** The buttons under the board for the game's current phase. */
export function gameKeyboard(
  t: Tr,
  game: GameView,
  opts: { claimable?: boolean; seriesOver?: boolean } = {},
): InlineKeyboardMarkup {
  const s = game.state;
  const rows: InlineKeyboardButton[][] = [];
  switch (s.phase) {
    case "roll":
      rows.push([button(t("btn-roll"), game, { kind: "roll" })]);
      if (mayDouble(s)) rows[0]!.push(button(t("btn-double"), game, { kind: "double" }));
      break;
    case "move": {
      const view = turnView(s);
      if (view) rows.push(...stepRows(game, view.nextSteps));
      const tail: InlineKeyboardButton[] = [];
      if (s.steps.length > 0) tail.push(button(t("btn-undo"), game, { kind: "undo" }));
      if (view?.complete) tail.push(button(t("btn-confirm"), game, { kind: "commit" }));
      if (tail.length) rows.push(tail);
      break;
    }
    case "double":
      rows.push([
        button(t("btn-take"), game, { kind: "take" }),
        button(t("btn-drop"), game, { kind: "drop" }),
      ]);
      break;
    case "resign":
      rows.push([
        button(t("btn-accept"), game, { kind: "accept-resign" }),
        button(t("btn-decline"), game, { kind: "decline-resign" }),
      ]);
      break;
    case "over": {
      if (!opts.seriesOver && game.tournamentId === null)
        rows.push([button(t("btn-rematch"), game, { kind: "rematch" })]);
      const review = reviewRow(t, game);
      if (review.length) rows.push(review);
      break;
    }
  }
  if (opts.claimable && s.phase !== "over")
    rows.push([button(t("btn-claim"), game, { kind: "claim" })]);
  return { inline_keyboard: rows };
}
