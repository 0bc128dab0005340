import { Composer } from "grammy";
import type { InlineKeyboardMarkup, InlineQueryResult } from "grammy/types";
import { presetRules, type Rules, startingBoard, type Variant } from "../../engine/index.js";
import type { ChallengeView, PlayerRef } from "../../services/index.js";
import { onButton } from "../buttons.js";
import { CARD_OFFERS, type CardOffer, encode, stamp } from "../callback-data.js";
import {
  type CardFields,
  cardKey,
  cardSealer,
  sealMatches,
  sharedCopySealer,
} from "../card-seal.js";
import { closeChallengeCard } from "../challenge-message.js";
import type { BotContext } from "../context.js";
import type { PhotoUploader, RenderBoard } from "../game-messenger.js";
import { isLocale, type Locale } from "../i18n.js";
import { challengeInInline } from "../inline-lookup.js";
import { minutesLeft } from "../rate-limit.js";
import { isNotModified } from "../telegram-errors.js";
import { challengeClosedText, challengeKeyboard, challengeText } from "../ui/challenge-text.js";
import { errorText } from "../ui/errors-text.js";
import { CAPTION_LIMIT, fitHtml } from "../ui/fit.js";
import { htmlName } from "../ui/names.js";
import { gameTitle } from "../ui/rules-text.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { playerRef } from "./player-ref.js";

const OFFERS: Record<CardOffer, { variant: Variant; preset: string }> = {
  lc: { variant: "long", preset: "classic" },
  ls: { variant: "long", preset: "sport" },
  ss: { variant: "short", preset: "standard" },
};
const rulesOf = (offer: CardOffer): Rules =>
  presetRules(OFFERS[offer].variant, OFFERS[offer].preset)!;

/**
 * A result id names the offer, whether the card is a picture and when it was offered (base
 * 36): "lc.p.mf3k2x1a", "ss.t.mf3k2x1a".
 */
const resultId = (offer: CardOffer, photo: boolean, issuedAt: number) =>
  `${offer}.${photo ? "p" : "t"}.${issuedAt.toString(36)}`;
const RESULT = /^([a-z]{2})\.([pt])\.([0-9a-z]{1,11})$/;
/** A card offered this far in the future was not offered by this clock. */
const CLOCK_SKEW_MS = 60_000;
/** A challenge set up with /new in a private chat, shared as a card: "c12". */
const SHARED = /^c([1-9]\d{0,15})$/;

/**
 * Inline mode: `@bot` in any chat offers the games; the chosen card becomes a challenge and
 * then the game, all inside that one inline message. The game speaks its challenger's
 * language, whoever accepts.
 */
