import {
  type ChallengeView,
  fail,
  type MessageRef,
  type PlayerRef,
} from "../../../services/index.js";
import { type PayloadOf, type PressContext, payloadOf } from "../../buttons.js";
import type { BotContext } from "../../context.js";
import { pressed } from "../../press.js";
import { pressSecondPart } from "../../press-origin.js";
import { errorText } from "../../ui/errors-text.js";
import { fitHtml, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName } from "../../ui/names.js";
import { playerRef } from "../player-ref.js";
import { sealMatches } from "./card-seal.js";
import type { ChallengeDeps } from "./deps.js";
import { closeChallengeCard, closeChallengeMessage } from "./message.js";
import type { ChallengeScope } from "./scope.js";
import { type ChallengeClosedKey, challengeAcceptedText, challengeClosedText } from "./text.js";
import { computerGamesFull, isVsComputer } from "./vs-computer.js";

/** A challenge's Accept, Decline or Cancel, pressed on its own message or shared copy. */
export async function challengePress(
  scope: ChallengeScope,
  ctx: PressContext<BotContext>,
  { challengeId, command }: PayloadOf<"challenge">,
): Promise<void> {
  const { deps } = scope;
  const { service, boards, answers } = deps;
  const challenge = await service.getChallenge(challengeId);
  if (!challenge) {
    await answers.answer(ctx, ctx.t("err-not-found"), true);
    return;
  }
  // Only the challenge's own card takes its presses: an outsider's private chat, another
  // group or another inline message starts no game anywhere.
  const where = await pressedOnChallenge(scope, ctx, challenge);
  if (where !== "own") {
    const key = where === "other" ? "err-inactive-button" : "err-foreign-button";
    await answers.answer(ctx, ctx.t(key), true);
    return;
  }
  const by = playerRef(ctx.from);
  // Cards against the bot are cheap to post; the games they start count when they start.
  const full =
    command === "accept" && isVsComputer(deps, challenge) && challenge.chatId !== null
      ? await computerGamesFull(deps, by.id, challenge.chatId)
      : null;
  if (full !== null) {
    await answers.answer(ctx, ctx.t("limit-computer-games", { count: full }), true);
    return;
  }
  const r =
    command === "accept"
      ? await accept(scope, ctx, challenge, by)
      : command === "decline"
        ? await service.declineChallenge(challenge.id, by)
        : await service.cancelChallenge(challenge.id, by);
  if (!r.ok) {
    await answers.answer(ctx, errorText(ctx.t, r.error), true);
    // Whoever finds a challenge expired closes its card: when this press found it so, or its
    // message still shows its buttons (one already closed is left as it is). A shared copy
    // of a closed challenge loses its buttons too.
    const now = await service.getChallenge(challenge.id);
    const expired = now?.status === "expired";
    const shown = pressed.shows(
      deps,
      ctx,
      (p) => p.type === "challenge" && p.challengeId === challengeId,
    );
    if (now && expired && (challenge.status === "pending" || shown))
      await close(scope, ctx, now, "challenge-expired");
    else if (now && now.status !== "pending")
      await closeCopy(
        scope,
        ctx,
        now,
        expired
          ? challengeClosedText(await deps.textsOf.challenge(now.id), now, "challenge-expired")
          : undefined,
      );
    if (r.error.gameId !== undefined) await boards.request(r.error.gameId);
    return;
  }
  await answers.answer(ctx);
  if (!("game" in r.value)) {
    const key = command === "decline" ? "challenge-declined" : "challenge-cancelled";
    await close(scope, ctx, r.value, key, htmlName(by));
    return;
  }
  const game = r.value.game;
  await boards.request(game.id);
  // An inline card becomes the board itself; any other challenge message says who plays.
  if (challenge.message?.kind === "inline" && game.message?.kind === "inline") return;
  const text = fitHtml(
    challengeAcceptedText(await deps.textsOf.challenge(challenge.id), challenge, game),
    TEXT_LIMIT,
  );
  await closeChallengeCard(ctx.api, deps.messages, withCard(deps, ctx, challenge), text);
}

/**
 * The challenge with its message: before /play has stored it (a press can come first), the
 * card pressed, when that shows the challenge's buttons.
 */
