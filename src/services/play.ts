import {
  type FullGame,
  type GameOpening,
  type GameRow,
  LOBBY_KEY,
  type NewEvent,
  type PendingStart,
} from "../db/index.js";
import {
  type Action,
  act,
  actor,
  type Color,
  emptyTurnLog,
  type GameState,
  logAction,
  newGame,
  other,
  seriesMayGoOn,
  type TimeControl,
  type TurnLog,
} from "../engine/index.js";
import { autoAction } from "./autoplay.js";
import { playerClaimRefusal } from "./claims.js";
import { clockAfter, flagAt, openingClock } from "./clocks.js";
import type { ServiceContext } from "./context.js";
import { commitmentOf, type DiceOrigin, isSalt, privateSaltOf, SeedDice, saltOf } from "./dice.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import { actionEvent, startEvent } from "./events.js";
import { recordFinish, userOf } from "./finish.js";
import type { MessageRef } from "./message-ref.js";
import { happenings } from "./news.js";
import { matchPointsLacking } from "./series.js";
import { planStart, type StartInput } from "./start.js";
import type { ActOutcome, GameEventView } from "./types.js";
import { gameViewIn } from "./views.js";

/** Thrown inside a transaction to roll it back when the optimistic write lost. */
export class StaleWrite extends Error {}

/** A safety net only: a real game never needs this many automatic actions in a row. */
const MAX_AUTO = 10_000;

interface Played {
  readonly state: GameState;
  readonly log: TurnLog;
}

/** Takes the automatic actions due after `state`, each as its own event with no actor. */
function settle(played: Played, dice: SeedDice, out: NewEvent[], afterUndo: boolean): Played {
  let { state: s, log } = played;
  for (let i = 0, undo = afterUndo; i < MAX_AUTO; i++, undo = false) {
    const next = autoAction(s, undo);
    if (!next) break;
    const drawn = dice.drawn.length;
    const r = act(s, next.by, next.action, { dice });
    if (!r.ok) throw new Error(`automatic ${next.action.type} refused: ${r.error.message}`);
    log = logAction(log, s, r.state, null);
    s = r.state;
    out.push(eventOf(next.by, next.action, dice.drawn.slice(drawn), null));
  }
  return { state: s, log };
}

const eventOf = (by: Color, action: Action, dice: number[], actorId: number | null): NewEvent => ({
  ...actionEvent(by, action, dice),
  actorId,
});

export interface CreateGameInput extends Omit<StartInput, "dice" | "confirmTurns"> {
  readonly seriesId: number;
  readonly chatId: number | null;
  /** Where the game is shown, when known at its creation (an inline message it takes over). */
  readonly message: MessageRef | null;
  readonly challengeId: number | null;
  /** The tournament whose match it opens, if any. */
  readonly tournamentId: number | null;
  readonly previousGameId: number | null;
  /** Who started it; null: nobody pressed (a lobby match's next game starts by itself). */
  readonly actorId: number | null;
  /** The seed committed to before (hex, with the challenge or the last game); else a new one. */
  readonly seed?: string | null;
  /** The dice's second part fixed by the act that starts the game, if it brought one. */
  readonly secondPart?: string | null;
  /** A player who has given no sign of playing (see GameView.unconfirmedId). */
  readonly unconfirmedId?: number | null;
  /** The game's clock; null or absent: none. */
  readonly timeControl?: TimeControl | null;
  /** The game moves the players' ratings across chats (see rating.ts); absent: not rated. */
  readonly rated?: boolean;
}

/** What the act that starts a game brings beside who and where (front ends fill it). */
export interface StartedBy {
  /** The dice's second part it fixed (see PendingStart.secondPart). */
  readonly secondPart?: string | null;
  /** Paired in the lobby: the game opens a new lobby match (its own series). */
  readonly lobby?: boolean;
  /** The challenger gave no sign of having offered this game (an inline card's, copied). */
  readonly challengerUnconfirmed?: boolean;
}

