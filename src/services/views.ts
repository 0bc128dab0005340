import {
  type ChallengeRow,
  type FullGame,
  type GameEventRow,
  LOBBY_KEY,
  type PlayerRow,
  type SeriesRow,
} from "../db/index.js";
import { actor, nextStarter, type TimeControl, type Variant } from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import { commitmentOf } from "./dice.js";
import type { MessageRef } from "./message-ref.js";
import type {
  ChallengeView,
  GameEventView,
  GameView,
  PlayerRef,
  PlayerView,
  SeriesView,
} from "./types.js";

const NO_CLOCK: TimeControl = { kind: "none" };

/** A stored player as the services take one in, every name kept (they are stored again). */
export const storedPlayerRef = (p: PlayerRow): PlayerRef => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  username: p.username,
  languageCode: p.languageCode,
});

export const playerView = (p: PlayerRow): PlayerView => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  username: p.username,
  languageCode: p.languageCode,
  locale: p.locale,
  ratingLong: p.ratingLong,
  ratingShort: p.ratingShort,
  showUsername: p.showUsername,
});

/**
 * A player as a stranger may see them: the first name, and the username only if they allow
 * it. A lobby game's views carry nothing more, so no caption, question, record, analysis or
 * replay made from one can name more.
 */
export const strangerView = (p: PlayerView): PlayerView => ({
  ...p,
  lastName: null,
  username: p.showUsername ? p.username : null,
});

export const ratingFor = (p: PlayerView, variant: Variant): number =>
  variant === "long" ? p.ratingLong : p.ratingShort;

async function player(ctx: ServiceContext, id: number): Promise<PlayerView> {
  const row = await ctx.players.get(id);
  if (!row) throw new Error(`player ${id} is missing`);
  return playerView(row);
}

/** A game as the service hands it out, with where the front end shows it. */
export const gameViewIn = async (ctx: ServiceContext, full: FullGame): Promise<GameView> =>
  gameView(full, await ctx.frontEnd.gameMessage(full.game.id));

/**
 * A game read with its players and series (one statement, see GamesRepo.getFull), and where
 * the front end shows it.
 */
export function gameView(
  { game: g, white, black, series }: FullGame,
  message: MessageRef | null,
): GameView {
  // Only an active game waits for anyone, once started; a broken one's state is not to be read.
  const starting = g.status === "active" && g.pendingStart !== null;
  const waiting = g.status === "active" && !starting ? actor(g.state) : null;
  const whiteIsA = series.playerA === g.whiteId;
  const final = g.seriesAfter ?? null;
  const lobby = series.chatKey === LOBBY_KEY;
  return {
    id: g.id,
    variant: g.variant,
    rules: g.rules,
    status: g.status,
    state: g.state,
    version: g.version,
    white: lobby ? strangerView(playerView(white)) : playerView(white),
    black: lobby ? strangerView(playerView(black)) : playerView(black),
    waitingFor: waiting === null ? null : waiting === "white" ? g.whiteId : g.blackId,
    chatId: g.chatId,
    message,
    opening: g.opening ?? null,
    diceCommitment: g.diceCommitment,
    diceSeed: g.status === "finished" ? g.diceSeed : null,
    diceSalt: g.diceSalt,
    unconfirmedId: g.unconfirmedId ?? null,
    starting,
    startFixed: starting && !!g.pendingStart?.secondPart,
    seriesId: g.seriesId,
    tournamentId: series.tournamentId,
    challengeId: g.challengeId,
    previousGameId: g.previousGameId,
    winnerId: g.winnerId,
    points: g.points,
    lastActionAt: g.lastActionAt,
    createdAt: g.createdAt,
    finishedAt: g.finishedAt,
    score: final
      ? final.before
      : {
          white: whiteIsA ? series.scoreA : series.scoreB,
          black: whiteIsA ? series.scoreB : series.scoreA,
        },
    final,
    turnLog: g.turnLog ?? null,
    nextDiceCommitment: g.nextDiceSeed ? commitmentOf(Buffer.from(g.nextDiceSeed, "hex")) : null,
    timeControl: g.timeControl ?? NO_CLOCK,
    clock: g.clock ?? null,
    flagAt: g.status === "active" ? (g.flagAt ?? null) : null,
    rated: g.rated,
    lobby,
  };
}

export async function challengeView(ctx: ServiceContext, c: ChallengeRow): Promise<ChallengeView> {
  const hasTarget = c.targetUserId !== null || c.targetUsername !== null;
  return {
    id: c.id,
    status: c.status,
    variant: c.variant,
    rules: c.rules,
    challenger: await player(ctx, c.challengerId),
    target: hasTarget ? { userId: c.targetUserId, username: c.targetUsername } : null,
    targetPlayer: c.targetUserId === null ? null : await player(ctx, c.targetUserId),
    chatId: c.chatId,
    message: await ctx.frontEnd.challengeMessage(c.id),
    cardPhoto: c.cardPhoto,
    cardKey: c.cardKey,
    diceCommitment: c.diceCommitment,
    timeControl: c.timeControl ?? NO_CLOCK,
    rated: c.rated,
    expiresAt: c.expiresAt,
    createdAt: c.createdAt,
  };
}

export async function seriesView(ctx: ServiceContext, s: SeriesRow): Promise<SeriesView> {
  const over = s.status === "finished";
  const next = over ? null : nextStarter(s.rules, s.state);
  return {
    id: s.id,
    chatKey: s.chatKey,
    variant: s.variant,
    rules: s.rules,
    players: [await player(ctx, s.playerA), await player(ctx, s.playerB)],
    state: s.state,
    over,
    tournamentId: s.tournamentId,
    nextStarter: next === null || next === "lot" ? next : next === 0 ? s.playerA : s.playerB,
  };
}

export const eventView = (e: GameEventRow): GameEventView => ({
  seq: e.seq,
  type: e.type,
  payload: e.payload,
  actorId: e.actorId,
  createdAt: e.createdAt,
});