function withCard(deps: ChallengeDeps, ctx: BotContext, c: ChallengeView): ChallengeView {
  const card = pressed.message(ctx);
  if (c.message || card?.kind !== "chat") return c;
  const shows = pressed.shows(deps, ctx, (p) => p.type === "challenge" && p.challengeId === c.id);
  return shows ? { ...c, message: card } : c;
}

/** Closes the challenge's message, and the card pressed when that is another message. */
async function close(
  scope: ChallengeScope,
  ctx: BotContext,
  c: ChallengeView,
  key: ChallengeClosedKey,
  by?: string,
) {
  const { deps } = scope;
  const html = challengeClosedText(await deps.textsOf.challenge(c.id), c, key, by);
  await closeChallengeCard(ctx.api, deps.messages, withCard(deps, ctx, c), html);
  await closeCopy(scope, ctx, c, html);
}

/**
 * The inline message pressed, when it is a card shared from the challenger's private chat
 * (/new's "a friend"): a copy of the challenge the database does not know. An inline message
 * that holds a game or another challenge is never one, whatever data the press carries.
 */
async function sharedCopy(
  scope: ChallengeScope,
  ctx: BotContext,
  c: ChallengeView,
): Promise<MessageRef | null> {
  const { deps } = scope;
  const card = pressed.message(ctx);
  if (card?.kind !== "inline" || c.message?.kind === "inline") return null;
  const p = payloadOf(ctx);
  if (p?.type !== "challenge" || !sealMatches(scope.sealCopy(c.id), p.seal)) return null;
  if (c.chatId === null || c.chatId !== c.challenger.id) return null;
  const id = card.inlineMessageId;
  if ((await deps.messages.gameInInlineMessage(id)) !== null) return null;
  if ((await deps.messages.challengeInInlineMessage(id)) !== null) return null;
  return card;
}

/** A shared copy of the challenge pressed: it closes too. */
async function closeCopy(scope: ChallengeScope, ctx: BotContext, c: ChallengeView, html?: string) {
  const copy = await sharedCopy(scope, ctx, c);
  if (!copy) return;
  const text =
    html ?? challengeClosedText(await scope.deps.textsOf.challenge(c.id), c, "challenge-closed");
  await closeChallengeMessage(ctx.api, { ...c, message: copy, cardPhoto: false }, text);
}

/**
 * Where a press on challenge `c` came from: its own message, or its sealed shared copy
 * ("own"); another message of its chat ("other"); anywhere else ("foreign": its data forged
 * or copied onto a message of another chat, or onto an inline message). In its chat any
 * message counts while the challenge's message is not stored yet: the press can overtake
 * /play, which stores it once Telegram has answered.
 */
async function pressedOnChallenge(
  scope: ChallengeScope,
  ctx: BotContext,
  c: ChallengeView,
): Promise<"own" | "other" | "foreign"> {
  const at = pressed.message(ctx);
  if (at?.kind === "inline") {
    const own = c.message?.kind === "inline" && c.message.inlineMessageId === at.inlineMessageId;
    return own || (await sharedCopy(scope, ctx, c)) ? "own" : "foreign";
  }
  if (!at || c.chatId === null || at.chatId !== c.chatId) return "foreign";
  return c.message?.kind === "chat" && c.message.messageId !== at.messageId ? "other" : "own";
}

/**
 * Accepted on a shared card, the game plays in that card; else where the challenge is. A
 * game against the bot is started by its challenger's press, the computer accepting.
 */
async function accept(
  scope: ChallengeScope,
  ctx: BotContext,
  challenge: ChallengeView,
  by: PlayerRef,
) {
  const { deps } = scope;
  if (!isVsComputer(deps, challenge))
    return deps.service.acceptChallenge(challenge.id, by, await sharedCopy(scope, ctx, challenge), {
      secondPart: pressSecondPart(ctx),
    });
  if (by.id !== challenge.challenger.id)
    return fail("not-target", "This game against the bot is someone else's.");
  return deps.service.acceptChallenge(challenge.id, deps.computer!, null, {
    secondPart: pressSecondPart(ctx),
  });
}
