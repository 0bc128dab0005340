import type { InlineKeyboardMarkup } from "grammy/types";
import type { ChallengeView, GameView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { type ChallengeCommand, encode } from "../../callback-data.js";
import { controlLine } from "../../ui/clock-text.js";
import { fitHtml, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName, mention } from "../../ui/names.js";
import { customRulesText, gameTitle, presetOf } from "../../ui/rules-text.js";

/** The challenged person, mentioned so Telegram tells them even without a username. */
function targetName(c: ChallengeView): string | null {
  if (c.targetPlayer) return mention(c.targetPlayer);
  if (c.target?.username) return `@${c.target.username}`;
  return null;
}

/**
 * The challenge message: who, what game, which rules, until when. `vsComputer`: a game against
 * the bot, which its challenger starts (its commitment shown first, like any challenge's).
 */
export function challengeText(
  t: Translate,
  c: ChallengeView,
  ttlMinutes: number,
  vsComputer = false,
): string {
  const from = htmlName(c.challenger);
  const to = targetName(c);
  const title = gameTitle(t, c.variant, c.rules);
  const head = vsComputer
    ? t("challenge-computer", { from, game: title })
    : to
      ? t("challenge-targeted", { from, to, game: title })
      : t("challenge-open", { from, game: title });
  const lines = [head];
  if (presetOf(c.variant, c.rules) === null)
    lines.push(...customRulesText(t, c.variant, c.rules).map((l) => `• ${l}`));
  const clock = controlLine(t, c.timeControl);
  if (clock) lines.push(clock);
  lines.push(t("challenge-expires", { minutes: ttlMinutes }));
  // Published before any die of the game falls; the seed is revealed when it ends.
  if (c.diceCommitment) lines.push(t("caption-commitment", { hash: c.diceCommitment }));
  return fitHtml(lines.join("\n"), TEXT_LIMIT);
}

const challengeButton = (
  text: string,
  c: ChallengeView,
  command: ChallengeCommand,
  seal?: string,
) => ({
  text,
  callback_data: encode({
    type: "challenge",
    challengeId: c.id,
    command,
    ...(seal ? { seal } : {}),
  }),
});

/** Accept for whoever may accept; Decline only when the challenge names someone; Cancel. */
export function challengeKeyboard(
  t: Translate,
  c: ChallengeView,
  seal?: string,
): InlineKeyboardMarkup {
  const first = [challengeButton(t("btn-accept"), c, "accept", seal)];
  if (c.target) first.push(challengeButton(t("btn-decline"), c, "decline", seal));
  return {
    inline_keyboard: [first, [challengeButton(t("btn-cancel-challenge"), c, "cancel", seal)]],
  };
}

/** A game against the bot: its challenger starts it, or cancels it. */
export function computerChallengeKeyboard(t: Translate, c: ChallengeView): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [challengeButton(t("btn-start-computer"), c, "accept")],
      [challengeButton(t("btn-cancel-challenge"), c, "cancel")],
    ],
  };
}

/** How a challenge's message says it closed. */
export type ChallengeClosedKey =
  | "challenge-accepted"
  | "challenge-accepted-shared"
  | "challenge-declined"
  | "challenge-cancelled"
  | "challenge-expired"
  | "challenge-closed";

/** The closed challenge: accepted, declined, cancelled or expired. */
export function challengeClosedText(
  t: Translate,
  c: ChallengeView,
  key: ChallengeClosedKey,
  byName?: string,
): string {
  const title = gameTitle(t, c.variant, c.rules);
  const text = t(key, { from: htmlName(c.challenger), game: title, name: byName ?? "" });
  return fitHtml(text, TEXT_LIMIT);
}

/**
 * An accepted challenge's message: who plays and where the board is, with the dice
 * commitment. A card shared from a private chat became the board in the chat it was sent to.
 */
export function challengeAcceptedText(t: Translate, c: ChallengeView, game: GameView): string {
  const opponent = game.white.id === c.challenger.id ? game.black : game.white;
  const names = { from: htmlName(c.challenger), name: htmlName(opponent) };
  const shared = c.message?.kind !== "inline" && game.message?.kind === "inline";
  return [
    shared ? t("challenge-accepted-shared", names) : t("challenge-accepted", names),
    t("caption-commitment", { hash: game.diceCommitment }),
  ].join("\n");
}
