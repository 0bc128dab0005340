import type { Filter } from "grammy";
import type { InlineKeyboardMarkup, InlineQueryResult } from "grammy/types";
import { startingBoard, type Variant } from "../../../engine/index.js";
import type { ChallengeView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { CARD_OFFERS, encode } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import type { PhotoUploader, RenderBoard } from "../../game-messenger.js";
import { isLocale, type Locale } from "../../i18n.js";
import { minutesLeft } from "../../rate-limit.js";
import { CAPTION_LIMIT, fitHtml } from "../../ui/fit.js";
import { htmlName } from "../../ui/names.js";
import { gameTitle } from "../../ui/rules-text.js";
import type { CardFields } from "../challenge/card-seal.js";
import { challengeKeyboard, challengeText } from "../challenge/text.js";
import { playerRef } from "../player-ref.js";
import type { InlineDeps } from "./deps.js";
import { type InlineScope, OFFERS, resultId, rulesOf, SHARED } from "./offers.js";

/** A picture of the starting position per game, uploaded once for its file id. */
export function cardPhotos(
  render: RenderBoard,
  uploader: PhotoUploader | null,
): (variant: Variant) => Promise<string> | null {
  const photos = new Map<Variant, Promise<string>>();
  return (variant) => {
    if (!uploader) return null;
    let photo = photos.get(variant);
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
      photo.catch(() => photos.delete(variant));
      photos.set(variant, photo);
    }
    return photo;
  };
}

/** A card's Accept and Cancel, each carrying the sealed card. */
function cardKeyboard(
  scope: InlineScope,
  t: Translate,
  card: CardFields & { locale: Locale },
): InlineKeyboardMarkup {
  const data = (command: "accept" | "cancel") =>
    encode({ type: "card", ...card, command, seal: scope.seal(card) });
  return {
    inline_keyboard: [
      [{ text: t("btn-accept"), callback_data: data("accept") }],
      [{ text: t("btn-cancel-challenge"), callback_data: data("cancel") }],
    ],
  };
}

/** The challenger's own pending challenge from /new, if the query names one. */
async function sharedChallenge(
  deps: InlineDeps,
  query: string,
  userId: number,
): Promise<ChallengeView | null> {
  const m = SHARED.exec(query.trim());
  const c = m ? await deps.service.getChallenge(Number(m[1])) : null;
  // Such a challenge waits in its challenger's private chat, whose id is theirs.
  return c && c.challenger.id === userId && c.status === "pending" && c.chatId === userId
    ? c
    : null;
}

/** `@bot` typed in a chat: the shared challenge it names, or a card per game offered. */
export async function inlineQuery(
  scope: InlineScope,
  ctx: Filter<BotContext, "inline_query">,
): Promise<void> {
  const { deps, ttlMinutes } = scope;
  const { service } = deps;
  const from = playerRef(ctx.from);
  await service.touchPlayer(from);
  const locale = await ctx.i18n.getLocale();
  const lang: Locale = isLocale(locale) ? locale : "en";
  const shared = await sharedChallenge(deps, ctx.inlineQuery.query, from.id);
  if (shared) {
    const t = await deps.textsOf.challenge(shared.id);
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
          reply_markup: challengeKeyboard(t, shared, scope.sealCopy(shared.id)),
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
    const photo = await scope.cardPhoto(variant)?.catch(() => null);
    const card = { offer, challengerId: from.id, locale: lang, photo: Boolean(photo), issuedAt };
    const common = {
      title,
      description: ctx.t("inline-description"),
      reply_markup: cardKeyboard(scope, ctx.t, card),
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
}
