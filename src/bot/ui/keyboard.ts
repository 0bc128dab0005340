import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import {
  BAR,
  type Offer,
  type OfferKind,
  offersOf,
  type Play,
  playNotation,
  remainingPlays,
  type Step,
  turnView,
} from "../../engine/index.js";
import { type GameView, nextGameByPress } from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";
import { encode, type GameCommand } from "../callback-data.js";
import { reviewRow } from "./review-keyboard.js";

const ROW = 4;
/** Up to this many plays left, each is one button: the turn is one press. */
export const WHOLE_PLAYS = 16;
const PLAY_ROW = 2;

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

/** A play's steps still to take, as players write them: `24/20(2) 13/9*`. */
export function playLabel(steps: readonly Step[]): string {
  const counts = new Map<string, number>();
  for (const n of playNotation(steps)) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, k]) => (k > 1 ? `${n}(${k})` : n)).join(" ");
}

/** One button per play still open, from the back of the board to the front. */
function playRows(game: GameView, plays: readonly Play[], taken: number): InlineKeyboardButton[][] {
  const rest = plays.map((p) => p.steps.slice(taken));
  const key = (steps: readonly Step[]) => steps.flatMap((st) => [st.from, st.to]);
  rest.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < Math.min(ka.length, kb.length); i++)
      if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return ka.length - kb.length;
  });
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < rest.length; i += PLAY_ROW)
    rows.push(
      rest
        .slice(i, i + PLAY_ROW)
        .map((steps) => button(playLabel(steps), game, { kind: "play", steps: steps.map(bare) })),
    );
  return rows;
}

const bare = (s: Step) => ({ from: s.from, to: s.to, die: s.die });

const button = (text: string, game: GameView, command: GameCommand): InlineKeyboardButton => ({
  text,
  callback_data: encode({ type: "game", gameId: game.id, version: game.version, command }),
});

/**
 * Each offer's button under the chat's board, by the key of its text; the button's command is
 * the offer's own name. The move draws its own rows (plays or steps, undo, ✓ Done); resigning
 * in a chat is /resign and its question, so it has no button.
 */
const OFFER_BUTTONS = {
  roll: "btn-roll",
  double: "btn-double",
  take: "btn-take",
  drop: "btn-drop",
  "accept-resign": "btn-accept",
  "decline-resign": "btn-decline",
  claim: "btn-claim",
  rematch: "btn-rematch",
} as const satisfies Record<Exclude<OfferKind, "move" | "resign">, string>;

function offerRow(t: Translate, game: GameView, row: readonly Offer[]): InlineKeyboardButton[][] {
  if (row.some((o) => o.kind === "move")) return moveRows(t, game);
  const out: InlineKeyboardButton[] = [];
  for (const { kind } of row) {
    if (kind !== "move" && kind !== "resign")
      out.push(button(t(OFFER_BUTTONS[kind]), game, { kind }));
  }
  return out.length ? [out] : [];
}

/** The move phase's buttons: whole plays when few are left, else the next steps. */
function moveRows(t: Translate, game: GameView): InlineKeyboardButton[][] {
  const s = game.state;
  const rows: InlineKeyboardButton[][] = [];
  const view = turnView(s);
  const plays = view && !view.complete ? remainingPlays(s) : [];
  // Few plays left: each is a button. Many: the first step narrows them down.
  if (plays.length > 0 && plays.length <= WHOLE_PLAYS)
    rows.push(...playRows(game, plays, s.steps.length));
  else if (view) rows.push(...stepRows(game, view.nextSteps));
  const tail: InlineKeyboardButton[] = [];
  if (s.steps.length > 0) tail.push(button(t("btn-undo"), game, { kind: "undo" }));
  if (view?.complete) tail.push(button(t("btn-confirm"), game, { kind: "commit" }));
  if (tail.length) rows.push(tail);
  return rows;
}

/**
 * The buttons under the board: the game's offers (services/offers.ts), for whoever may take
 * them, and a finished game's reviews. While the computer (`computerId`) is to act, its
 * buttons are not shown: nobody else may press them.
 */
export function gameKeyboard(
  t: Translate,
  game: GameView,
  opts: { claimable?: boolean; seriesOver?: boolean; computerId?: number | null } = {},
): InlineKeyboardMarkup {
  const s = game.state;
  const computerActs =
    opts.computerId != null && game.waitingFor === opts.computerId && s.phase !== "over";
  const offers = offersOf({
    status: game.status,
    state: s,
    waitingFor: game.waitingFor,
    rematch: nextGameByPress(game) && !(opts.seriesOver ?? false),
    claimable: opts.claimable ?? false,
  });
  const rows = offers
    .filter((row) => !computerActs || row.every((o) => o.by !== "waited"))
    .flatMap((row) => offerRow(t, game, row));
  if (s.phase === "over") {
    const review = reviewRow(t, game);
    if (review.length) rows.push(review);
  }
  return { inline_keyboard: rows };
}