/**
 * Stores a new game with its seed committed to; inside a transaction. No die falls yet: the
 * game waits for the message it starts in, whose Telegram-given place and date are the dice's
 * second part (beginGame). Until then it shows its starting position, with colours as far as
 * they are known before the lot.
 */
export async function createGame(ctx: ServiceContext, input: CreateGameInput): Promise<GameRow> {
  const now = ctx.config.now();
  const seed = input.seed ? Buffer.from(input.seed, "hex") : ctx.config.newSeed();
  const chat = input.chatId === null ? undefined : await ctx.chats.get(input.chatId);
  const confirmTurns = chat?.confirmTurns ?? ctx.config.confirmTurns;
  const pendingStart: PendingStart = {
    seats: input.seats,
    starter: input.starter,
    shortWhite: input.shortWhite,
    crawford: input.crawford,
    confirmTurns,
    actorId: input.actorId,
    ...(input.secondPart && isSalt(input.secondPart) ? { secondPart: input.secondPart } : {}),
  };
  const [a, b] = input.seats;
  const whiteId =
    input.variant === "short" ? input.shortWhite : input.starter === "lot" ? a : input.starter;
  const row = await ctx.games.insert(
    {
      variant: input.variant,
      rules: input.rules,
      whiteId,
      blackId: whiteId === a ? b : a,
      state: newGame({
        variant: input.variant,
        rules: input.rules,
        starter: "white",
        openingDice: null,
        crawford: input.crawford,
        confirmTurns,
      }),
      chatId: input.chatId,
      diceSeed: seed.toString("hex"),
      diceCommitment: commitmentOf(seed),
      diceCounter: 0,
      diceSalt: null,
      unconfirmedId: input.unconfirmedId ?? null,
      pendingStart,
      seriesId: input.seriesId,
      challengeId: input.challengeId,
      previousGameId: input.previousGameId,
      opening: null,
      turnLog: emptyTurnLog,
      timeControl: input.timeControl ?? null,
      rated: input.rated ?? false,
      clock: null,
      flagAt: null,
      lastActionAt: now,
      createdAt: now,
      updatedAt: now,
    },
    [],
  );
  // Told in the game's transaction: the front end shows it as what it began from (its language).
  await ctx.frontEnd.gameCreated({
    gameId: row.id,
    challengeId: input.challengeId,
    previousGameId: input.previousGameId,
    tournamentId: input.tournamentId,
  });
  // Recorded with the game, in its transaction: an inline game starts in this message, and its
  // first press finds the game by it.
  if (input.message) await ctx.frontEnd.setGameMessage(row.id, input.message);
  return row;
}

/**
 * The start of a game that waited for its message: `origin` (where Telegram put that
 * message, and when) is the dice's second part; the opening lot and any automatic first
 * actions follow from both parts. Inside a transaction.
 */
