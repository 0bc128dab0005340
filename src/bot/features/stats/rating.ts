import { type CommandContext, InputFile } from "grammy";
import type { Variant } from "../../../engine/index.js";
import type { RatingChartView } from "../../../render/rating-chart.js";
import type {
  GameService,
  PlayerRef,
  RatingLeaderRow,
  RatingPoint,
  RatingView,
} from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import type { BotContext } from "../../context.js";
import { CAPTION_LIMIT, fitHtml, fitList, more, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName, plainName } from "../../ui/names.js";
import { withinLimit } from "../limited.js";
import { playerRef } from "../player-ref.js";
import type { StatsDeps } from "./deps.js";

const VARIANTS: readonly Variant[] = ["long", "short"];
/** The matches a chart goes back over: enough to see a trend, few enough to tell apart. */
const CHART_MATCHES = 200;
/** Rows of each `/top global` board. */
const TOP = 10;

/** One game's rating of a player, with the matches the chart shows. */
export interface VariantRating {
  readonly variant: Variant;
  readonly rating: RatingView;
  /** Oldest first; the last CHART_MATCHES. */
  readonly history: readonly RatingPoint[];
}

/** The player's rating in both games. */
export function ratingsOf(service: GameService, userId: number): Promise<VariantRating[]> {
  return Promise.all(
    VARIANTS.map(async (variant) => ({
      variant,
      rating: await service.ratingOf(userId, variant),
      history: await service.ratingHistory(userId, variant, CHART_MATCHES),
    })),
  );
}

/** The chart: one line per game the player has a rated match in, from before its first. */
export function ratingChart(
  t: Translate,
  name: string,
  ratings: readonly VariantRating[],
): RatingChartView {
  return {
    title: t("rating-title", { name }),
    subtitle: t("rating-subtitle"),
    xLabel: t("rating-axis"),
    lines: ratings
      .filter((r) => r.history.length > 0)
      .map((r) => {
        const first = r.history[0]!;
        return {
          variant: r.variant,
          label: `${t(`variant-${r.variant}`)}: ${Math.round(r.rating.rating)}`,
          ratings: [first.rating - first.delta, ...r.history.map((h) => h.rating)],
          firstMatch: Math.max(0, r.rating.matches - r.history.length),
        };
      }),
  };
}

/** The caption: whose rating, and both games' ratings now (HTML). */
export function ratingCaption(
  t: Translate,
  name: string,
  ratings: readonly VariantRating[],
): string {
  const lines = ratings.map(({ variant, rating }) =>
    rating.matches === 0
      ? t("rating-line-none", { variant: t(`variant-${variant}`) })
      : t("rating-line", {
          variant: t(`variant-${variant}`),
          rating: Math.round(rating.rating),
          matches: rating.matches,
        }),
  );
  return fitHtml(`📈 <b>${t("rating-title", { name })}</b>\n${lines.join("\n")}`, CAPTION_LIMIT);
}

/**
 * `/rating`: the sender's rating in both games as a chart with the figures in its caption;
 * never rated, a text on where everyone starts and how to get rated. Each chart is drawn,
 * so each counts against the sender's limit. Drawn here, not as a review job: a chart of 200
 * matches takes ~20 ms, less than a job's round trips.
 */
export async function ratingCommand(
  deps: StatsDeps,
  ctx: CommandContext<BotContext>,
): Promise<void> {
  if (!(await withinLimit(ctx, deps.limits.ratings, "limit-command"))) return;
  const me: PlayerRef = playerRef(ctx.from!);
  const ratings = await ratingsOf(deps.service, me.id);
  if (ratings.every((r) => r.rating.matches === 0)) {
    await ctx.reply(ctx.t("rating-none"));
    return;
  }
  const png = await deps.renderRating(ratingChart(ctx.t, plainName(me), ratings));
  await ctx.replyWithPhoto(new InputFile(png, "rating.png"), {
    caption: ratingCaption(ctx.t, htmlName(me), ratings),
    parse_mode: "HTML",
  });
}

/** One game's two `/top global` boards. */
export interface GlobalBoards {
  readonly variant: Variant;
  readonly allTime: readonly RatingLeaderRow[];
  readonly month: readonly RatingLeaderRow[];
}

/** Both games' boards: all time, and this month (from `now`'s month's start, UTC). */
export function globalBoards(service: GameService, now: number): Promise<GlobalBoards[]> {
  return Promise.all(
    VARIANTS.map(async (variant) => ({
      variant,
      allTime: await service.ratingLeaderboard(variant, { limit: TOP }),
      month: await service.ratingLeaderboard(variant, { month: now, limit: TOP }),
    })),
  );
}

/**
 * `/top global`: each game's best by rating, then this month's gains; a game nobody has a
 * rated match in is left out. Empty when nobody has one at all.
 */
export function globalTopText(t: Translate, boards: readonly GlobalBoards[]): string {
  interface Line {
    readonly section: number;
    readonly text: string;
  }
  const titles: string[] = [];
  const empty: (string | null)[] = [];
  const lines: Line[] = [];
  for (const b of boards) {
    if (b.allTime.length === 0) continue;
    const variant = t(`variant-${b.variant}`);
    const all = titles.push(t("top-global-title", { variant })) - 1;
    empty.push(null);
    b.allTime.forEach((r, i) => {
      lines.push({
        section: all,
        text: t("top-global-row", {
          rank: i + 1,
          name: htmlName(r.player),
          rating: Math.round(r.rating),
          matches: r.matches,
        }),
      });
    });
    const month = titles.push(t("top-global-month", { variant })) - 1;
    empty.push(b.month.length === 0 ? t("top-global-month-none") : null);
    b.month.forEach((r, i) => {
      const gained = r.gained ?? 0;
      lines.push({
        section: month,
        text: t("top-global-month-row", {
          rank: i + 1,
          name: htmlName(r.player),
          sign: gained < 0 ? "\u2212" : "+",
          gained: Math.abs(gained),
          rating: Math.round(r.rating),
        }),
      });
    });
  }
  if (titles.length === 0) return "";
  return fitList(TEXT_LIMIT, lines, (shown, hidden) =>
    [
      ...titles.map((title, k) => {
        const rows = shown.filter((l) => l.section === k).map((l) => l.text);
        const none = empty[k];
        return [title, ...(rows.length === 0 && none ? [none] : rows)].join("\n");
      }),
      ...more(t, hidden),
    ].join("\n\n"),
  );
}

/** `/top global`: the boards across chats, as a text. */
export async function globalTopCommand(
  deps: StatsDeps,
  ctx: CommandContext<BotContext>,
): Promise<void> {
  const text = globalTopText(ctx.t, await globalBoards(deps.service, deps.service.config.now()));
  await ctx.reply(text || ctx.t("top-global-none"), { parse_mode: "HTML" });
}