export function inlineFeature(
  deps: FeatureDeps,
  render: RenderBoard,
  uploader: PhotoUploader | null,
): Composer<BotContext> {
  const { service, answers, boards, config, textsFor } = deps;
  const composer = new Composer<BotContext>();
  const ttlMinutes = Math.round(config.challengeTtlMs / 60_000);
  const cardPhotos = new Map<Variant, Promise<string>>();
  const seal = cardSealer(config.token);
  const sealCopy = sharedCopySealer(config.token);

  /** A picture of the starting position per game, uploaded once for its file id. */
  const cardPhoto = (variant: Variant): Promise<string> | null => {
    if (!uploader) return null;
    let photo = cardPhotos.get(variant);
    if (!photo) {
      photo = render({
        variant,
        board: startingBoard(variant),
        perspective: "white",
        toMove: null,
        dice: null,
        cube: null,
        score: null,
        lastMove: null,
        currentSteps: [],
      }).then(uploader);
      photo.catch(() => cardPhotos.delete(variant));
      cardPhotos.set(variant, photo);
    }
    return photo;
  };

  const cardKeyboard = (t: Tr, card: CardFields & { locale: Locale }): InlineKeyboardMarkup => {
    const data = (command: "accept" | "cancel") =>
      encode({ type: "card", ...card, command, seal: seal(card) });
    return {
      inline_keyboard: [
        [{ text: t("btn-accept"), callback_data: data("accept") }],
        [{ text: t("btn-cancel-challenge"), callback_data: data("cancel") }],
      ],
    };
  };

  composer.on("inline_query", async (ctx) => {
    const from = playerRef(ctx.from);
    service.touchPlayer(from);
    const locale = await ctx.i18n.getLocale();
    const lang: Locale = isLocale(locale) ? locale : "en";
    const shared = sharedChallenge(ctx.inlineQuery.query, from.id);
    if (shared) {
      const t = textsFor(shared.locale);
      await ctx.answerInlineQuery(
        [
          {
            type: "article",
            id: `c${shared.id}`,
            title: gameTitle(t, shared.variant, shared.rules),
            description: ctx.t("inline-description"),
            input_message_content: {
              message_text: challengeText(t, shared, ttlMinutes),
              parse_mode: "HTML",
            },
            reply_markup: challengeKeyboard(t, shared, sealCopy(shared.id)),
          },
        ],
        { cache_time: 0, is_personal: true },
      );
      return;
    }
    // Each card chosen makes a challenge: past the person's rate, no cards, and why.
    const allowed = deps.limits.challenges.check(from.id);
    if (!allowed.ok) {
      await ctx.answerInlineQuery([], {
        cache_time: 0,
        is_personal: true,
        button: {
          text: ctx.t("limit-inline", { minutes: minutesLeft(allowed) }),
          start_parameter: "limit",
        },
      });
      return;
    }
    const results: InlineQueryResult[] = [];
    const issuedAt = service.config.now();
    for (const offer of CARD_OFFERS) {
      const { variant } = OFFERS[offer];
      const title = gameTitle(ctx.t, variant, rulesOf(offer));
      // A caption when the card has a picture.
      const text = fitHtml(
        [
          ctx.t("inline-card", { from: htmlName(from), game: title }),
          ctx.t("challenge-expires", { minutes: ttlMinutes }),
        ].join("\n"),
        CAPTION_LIMIT,
      );
      const photo = await cardPhoto(variant)?.catch(() => null);
      const card = { offer, challengerId: from.id, locale: lang, photo: Boolean(photo), issuedAt };
      const common = {
        title,
        description: ctx.t("inline-description"),
        reply_markup: cardKeyboard(ctx.t, card),
      };
      results.push(
        photo
          ? {
              type: "photo",
              id: resultId(offer, true, issuedAt),
              photo_file_id: photo,
              caption: text,
              parse_mode: "HTML",
              ...common,
            }
          : {
              type: "article",
              id: resultId(offer, false, issuedAt),
              input_message_content: { message_text: text, parse_mode: "HTML" },
              ...common,
            },
      );
    }
    // Personal: each user's cards carry their own id and language.
    await ctx.answerInlineQuery(results, { cache_time: 0, is_personal: true });
  });

  /** The challenger's own pending challenge from /new, if the query names one. */
  function sharedChallenge(query: string, userId: number): ChallengeView | null {
    const m = SHARED.exec(query.trim());
    const c = m ? service.getChallenge(Number(m[1])) : null;
    // Such a challenge waits in its challenger's private chat, whose id is theirs.
    return c && c.challenger.id === userId && c.status === "pending" && c.chatId === userId
      ? c
      : null;
  }

  /**
   * With inline feedback on, the challenge exists (and can expire) as soon as it is sent, and
   * the card is bound to the message it was sent as at once.
   */
  composer.on("chosen_inline_result", async (ctx) => {
    const m = RESULT.exec(ctx.chosenInlineResult.result_id);
    const inlineMessageId = ctx.chosenInlineResult.inline_message_id;
    const issuedAt = stamp(m?.[3]);
    if (!m || !inlineMessageId || !(CARD_OFFERS as readonly string[]).includes(m[1]!)) return;
    if (issuedAt === null || deps.messages.challengeInInlineMessage(inlineMessageId) !== null)
      return;
    // Counted here, the card was offered within the rate; past it (cards chosen from one
    // list), the challenge is made only when the card is pressed.
    if (!deps.limits.challenges.take(ctx.from.id).ok) return;
    const offer = m[1] as CardOffer;
    const made = makeChallenge(
      playerRef(ctx.from),
      offer,
      inlineMessageId,
      await ctx.i18n.getLocale(),
      m[2] === "p",
      cardKey({ offer, challengerId: ctx.from.id, issuedAt }),
    );
    if (!made.ok) return;
    await showChallenge(ctx, made.value);
  });

  onButton(composer, "card", async (ctx, p) => {
    const inlineMessageId = ctx.callbackQuery.inline_message_id;
    if (!inlineMessageId || !sealMatches(seal(p), p.seal)) {
      await answers.answer(ctx, ctx.t("err-bad-button"), true);
      return;
    }
    const by = playerRef(ctx.from);
    const key = cardKey(p);
    const existing = challengeInInline(deps, inlineMessageId);
    if (existing) {
      // Another card's data, pressed on a message that holds a challenge of its own.
      if (existing.cardKey !== key) {
        await answers.answer(ctx, ctx.t("err-foreign-button"), true);
        return;
      }
      await pressOnChallenge(ctx, existing, p.command, by);
      return;
    }
    // A game plays in this message (a shared card was accepted there): no card is left.
    const playing = deps.messages.gameInInlineMessage(inlineMessageId);
    if (playing !== null) {
      await answers.answer(ctx, ctx.t("err-inactive-button"), true);
      boards.request(playing);
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
    const challenger = service.playerRefOf(p.challengerId);
    if (!challenger) {
      await answers.answer(ctx, ctx.t("err-not-found"), true);
      return;
    }
    // The card becomes a challenge now, in this message only (its key is stored with it: the
    // same data pressed on another message starts nothing); a cancelled one is kept so its
    // Accept stays dead.
    const made = makeChallenge(challenger, p.offer, inlineMessageId, p.locale, p.photo, key);
    if (!made.ok) {
      await answers.answer(ctx, errorText(ctx.t, made.error), true);
      return;
    }
    await pressOnChallenge(ctx, made.value, p.command, by);
  });

  /** A card's Accept or Cancel on the challenge it stands for. */
  async function pressOnChallenge(
    ctx: BotContext,
    c: ChallengeView,
    command: "accept" | "cancel",
    by: PlayerRef,
  ) {
    const ref = {
      kind: "inline" as const,
      inlineMessageId: (c.message as { inlineMessageId: string }).inlineMessageId,
    };
    if (command === "cancel") {
      const r = service.cancelChallenge(c.id, by);
      if (!r.ok) {
        await answers.answer(ctx, errorText(ctx.t, r.error), true);
        return;
      }
      await answers.answer(ctx);
      const html = challengeClosedText(textsFor(c.locale), r.value, "challenge-cancelled");
      await closeChallengeCard(ctx.api, deps.messages, r.value, html);
      return;
    }
    const r = service.acceptChallenge(c.id, by, ref);
    if (!r.ok) {
      await answers.answer(ctx, errorText(ctx.t, r.error), true);
      // Closed here when this press found it expired; the sweep closes the others.
      const now = service.getChallenge(c.id);
      if (now?.status === "expired" && c.status === "pending") {
        const html = challengeClosedText(textsFor(c.locale), now, "challenge-expired");
        await closeChallengeCard(ctx.api, deps.messages, now, html);
      }
      const game = deps.messages.gameInInlineMessage(ref.inlineMessageId);
      if (game !== null) boards.request(game);
      return;
    }
    await answers.answer(ctx);
    boards.request(r.value.game.id);
  }

  function makeChallenge(
    challenger: PlayerRef,
    offer: CardOffer,
    inlineMessageId: string,
    locale: string,
    photo: boolean,
    key: string,
  ) {
    return service.createChallenge({
      challenger,
      chat: null,
      variant: OFFERS[offer].variant,
      rules: rulesOf(offer),
      locale,
      message: { kind: "inline", inlineMessageId },
      cardPhoto: photo,
      cardKey: key,
    });
  }

  /** The card turned into the challenge: its text (or caption), expiry and buttons. */
  async function showChallenge(ctx: BotContext, c: ChallengeView) {
    const t = textsFor(c.locale);
    const id = (c.message as { inlineMessageId: string }).inlineMessageId;
    const other = { parse_mode: "HTML" as const, reply_markup: challengeKeyboard(t, c) };
    const html = challengeText(t, c, ttlMinutes);
    try {
      if (c.cardPhoto) await ctx.api.editMessageCaptionInline(id, { caption: html, ...other });
      else await ctx.api.editMessageTextInline(id, html, other);
    } catch (err) {
      if (!isNotModified(err)) deps.logger.warn({ err }, "inline card not edited");
    }
  }

  return composer;
}