export async function beginGame(
  ctx: ServiceContext,
  gameId: number,
  origin: DiceOrigin,
): Promise<ServiceResult<GameRow>> {
  const g = await ctx.games.get(gameId);
  if (!g) return fail("not-found", "There is no such game.");
  const plan = g.pendingStart;
  if (!plan || g.status !== "active") return fail("stale", "This game has started already.");
  const home = await ctx.frontEnd.gameMessage(gameId);
  const series = home ? null : await ctx.series.get(g.seriesId);
  // A lobby game starts on a player's own board, in their private chat.
  const lobby = series?.chatKey === LOBBY_KEY;
  const here =
    origin.kind === "chat"
      ? lobby
        ? origin.chatId === g.whiteId || origin.chatId === g.blackId
        : home?.kind !== "inline" && origin.chatId === g.chatId
      : home?.kind === "inline" && origin.inlineMessageId === home.inlineMessageId;
  if (!here) return fail("bad-input", "The game is not shown there.");
  const now = ctx.config.now();
  // The act that started the game fixed it already; else the message it starts in does.
  const salt = plan.secondPart ?? (lobby ? privateSaltOf(origin) : saltOf(origin));
  const dice = new SeedDice(Buffer.from(g.diceSeed, "hex"), 0, salt);
  const { opening, events } = openingOf(g, plan, dice);
  // The clock starts with the colours; it first runs once the starter's buttons are seen.
  const clock = openingClock(
    g.timeControl ?? null,
    g.rules,
    opening,
    await previousInSeries(ctx, g),
  );
  // A lobby or tournament match's next game starts by itself, with no press: its seed is
  // committed to now, on this game's first boards, and this game's final position is its
  // second part.
  const byItself = lobby || (series?.tournamentId ?? null) !== null;
  const nextDiceSeed =
    byItself && seriesMayGoOn(g.rules) ? ctx.config.newSeed().toString("hex") : null;
  const row = await ctx.games.begin(
    g.id,
    { ...opening, diceSalt: salt, lastActionAt: now, clock, nextDiceSeed },
    events,
    now,
  );
  if (!row) throw new StaleWrite();
  // The message a chat game starts in is its board (a lobby game's boards are its players').
  if (origin.kind === "chat" && !lobby)
    await ctx.frontEnd.setGameMessage(g.id, {
      kind: "chat",
      chatId: origin.chatId,
      messageId: origin.messageId,
    });
  return ok(row);
}

/** The game before `g` in its series (a match's reserves go on from it). */
async function previousInSeries(ctx: ServiceContext, g: GameRow): Promise<GameRow | undefined> {
  if (g.previousGameId !== null) return await ctx.games.get(g.previousGameId);
  const last = await ctx.games.lastBefore(g.seriesId, g.id);
  return last?.status === "finished" ? last : undefined;
}

/** A game's opening as `dice` throw it: the lot, the start event and any automatic actions. */
export function openingOf(
  g: Pick<GameRow, "variant" | "rules">,
  plan: PendingStart,
  dice: SeedDice,
): {
  opening: Omit<GameOpening, "diceSalt" | "lastActionAt" | "clock" | "nextDiceSeed">;
  events: NewEvent[];
} {
  const start = planStart({ variant: g.variant, rules: g.rules, ...plan, dice });
  const events: NewEvent[] = [{ ...startEvent(start.game, start.lot), actorId: plan.actorId }];
  const { state, log } = settle(
    { state: newGame(start.game), log: emptyTurnLog },
    dice,
    events,
    false,
  );
  if (state.phase === "over") throw new Error("a game cannot end before its first move");
  const opening = {
    state,
    whiteId: start.whiteId,
    blackId: start.blackId,
    opening: start.lot,
    diceCounter: dice.counter,
    turnLog: log,
  };
  return { opening, events };
}

/** Why `userId` may not act on this game now, or null. */
export function refusal(
  ctx: ServiceContext,
  g: GameRow,
  userId: number,
  action: { readonly type: string },
  expectedVersion: number,
): ServiceResult<never> | null {
  if (g.status === "active" && g.pendingStart)
    return fail("busy", "The game is starting; try again in a moment.");
  if (g.version !== expectedVersion) return fail("stale", "This board is out of date.");
  if (g.status !== "active") return fail("game-over", "The game is over.");
  if (g.whiteId !== userId && g.blackId !== userId)
    return fail("not-a-player", "You are not playing in this game.");
  if (action.type !== "claim-timeout") return null;
  const side = g.status === "active" ? actor(g.state) : null;
  const waiting = side === null ? null : side === "white" ? g.whiteId : g.blackId;
  if (waiting !== null && waiting === g.unconfirmedId)
    return fail("claim-unconfirmed", "The challenger has not acted in this game yet.");
  return playerClaimRefusal(ctx.config, { ...g, waitingFor: waiting }, userId, ctx.config.now());
}

