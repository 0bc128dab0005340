import { chooseAction, DEFAULT_LEVEL, type Player } from "../ai/index.js";
import type { Logger } from "../log.js";
import type { GameService, GameView, PlayerRef } from "../services/index.js";
import type { BotParts } from "./create-bot.js";
import { errorText } from "./features/errors-text.js";
import { playerRef } from "./features/player-ref.js";
import type { PlayVsBot } from "./features/vs-bot.js";
import type { GamePresenter } from "./game-presenter.js";

/** Attempts per turn before giving up on a game that keeps changing under the bot. */
const MAX_RETRIES = 5;

/**
 * The bot as a player: whenever a shown game waits for it, it thinks, pauses so people can
 * follow, plays its whole turn (or answers a double or an offer) and shows the board once.
 */
export class BotOpponent {
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly service: GameService,
    private readonly presenter: GamePresenter,
    private readonly me: PlayerRef,
    private readonly logger: Logger,
    private readonly delayMs: number,
    private readonly level: Player = DEFAULT_LEVEL,
  ) {}

  /** Called after every shown update: starts the bot's turn when the game waits for it. */
  notice(game: GameView): void {
    if (game.waitingFor !== this.me.id || this.running.has(game.id)) return;
    const turn = this.play(game.id)
      .catch((err) => this.logger.error({ err, gameId: game.id }, "bot turn failed"))
      .finally(() => this.running.delete(game.id));
    this.running.set(game.id, turn);
  }

  /** Takes up every game waiting for the bot, e.g. turns a restart cut off. */
  resumeWaiting(): void {
    for (const game of this.service.gamesWaitingFor(this.me.id)) this.notice(game);
  }

  /** Resolves when no bot turn is in progress (tests wait on it). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private async play(gameId: number): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    let finished = null;
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      let game = this.service.getGame(gameId);
      if (!game || game.waitingFor !== this.me.id) return;
      let stale = false;
      // One decision can leave the game waiting for the bot again (a roll, then the move).
      while (game.waitingFor === this.me.id && !stale) {
        const move = chooseAction(game.state, {
          player: this.level,
          series: this.seriesScore(game),
        });
        if (!move) break;
        for (const action of move.actions) {
          const r = this.service.act(game.id, this.me.id, action, game.version);
          if (!r.ok) {
            stale = true;
            break;
          }
          game = r.value.game;
          finished = r.value.finished ?? finished;
        }
      }
      if (!stale) {
        await this.presenter.show(game, { finished });
        return;
      }
    }
    this.logger.warn({ gameId }, "bot gave up its turn: the game kept changing");
  }

  private seriesScore(game: GameView) {
    const series = this.service.getSeries(game.seriesId);
    const match = series?.rules.match;
    if (!series || match?.kind !== "points") return null;
    const [a, b] = series.state.scores;
    const aIsWhite = series.players[0].id === game.white.id;
    return {
      to: match.to,
      score: { white: aIsWhite ? a : b, black: aIsWhite ? b : a },
    };
  }
}

/** `/play bot` and the set-up dialog's "the bot": a game against the bot in this chat. */
export function vsBotStarter(delayMs: number, level: Player = DEFAULT_LEVEL) {
  return (parts: BotParts): PlayVsBot => {
    const { service, presenter, logger } = parts.deps;
    const info = parts.bot.botInfo;
    const me: PlayerRef = { id: info.id, firstName: info.first_name, username: info.username };
    const opponent = new BotOpponent(service, presenter, me, logger, delayMs, level);
    presenter.onShown((game) => opponent.notice(game));
    parts.maintenance.onTick(() => opponent.resumeWaiting());
    botOpponents.set(parts, opponent);
    return async (ctx, variant, rules) => {
      if (!ctx.from || !ctx.chat) return;
      const locale = await ctx.i18n.getLocale();
      const chat = {
        id: ctx.chat.id,
        type: ctx.chat.type,
        title: "title" in ctx.chat ? (ctx.chat.title ?? null) : null,
      };
      const made = service.createChallenge({
        challenger: playerRef(ctx.from),
        chat,
        target: { user: me },
        variant,
        rules,
        locale,
      });
      if (!made.ok) {
        await ctx.reply(errorText(ctx.t, made.error));
        return;
      }
      const started = service.acceptChallenge(made.value.id, me);
      if (!started.ok) {
        await ctx.reply(errorText(ctx.t, started.error));
        return;
      }
      await presenter.post(started.value.game, ctx.chat.id, ctx.message?.message_id);
    };
  };
}

/** The bot player of each bot, for tests that wait for its turns. */
export const botOpponents = new WeakMap<BotParts, BotOpponent>();
