import { type Db, storeFailure, type TournamentStatus } from "../../db/index.js";
import { ServiceContext } from "../context.js";
import { fail, isBusy, ok, type ServiceResult } from "../errors.js";
import type { GameService } from "../game-service.js";
import { isId, isPlayer } from "../guards.js";
import type { Publish } from "../news.js";
import type { GameView, PlayerRef } from "../types.js";
import { advance } from "./advance.js";
import {
  cancelTournament,
  changeTournament,
  createTournament,
  joinTournament,
  leaveTournament,
  startTournament,
  type TournamentInput,
} from "./lifecycle.js";
import type { CancelMode, TournamentChange, TournamentView } from "./types.js";
import { tournamentView } from "./view.js";

/**
 * Tournaments in groups, over the same database as the games. Their matches are series of
 * ordinary games, opened here and played through the game service; every finished game of
 * a tournament moves it on.
 */
export class TournamentService {
  private readonly ctx: ServiceContext;
  /** `publish`: told of every committed change of a tournament (its pictures follow it). */
  constructor(
    db: Db,
    private readonly games: GameService,
    private readonly publish: Publish = () => {},
  ) {
    this.ctx = new ServiceContext(db, games.config, games.frontEnd);
  }

  /** Every game that changed: a tournament game that ended moves its tournament on. */
  async gameChanged(game: GameView): Promise<void> {
    if (game.tournamentId !== null && game.status !== "active")
      await this.advance(game.tournamentId);
  }

  async create(input: TournamentInput): Promise<ServiceResult<TournamentView>> {
    if (!isPlayer(input.organiser) || !isId(input.chat?.id))
      return fail("bad-input", "That request makes no sense.");
    return await this.change(async (t) => createTournament(t, input));
  }

  /** `mark`: what the join's own act fixed (see dice.ts markOf); the entrant's first games take it. */
  async join(
    id: number,
    by: PlayerRef,
    mark: string | null = null,
  ): Promise<ServiceResult<TournamentView>> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return await this.change(async (t) => joinTournament(t, id, by, mark));
  }

  async leave(id: number, by: PlayerRef): Promise<ServiceResult<TournamentView>> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return await this.change(async (t) => leaveTournament(t, id, by));
  }

  async configure(
    id: number,
    by: PlayerRef,
    change: TournamentChange,
  ): Promise<ServiceResult<TournamentView>> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return await this.change(async (t) => changeTournament(t, id, by, change));
  }

  async start(id: number, by: PlayerRef | null): Promise<ServiceResult<TournamentView>> {
    if (!isId(id) || (by !== null && !isPlayer(by))) return badInput();
    let opened: number[] = [];
    const r = await this.change(async (t) => {
      const started = await startTournament(t, id, by);
      if (!started.ok) return started;
      opened = started.value.opened;
      return ok(started.value.row);
    });
    await this.games.announce(opened, ["started"]);
    return r;
  }

  /** `chatAdmin`: the one calling it off runs the tournament's chat (the bot asked Telegram). */
  async cancel(
    id: number,
    by: PlayerRef | null,
    mode: CancelMode,
    chatAdmin = false,
  ): Promise<ServiceResult<TournamentView>> {
    if (!isId(id) || (by !== null && !isPlayer(by))) return badInput();
    let abandoned: number[] = [];
    const r = await this.change(async (t) => {
      const done = await cancelTournament(t, id, by, mode, chatAdmin);
      if (!done.ok) return done;
      abandoned = done.value.abandoned;
      return ok(done.value.row);
    });
    await this.games.announce(abandoned, ["abandoned"]);
    return r;
  }

  /** Sign-ups whose window has closed: started with enough players, else called off. */
  async closeSignups(now: number = this.ctx.config.now()): Promise<void> {
    for (const t of await this.ctx.tournaments.signupsDue(now)) {
      const started = await this.start(t.id, null);
      if (!started.ok) await this.cancel(t.id, null, "finish");
    }
  }

  /** Moves a tournament on from its games (idempotent; see advance). */
  async advance(id: number): Promise<void> {
    let opened: number[] = [];
    let before = 0;
    const r = await this.write(async (t) => {
      before = (await t.tournaments.get(id))?.version ?? 0;
      opened = await advance(t, id);
      return ok(null);
    });
    if (!r.ok) return;
    await this.games.announce(opened, ["started"]);
    const after = await this.get(id);
    if (after && after.version !== before) await this.changed(after);
  }

  /** Every tournament in play, after a restart or at a maintenance tick. */
  async advanceAll(): Promise<void> {
    for (const id of await this.ctx.tournaments.inPlayIds()) await this.advance(id);
  }

  async get(id: number): Promise<TournamentView | null> {
    const row = isId(id) ? await this.ctx.tournaments.get(id) : undefined;
    return row ? await tournamentView(this.ctx, row) : null;
  }

  /** The chat's tournament in sign-up or play, else its latest one, else null. */
  async inChat(chatId: number): Promise<TournamentView | null> {
    const row =
      (await this.ctx.tournaments.openInChat(chatId)) ??
      (await this.ctx.tournaments.latestInChat(chatId));
    return row ? await tournamentView(this.ctx, row) : null;
  }

  async openInChat(chatId: number): Promise<TournamentView | null> {
    const row = await this.ctx.tournaments.openInChat(chatId);
    return row ? await tournamentView(this.ctx, row) : null;
  }

  /** Tournaments whose sign-up is open. */
  async inSignup(): Promise<TournamentView[]> {
    return Promise.all(
      (await this.ctx.tournaments.inSignup()).map((t) => tournamentView(this.ctx, t)),
    );
  }

  /** The final message (winner and places) has been posted. */
  async markAnnounced(id: number): Promise<void> {
    await this.ctx.tournaments.setMessages(id, { announced: true });
  }

  /** The sign-up card was written for this status: a closed card is not written again. */
  async markCardWritten(id: number, status: TournamentStatus): Promise<void> {
    await this.ctx.tournaments.setMessages(id, { cardStatus: status });
  }

  /** Tournaments won per player in the chat. */
  async winsInChat(chatId: number): Promise<Map<number, number>> {
    return await this.ctx.tournaments.winsInChat(chatId);
  }

  private async change(
    fn: (t: ServiceContext) => Promise<ServiceResult<{ id: number }>>,
  ): Promise<ServiceResult<TournamentView>> {
    const r = await this.write(fn);
    if (!r.ok) return r;
    const view = await this.get(r.value.id);
    if (!view) return fail("not-found", "There is no such tournament.");
    await this.changed(view);
    return ok(view);
  }

  private async changed(view: TournamentView): Promise<void> {
    await this.publish({ kind: "tournament", tournament: view });
  }

  private async write<T>(
    fn: (t: ServiceContext) => Promise<ServiceResult<T>>,
  ): Promise<ServiceResult<T>> {
    try {
      return await this.ctx.tx(fn);
    } catch (e) {
      if (isConstraint(e)) return fail("tournament-exists", "This chat already has a tournament.");
      if (isBusy(e)) return fail("busy", "The game is busy; try again.");
      throw e;
    }
  }
}

const badInput = <T>(): ServiceResult<T> => fail("bad-input", "That request makes no sense.");
const isConstraint = (e: unknown): boolean => storeFailure(e) === "unique";
