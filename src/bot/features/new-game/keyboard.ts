import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../../../texts/translate.js";
import { DIALOG_CHOICE, encode } from "../../callback-data.js";
import type { Choice } from "./steps.js";

/** The choice every question offers besides its own. */
export const CANCEL = "x";

/** Edit options that take a message's buttons away. */
export const NO_BUTTONS = { reply_markup: { inline_keyboard: [] } };

/** A question's choices, two to a row, and Cancel; only `owner`'s presses count. */
export function keyboard(
  owner: number,
  choices: Choice[],
  t: Translate,
): { inline_keyboard: InlineKeyboardButton[][] } {
  const button = (text: string, choice: string) => {
    if (!DIALOG_CHOICE.test(choice)) throw new Error(`not a dialog choice: ${choice}`);
    return { text, callback_data: encode({ type: "dialog", ownerId: owner, choice }) };
  };
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < choices.length; i += 2)
    rows.push(choices.slice(i, i + 2).map((c) => button(c.label, c.value)));
  rows.push([button(t("btn-cancel"), CANCEL)]);
  return { inline_keyboard: rows };
}