/**
 * One player's actions on a game read just before (outside the transaction), in order (a
 * whole play is several steps), and what follows from them by itself; call inside a
 * transaction. The write applies only over the version that was read, so a concurrent change
 * makes it throw StaleWrite.
 */
export async function playAction(
  ctx: ServiceContext,
  read: FullGame,
  userId: number,
  actions: readonly Action[],
): Promise<ServiceResult<ActOutcome>> {
  const color: Color = read.game.whiteId === userId ? "white" : "black";
  return await applyActions(ctx, read, color, userId, actions);
}

/**
 * The running side's clock ran out: the game ends on time, by no one's press. It is scored
 * as the position stands (engine `flag`), never cheaper than resigning it; in a match to N
 * points it is worth at least what the opponent lacks of N, so the flag loses the match (a
 * set of games, a running series: that game only, and the series goes on). The least value
 * is in the event, so the game replays to its result. Inside a transaction, over the version
 * read.
 */
export async function flagAction(
  ctx: ServiceContext,
  read: FullGame,
): Promise<ServiceResult<ActOutcome>> {
  const side = read.game.clock?.running;
  if (!side) return fail("stale", "No clock runs in this game.");
  const atLeast = await matchPointsLacking(ctx, read.game, userOf(read.game, other(side)));
  const flag: Action = atLeast > 0 ? { type: "flag", atLeast } : { type: "flag" };
  return await applyActions(ctx, read, side, null, [flag]);
}

async function applyActions(
  ctx: ServiceContext,
  read: FullGame,
  color: Color,
  userId: number | null,
  actions: readonly Action[],
): Promise<ServiceResult<ActOutcome>> {
  const now = ctx.config.now();
  const g = read.game;
  const dice = new SeedDice(Buffer.from(g.diceSeed, "hex"), g.diceCounter, g.diceSalt);
  const events: NewEvent[] = [];
  let played: Played = { state: g.state, log: g.turnLog ?? emptyTurnLog };
  for (const action of actions) {
    const drawn = dice.drawn.length;
    const r = act(played.state, color, action, { dice });
    if (!r.ok) return fail(r.error.code, r.error.message);
    events.push(eventOf(color, action, dice.drawn.slice(drawn), userId));
    played = { state: r.state, log: logAction(played.log, played.state, r.state, color) };
  }
  const { state, log: turnLog } = settle(played, dice, events, actions.at(-1)?.type === "undo");
  const result = state.phase === "over" ? state.result : null;
  const clock = clockAfter(g.clock ?? null, g.state, state, now);
  const updated = await ctx.games.update(
    g.id,
    g.version,
    {
      state,
      status: result ? "finished" : "active",
      diceCounter: dice.counter,
      winnerId: result?.winner ? userOf(g, result.winner) : null,
      points: result ? result.points : null,
      finishedAt: result ? now : null,
      lastActionAt: now,
      reminded: false,
      turnLog,
      // The player's first act is their sign: from then on the game is theirs as any other.
      unconfirmedId: g.unconfirmedId === userId ? null : (g.unconfirmedId ?? null),
      clock,
      flagAt: clock && !result ? flagAt(clock) : null,
    },
    events,
    now,
  );
  if (!updated) throw new StaleWrite();
  const finished = result ? await recordFinish(ctx, updated, now) : null;
  // A finish changed the series and the ratings: read the whole game again (rare).
  const full = finished ? await ctx.games.getFull(g.id) : { ...read, game: updated };
  if (!full) throw new Error(`game ${g.id} vanished`);
  const appended: GameEventView[] = events.map((e, i) => ({
    seq: g.version + i + 1,
    type: e.type,
    payload: e.payload,
    actorId: e.actorId,
    createdAt: now,
  }));
  const game = await gameViewIn(ctx, full);
  return ok({ game, events: appended, happened: happenings(g.state, game, appended), finished });
}
