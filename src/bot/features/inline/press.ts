import type { Filter } from "grammy";
import type { ChallengeView, PlayerRef } from "../../../services/index.js";
import type { PayloadOf, PressContext } from "../../buttons.js";
import { CARD_OFFERS, type CardOffer, stamp } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { challengeInInline } from "../../inline-lookup.js";
import { pressSecondPart } from "../../press-origin.js";
import { isNotModified } from "../../telegram-errors.js";
import { errorText } from "../../ui/errors-text.js";
import { cardKey, sealMatches } from "../challenge/card-seal.js";
import { closeChallengeCard } from "../challenge/message.js";
import { challengeClosedText, challengeKeyboard, challengeText } from "../challenge/text.js";
import { playerRef } from "../player-ref.js";
import type { InlineDeps } from "./deps.js";
import { CLOCK_SKEW_MS, type InlineScope, makeChallenge, RESULT } from "./offers.js";

/**
 * A card sent (inline feedback on): the challenge exists (and can expire) as soon as it is
 * sent, and the card is bound to the message it was sent as at once.
 */
export async function chosenResult(
  scope: InlineScope,
  ctx: Filter<BotContext, "chosen_inline_result">,
): Promise<void> {
  const { deps } = scope;
  const m = RESULT.exec(ctx.chosenInlineResult.result_id);
  const inlineMessageId = ctx.chosenInlineResult.inline_message_id;
  const issuedAt = stamp(m?.[3]);
  if (!m || !inlineMessageId || !(CARD_OFFERS as readonly string[]).includes(m[1]!)) return;
  if (issuedAt === null || (await deps.messages.challengeInInlineMessage(inlineMessageId)) !== null)
    return;
  // Counted here, the card was offered within the rate; past it (cards chosen from one
  // list), the challenge is made only when the card is pressed.
  if (!deps.limits.challenges.take(ctx.from.id).ok) return;
  const offer = m[1] as CardOffer;
  const made = await makeChallenge(
    deps,
    playerRef(ctx.from),
    offer,
    inlineMessageId,
    await ctx.i18n.getLocale(),
    m[2] === "p",
    cardKey({ offer, challengerId: ctx.from.id, issuedAt }),
  );
  if (!made.ok) return;
  await showChallenge(scope, ctx, made.value);
}

/** A card's Accept or Cancel: on its challenge, or on the card that becomes one now. */
export async function cardPress(
  scope: InlineScope,
  ctx: PressContext<BotContext>,
  p: PayloadOf<"card">,
): Promise<void> {
  const { deps } = scope;
  const { service, answers, boards, config } = deps;
  const inlineMessageId = ctx.callbackQuery.inline_message_id;
  if (!inlineMessageId || !sealMatches(scope.seal(p), p.seal)) {
    await answers.answer(ctx, ctx.t("err-bad-button"), true);
    return;
  }
  const by = playerRef(ctx.from);
  const key = cardKey(p);
  const existing = await challengeInInline(deps, inlineMessageId);
  if (existing) {
    // Another card's data, pressed on a message that holds a challenge of its own.
    if (existing.cardKey !== key) {
      await answers.answer(ctx, ctx.t("err-foreign-button"), true);
      return;
    }
    await pressOnChallenge(deps, ctx, existing, p.command, by);
    return;
  }
  // A game plays in this message (a shared card was accepted there): no card is left.
  const playing = await deps.messages.gameInInlineMessage(inlineMessageId);
  if (playing !== null) {
    await answers.answer(ctx, ctx.t("err-inactive-button"), true);
    await boards.request(playing);
    return;
  }
  if (by.id === p.challengerId && p.command === "accept") {
    await answers.answer(ctx, ctx.t("err-self-challenge"), true);
    return;
  }
  if (by.id !== p.challengerId && p.command === "cancel") {
    await answers.answer(ctx, ctx.t("err-not-challenger"), true);
    return;
  }
  // A card starts its challenge within the challenge time of being offered; then the
  // challenge's own time counts. (A stamp from the future is not this clock's.)
  const age = service.config.now() - p.issuedAt;
  if (age > config.challengeTtlMs || age < -CLOCK_SKEW_MS) {
    const refusal = age > 0 ? "err-expired" : "err-bad-button";
    await answers.answer(ctx, ctx.t(refusal), true);
    return;
  }
  const challenger = await service.playerRefOf(p.challengerId);
  if (!challenger) {
    await answers.answer(ctx, ctx.t("err-not-found"), true);
    return;
  }
  // The card becomes a challenge now, in this message only (its key is stored with it: the
  // same data pressed on another message starts nothing); a cancelled one is kept so its
  // Accept stays dead.
  const made = await makeChallenge(
    deps,
    challenger,
    p.offer,
    inlineMessageId,
    p.locale,
    p.photo,
    key,
  );
  if (!made.ok) {
    await answers.answer(ctx, errorText(ctx.t, made.error), true);
    return;
  }
  // Made by this press, not by Telegram's word that the challenger sent the card (inline
  // feedback off): the card's data may have been copied onto a message of someone else's.
  await pressOnChallenge(deps, ctx, made.value, p.command, by, true);
}

/** A card's Accept or Cancel on the challenge it stands for. */
async function pressOnChallenge(
  deps: InlineDeps,
  ctx: BotContext,
  c: ChallengeView,
  command: "accept" | "cancel",
  by: PlayerRef,
  challengerUnconfirmed = false,
) {
  const { service, answers, boards } = deps;
  const ref = {
    kind: "inline" as const,
    inlineMessageId: (c.message as { inlineMessageId: string }).inlineMessageId,
  };
  if (command === "cancel") {
    const r = await service.cancelChallenge(c.id, by);
    if (!r.ok) {
      await answers.answer(ctx, errorText(ctx.t, r.error), true);
      return;
    }
    await answers.answer(ctx);
    const html = challengeClosedText(
      await deps.textsOf.challenge(c.id),
      r.value,
      "challenge-cancelled",
    );
    await closeChallengeCard(ctx.api, deps.messages, r.value, html);
    return;
  }
  const r = await service.acceptChallenge(c.id, by, ref, {
    secondPart: pressSecondPart(ctx),
    challengerUnconfirmed,
  });
  if (!r.ok) {
    await answers.answer(ctx, errorText(ctx.t, r.error), true);
    // Closed here when this press found it expired; the sweep closes the others.
    const now = await service.getChallenge(c.id);
    if (now?.status === "expired" && c.status === "pending") {
      const html = challengeClosedText(
        await deps.textsOf.challenge(c.id),
        now,
        "challenge-expired",
      );
      await closeChallengeCard(ctx.api, deps.messages, now, html);
    }
    const game = await deps.messages.gameInInlineMessage(ref.inlineMessageId);
    if (game !== null) await boards.request(game);
    return;
  }
  await answers.answer(ctx);
  await boards.request(r.value.game.id);
}

/** The card turned into the challenge: its text (or caption), expiry and buttons. */
async function showChallenge(scope: InlineScope, ctx: BotContext, c: ChallengeView) {
  const { deps } = scope;
  const t = await deps.textsOf.challenge(c.id);
  const id = (c.message as { inlineMessageId: string }).inlineMessageId;
  const other = { parse_mode: "HTML" as const, reply_markup: challengeKeyboard(t, c) };
  const html = challengeText(t, c, scope.ttlMinutes);
  try {
    if (c.cardPhoto) await ctx.api.editMessageCaptionInline(id, { caption: html, ...other });
    else await ctx.api.editMessageTextInline(id, html, other);
  } catch (err) {
    if (!isNotModified(err)) deps.logger.warn({ err }, "inline card not edited");
  }
}
