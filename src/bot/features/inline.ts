import { Composer } from "grammy";
import type { InlineKeyboardMarkup, InlineQueryResult } from "grammy/types";
import { presetRules, type Rules, startingBoard, type Variant } from "../../engine/index.js";
import type { PlayerRef } from "../../services/index.js";
import type { BotContext } from "../context.js";
import type { PhotoUploader, RenderBoard } from "../game-messenger.js";
import { translator } from "../i18n.js";
import { challengeKeyboard, challengeText } from "../ui/challenge-text.js";
import { gameTitle } from "../ui/rules-text.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { playerRef } from "./player-ref.js";

/** The games offered in inline mode; the code goes into button data. */
const OFFERS = [
  { code: "lc", variant: "long", preset: "classic" },
  { code: "ls", variant: "long", preset: "sport" },
  { code: "ss", variant: "short", preset: "standard" },
] as const;
type Offer = (typeof OFFERS)[number];

const offerByCode = (code: string): Offer | undefined => OFFERS.find((o) => o.code === code);

/**
 * A card's buttons before the challenge exists: the challenge is made when the card is
 * chosen (with inline feedback on) or, at the latest, when someone presses Accept.
 */
const cardData = (offer: Offer, challengerId: number, command: "a" | "x") =>
  `i:${offer.code}:${challengerId}:${command}`;
const CARD = /^i:([a-z]{2}):([1-9]\d{0,14}):([ax])$/;

function cardKeyboard(t: Tr, offer: Offer, challengerId: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [{ text: t("btn-accept"), callback_data: cardData(offer, challengerId, "a") }],
      [{ text: t("btn-cancel-challenge"), callback_data: cardData(offer, challengerId, "x") }],
    ],
  };
}

/**
 * Inline mode: `@bot` in any chat offers the games; the chosen card becomes a challenge and
 * then the game, all inside that one inline message.
 */
export function inlineFeature(
  deps: FeatureDeps,
  render: RenderBoard,
  uploader: PhotoUploader | null,
): Composer<BotContext> {
  const { service, presenter, config } = deps;
  const composer = new Composer<BotContext>();
  const ttlMinutes = Math.round(config.challengeTtlMs / 60_000);
  const cardPhotos = new Map<Variant, Promise<string>>();

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

  const cardText = (t: Tr, offer: Offer, from: PlayerRef) =>
    t("inline-card", { from: from.firstName, game: gameTitle(t, offer.variant, rulesOf(offer)) });

  composer.on("inline_query", async (ctx) => {
    service.touchPlayer(playerRef(ctx.from));
    const from = playerRef(ctx.from);
    const results: InlineQueryResult[] = [];
    for (const offer of OFFERS) {
      const title = gameTitle(ctx.t, offer.variant, rulesOf(offer));
      const text = cardText(ctx.t, offer, from);
      const keyboard = cardKeyboard(ctx.t, offer, ctx.from.id);
      const photo = await cardPhoto(offer.variant)?.catch(() => null);
      if (photo)
        results.push({
          type: "photo",
          id: offer.code,
          photo_file_id: photo,
          title,
          description: ctx.t("inline-description"),
          caption: text,
          reply_markup: keyboard,
        });
      else
        results.push({
          type: "article",
          id: offer.code,
          title,
          description: ctx.t("inline-description"),
          input_message_content: { message_text: text },
          reply_markup: keyboard,
        });
    }
    // Personal: each user's cards carry their own id.
    await ctx.answerInlineQuery(results, { cache_time: 0, is_personal: true });
  });

  /** With inline feedback on, the challenge exists (and can expire) as soon as it is sent. */
  composer.on("chosen_inline_result", async (ctx) => {
    const offer = offerByCode(ctx.chosenInlineResult.result_id);
    const inlineMessageId = ctx.chosenInlineResult.inline_message_id;
    if (!offer || !inlineMessageId) return;
    const made = makeChallenge(
      playerRef(ctx.from),
      offer,
      inlineMessageId,
      await ctx.i18n.getLocale(),
    );
    if (!made.ok) return;
    const t = translator(deps.i18n, made.value.locale);
    await editCard(
      ctx,
      inlineMessageId,
      challengeText(t, made.value, ttlMinutes),
      challengeKeyboard(t, made.value),
    );
  });

  composer.callbackQuery(/^i:/, async (ctx) => {
    const m = CARD.exec(ctx.callbackQuery.data);
    const offer = m ? offerByCode(m[1]!) : undefined;
    const inlineMessageId = ctx.callbackQuery.inline_message_id;
    if (!m || !offer || !inlineMessageId) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-bad-button"), show_alert: true });
      return;
    }
    const challengerId = Number(m[2]);
    const existing = service.challengeForInlineMessage(inlineMessageId);
    if (existing) {
      // The card was already turned into a challenge (a second press, or feedback came late).
      await ctx.answerCallbackQuery();
      const t = translator(deps.i18n, existing.locale);
      if (existing.status === "pending")
        await editCard(
          ctx,
          inlineMessageId,
          challengeText(t, existing, ttlMinutes),
          challengeKeyboard(t, existing),
        );
      else {
        const game = service.gameForInlineMessage(inlineMessageId);
        if (game) await presenter.show(game);
      }
      return;
    }
    const challenger = service.playerRefOf(challengerId);
    if (!challenger) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-not-found"), show_alert: true });
      return;
    }
    if (m[3] === "x") {
      if (ctx.from.id !== challengerId) {
        await ctx.answerCallbackQuery({ text: ctx.t("err-not-challenger"), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      await editCard(ctx, inlineMessageId, ctx.t("inline-cancelled"), { inline_keyboard: [] });
      return;
    }
    if (ctx.from.id === challengerId) {
      await ctx.answerCallbackQuery({ text: ctx.t("err-self-challenge"), show_alert: true });
      return;
    }
    const made = makeChallenge(challenger, offer, inlineMessageId, await ctx.i18n.getLocale());
    if (!made.ok) {
      await ctx.answerCallbackQuery({ text: errorText(ctx.t, made.error), show_alert: true });
      return;
    }
    const ref = { kind: "inline" as const, inlineMessageId };
    const accepted = service.acceptChallenge(made.value.id, playerRef(ctx.from), ref);
    if (!accepted.ok) {
      await ctx.answerCallbackQuery({ text: errorText(ctx.t, accepted.error), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await presenter.show(accepted.value.game);
  });

  function makeChallenge(
    challenger: PlayerRef,
    offer: Offer,
    inlineMessageId: string,
    locale: string,
  ) {
    return service.createChallenge({
      challenger,
      chat: null,
      variant: offer.variant,
      rules: rulesOf(offer),
      locale,
      message: { kind: "inline", inlineMessageId },
    });
  }

  /** A card is a photo with a caption when pictures are available, else a text message. */
  async function editCard(
    ctx: BotContext,
    id: string,
    html: string,
    keyboard: InlineKeyboardMarkup,
  ) {
    const other = { parse_mode: "HTML" as const, reply_markup: keyboard };
    try {
      if (uploader) await ctx.api.editMessageCaptionInline(id, { caption: html, ...other });
      else await ctx.api.editMessageTextInline(id, html, other);
    } catch (err) {
      deps.logger.debug({ err }, "inline card not edited");
    }
  }

  return composer;
}

const rulesOf = (offer: Offer): Rules => presetRules(offer.variant, offer.preset)!;
