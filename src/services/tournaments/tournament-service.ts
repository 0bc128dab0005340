import type { Db, TournamentStatus } from "../../db/index.js";
import { ServiceContext } from "../context.js";
import { fail, isBusy, ok, type ServiceResult, sqliteCode } from "../errors.js";
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
  gameChanged(game: GameView): void {
    if (game.tournamentId !== null && game.status !== "active") this.advance(game.tournamentId);
  }

  create(input: TournamentInput): ServiceResult<TournamentView> {
    if (!isPlayer(input.organiser) || !isId(input.chat?.id))
      return fail("bad-input", "That request makes no sense.");
    return this.change(() => createTournament(this.ctx, input));
  }

  join(id: number, by: PlayerRef): ServiceResult<TournamentView> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return this.change(() => joinTournament(this.ctx, id, by));
  }

  leave(id: number, by: PlayerRef): ServiceResult<TournamentView> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return this.change(() => leaveTournament(this.ctx, id, by));
  }

  configure(id: number, by: PlayerRef, change: TournamentChange): ServiceResult<TournamentView> {
    if (!isId(id) || !isPlayer(by)) return badInput();
    return this.change(() => changeTournament(this.ctx, id, by, change));
  }

  start(id: number, by: PlayerRef | null): ServiceResult<TournamentView> {
    if (!isId(id) || (by !== null && !isPlayer(by))) return badInput();
    let opened: number[] = [];
    const r = this.change(() => {
      const started = startTournament(this.ctx, id, by);
      if (!started.ok) return started;
      opened = started.value.opened;
      return ok(started.value.row);
    });
    this.games.announce(opened, ["started"]);
    return r;
  }

  /** `chatAdmin`: the one calling it off runs the tournament's chat (the bot asked Telegram). */
  cancel(
    id: number,
    by: PlayerRef | null,
    mode: CancelMode,
    chatAdmin = false,
  ): ServiceResult<TournamentView> {
    if (!isId(id) || (by !== null && !isPlayer(by))) return badInput();
    let abandoned: number[] = [];
    const r = this.change(() => {
      const done = cancelTournament(this.ctx, id, by, mode, chatAdmin);
      if (!done.ok) return done;
      abandoned = done.value.abandoned;
      return ok(done.value.row);
    });
    this.games.announce(abandoned, ["abandoned"]);
    return r;
  }

  /** Sign-ups whose window has closed: started with enough players, else called off. */
  closeSignups(now: number = this.ctx.config.now()): void {
    for (const t of this.ctx.tournaments.signupsDue(now)) {
      const started = this.start(t.id, null);
      if (!started.ok) this.cancel(t.id, null, "finish");
    }
  }

  /** Moves a tournament on from its games (idempotent; see advance). */
  advance(id: number): void {
    let opened: number[] = [];
    let before = 0;
    const r = this.write(() => {
      before = this.ctx.tournaments.get(id)?.version ?? 0;
      opened = advance(this.ctx, id);
      return ok(null);
    });
    if (!r.ok) return;
    this.games.announce(opened, ["started"]);
    const after = this.get(id);
    if (after && after.version !== before) this.changed(after);
  }

  /** Every tournament in play, after a restart or at a maintenance tick. */
  advanceAll(): void {
    for (const id of this.ctx.tournaments.inPlayIds()) this.advance(id);
  }

  get(id: number): TournamentView | null {
    const row = isId(id) ? this.ctx.tournaments.get(id) : undefined;
    return row ? tournamentView(this.ctx, row) : null;
  }

  /** The chat's tournament in sign-up or play, else its latest one, else null. */
  inChat(chatId: number): TournamentView | null {
    const row =
      this.ctx.tournaments.openInChat(chatId) ?? this.ctx.tournaments.latestInChat(chatId);
    return row ? tournamentView(this.ctx, row) : null;
  }

  openInChat(chatId: number): TournamentView | null {
    const row = this.ctx.tournaments.openInChat(chatId);
    return row ? tournamentView(this.ctx, row) : null;
  }

  /** Tournaments whose sign-up is open. */
  inSignup(): TournamentView[] {
    return this.ctx.tournaments.inSignup().map((t) => tournamentView(this.ctx, t));
  }

  /** The final message (winner and places) has been posted. */
  markAnnounced(id: number): void {
    this.ctx.tournaments.setMessages(id, { announced: true });
  }

  /** The sign-up card was written for this status: a closed card is not written again. */
  markCardWritten(id: number, status: TournamentStatus): void {
    this.ctx.tournaments.setMessages(id, { cardStatus: status });
  }

  /** Tournaments won per player in the chat. */
  winsInChat(chatId: number): Map<number, number> {
    return this.ctx.tournaments.winsInChat(chatId);
  }

  private change(fn: () => ServiceResult<{ id: number }>): ServiceResult<TournamentView> {
    const r = this.write(fn);
    if (!r.ok) return r;
    const view = this.get(r.value.id);
    if (!view) return fail("not-found", "There is no such tournament.");
    this.changed(view);
    return ok(view);
  }

  private changed(view: TournamentView): void {
    this.publish({ kind: "tournament", tournament: view });
  }

  private write<T>(fn: () => ServiceResult<T>): ServiceResult<T> {
    try {
      return this.ctx.tx(fn);
    } catch (e) {
      if (isConstraint(e)) return fail("tournament-exists", "This chat already has a tournament.");
      if (isBusy(e)) return fail("busy", "The game is busy; try again.");
      throw e;
    }
  }
}

const badInput = <T>(): ServiceResult<T> => fail("bad-input", "That request makes no sense.");
const isConstraint = (e: unknown): boolean => sqliteCode(e) === "SQLITE_CONSTRAINT_UNIQUE";
