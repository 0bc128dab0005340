import { DEFAULT_LEVEL, type Player, type SeriesScore } from "../ai/index.js";
import type { Logger } from "../log.js";
import { type Decide, decideHere } from "./computer-thread.js";
import type { ServiceError } from "./errors.js";
import type { GameService } from "./game-service.js";
import type { Happening } from "./news.js";
import type { GameView, PlayerRef } from "./types.js";

export interface OpponentOptions {
  /** Pause before playing, so people can follow the moves. */
  readonly delayMs: number;
  readonly level?: Player;
  readonly logger: Logger;
  /** Where decisions are made; in this thread unless given (main.ts gives a worker). */
  readonly decide?: Decide;
}

/** Tries at one turn while the game keeps changing under the player. */
const MAX_ATTEMPTS = 5;
/** Games whose turn was refused, remembered by version so they are not tried every minute. */
const REFUSED_LIMIT = 1_000;

type TurnOutcome = { readonly done: true } | { readonly retry: true } | ServiceError;

/**
 * The computer as a player: whenever a game waits for it, it thinks, pauses, and plays its
 * whole turn (or answers a double or a resignation offer). It acts through the service like
 * anyone, so the board follows its moves as it follows a press.
 */
export class ComputerOpponent {
  private readonly running = new Map<number, Promise<void>>();
  private readonly refused = new Map<number, number>();
  private stopped = false;

  constructor(
    private readonly service: GameService,
    readonly player: PlayerRef,
    private readonly options: OpponentOptions,
  ) {}

  /** Give it every changed game: it starts its turn when the game waits for it. */
  notice(game: GameView): void {
    if (this.stopped || game.waitingFor !== this.player.id || this.running.has(game.id)) return;
    if (this.refused.get(game.id) === game.version) return;
    const turn = this.play(game.id)
      .catch((err) => {
        // A decision cut off by the process stopping is no fault: the next start takes it up.
        if (this.stopped) this.options.logger.info({ gameId: game.id }, "computer turn left");
        else this.options.logger.error({ err, gameId: game.id }, "computer turn failed");
      })
      .then(() => this.lookAgain(game))
      .catch((err) => this.options.logger.error({ err, gameId: game.id }, "computer turn failed"));
    this.running.set(game.id, turn);
  }

  /** Changes made while a turn ran were not noticed: looks once more if there were any. */
  private async lookAgain(game: GameView): Promise<void> {
    let now: GameView | null = null;
    try {
      now = await this.service.getGame(game.id);
    } finally {
      // Still running while it reads, so `settled` waits for the turn this may start.
      this.running.delete(game.id);
    }
    if (now && now.version !== game.version) this.notice(now);
  }

  /** Takes up every game waiting for it, e.g. turns a restart cut off. */
  async resumeWaiting(): Promise<void> {
    for (const game of await this.service.gamesWaitingFor(this.player.id)) this.notice(game);
  }

  /** No new turn starts (the process is stopping); the next start takes them up. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when no turn is in progress. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private async play(gameId: number): Promise<void> {
    const { delayMs, logger } = this.options;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !this.stopped; attempt++) {
      const game = await this.service.getGame(gameId);
      if (!game || game.waitingFor !== this.player.id) return;
      // A game in a chat the bot has lost waits, like every timer there, until it is back.
      if (this.service.isChatLost(game.chatId)) return;
      const outcome = await this.playTurn(game);
      if ("done" in outcome) return;
      if ("retry" in outcome) continue;
      // A refusal that trying again cannot change: leave this version alone.
      logger.error(
        { gameId, code: outcome.code, reason: outcome.message },
        "computer move refused",
      );
      this.rememberRefused(gameId, game.version);
      return;
    }
    logger.warn({ gameId }, "computer turn given up: the game kept changing");
  }

  /**
   * Decides and acts until the game no longer waits for it; no pause in between. The game may
   * change while a decision is made (a resignation, a timeout): its act is then refused as
   * stale, and the turn is tried again from the game as it is.
   */
  private async playTurn(start: GameView): Promise<TurnOutcome> {
    const happened = new Set<Happening>();
    try {
      return await this.decideAndAct(start, happened);
    } finally {
      // Its acts are announced once, for the whole turn: the board does not show the roll
      // apart from the move decided after it.
      if ((await this.service.getGame(start.id))?.version !== start.version)
        await this.service.announce([start.id], [...happened]);
    }
  }

  private async decideAndAct(start: GameView, happened: Set<Happening>): Promise<TurnOutcome> {
    const decide = this.options.decide ?? decideHere;
    let game = start;
    while (game.waitingFor === this.player.id) {
      const move = await decide({
        state: game.state,
        player: this.options.level ?? DEFAULT_LEVEL,
        series: seriesScore(game),
        // The easy level's noise comes from the game and its version, not the clock: the
        // same game replayed gets the same decisions.
        seed: Math.imul(game.id, 0x9e3779b1) ^ game.version,
      });
      if (!move) return { code: "wrong-phase", message: "nothing to decide" };
      const planned = game.state;
      for (const action of move.actions) {
        const r = await this.service.act(game.id, this.player.id, action, game.version, {
          announce: false,
        });
        if (!r.ok)
          return r.error.code === "stale" || r.error.code === "busy" ? { retry: true } : r.error;
        game = r.value.game;
        for (const h of r.value.happened) happened.add(h);
        // The service may end a turn itself (a forced rest, the other side's pass): the rest
        // of the plan belongs to a position that is gone, so decide again from the new one.
        if (game.state.turnNumber !== planned.turnNumber || game.state.phase !== planned.phase)
          break;
      }
    }
    return { done: true };
  }

  private rememberRefused(gameId: number, version: number): void {
    this.refused.delete(gameId);
    this.refused.set(gameId, version);
    if (this.refused.size > REFUSED_LIMIT) this.refused.delete(this.refused.keys().next().value!);
  }
}

/** The match score, by colour, when the series is a match to N points. */
function seriesScore(game: GameView): SeriesScore | null {
  const match = game.rules.match;
  return match.kind === "points" ? { to: match.to, score: game.score } : null;
}
