import type { LobbyGameRow } from "../../db/index.js";
import type { ServiceContext } from "../context.js";
import type { PlayerRef } from "../types.js";

/**
 * What passes between two strangers the lobby paired: set phrases only, a few a game; a block
 * (never paired again, either way round) and a report for the operator, each bounded.
 */

/** The only words that pass between strangers (the front end says them in each reader's language). */
export const PHRASES = ["hello", "luck", "gg", "thanks"] as const;
export type Phrase = (typeof PHRASES)[number];
export const isPhrase = (v: unknown): v is Phrase => (PHRASES as readonly unknown[]).includes(v);

/** Phrases a player may send in one game. */
export const MAX_PHRASES = 4;
/** Phrases pass while the game goes on and this long after it ended. */
export const PHRASES_AFTER_MS = 10 * 60_000;
/** People one person may block. */
export const MAX_BLOCKS = 200;
/** Reports one person may make in a day. */
export const MAX_REPORTS = 5;
export const REPORT_WINDOW_MS = 24 * 3_600_000;
/** Characters of a report's reason kept. */
export const MAX_REASON = 300;

/** A lobby game from one of its players' side. */
export interface StrangerGame {
  readonly gameId: number;
  readonly opponentId: number;
}

export type PhraseOutcome =
  | { readonly kind: "sent"; readonly toId: number; readonly sent: number; readonly left: number }
  /** Not a lobby game, or not one the sender plays in. */
  | { readonly kind: "not-player" }
  | { readonly kind: "over" }
  | { readonly kind: "used-up" }
  | { readonly kind: "blocked" };

export type BlockOutcome =
  | ({ readonly kind: "blocked" | "already" } & StrangerGame)
  | { readonly kind: "no-game" }
  | { readonly kind: "full" };

export type UnblockOutcome =
  | { readonly kind: "unblocked"; readonly blockedId: number; readonly gameId: number | null }
  | { readonly kind: "none" };

export type ReportOutcome =
  | ({ readonly kind: "reported"; readonly reportId: number } & StrangerGame)
  | ({ readonly kind: "already" } & StrangerGame)
  | { readonly kind: "no-game" }
  | { readonly kind: "limit" };

function sideOf(row: LobbyGameRow, userId: number): StrangerGame | null {
  if (row.whiteId === userId) return { gameId: row.id, opponentId: row.blackId };
  if (row.blackId === userId) return { gameId: row.id, opponentId: row.whiteId };
  return null;
}

/**
 * The lobby game `gameId` if the person played it, or else (no number given) their current or
 * last one; null when there is none.
 */
export async function strangerGame(
  ctx: ServiceContext,
  userId: number,
  gameId?: number,
): Promise<StrangerGame | null> {
  const row =
    gameId === undefined
      ? await ctx.strangers.lastLobbyGameOf(userId)
      : await ctx.strangers.lobbyGame(gameId);
  return row ? sideOf(row, userId) : null;
}

/**
 * A set phrase to the opponent of a lobby game, by one of its two players, while it goes on
 * or shortly after; counted, so a restart gives no more.
 */
export async function sayPhrase(
  ctx: ServiceContext,
  gameId: number,
  senderId: number,
  now: number,
): Promise<PhraseOutcome> {
  const row = await ctx.strangers.lobbyGame(gameId);
  const side = row ? sideOf(row, senderId) : null;
  if (!row || !side) return { kind: "not-player" };
  const ended = row.status === "active" ? null : (row.finishedAt ?? 0);
  if (ended !== null && now - ended > PHRASES_AFTER_MS) return { kind: "over" };
  if (await ctx.strangers.blockedEither(senderId, side.opponentId)) return { kind: "blocked" };
  const sent = await ctx.strangers.takePhrase(gameId, senderId, MAX_PHRASES, now);
  if (sent === null) return { kind: "used-up" };
  return { kind: "sent", toId: side.opponentId, sent, left: MAX_PHRASES - sent };
}

/** Blocks the opponent of the person's lobby game (see strangerGame). */
export async function block(
  ctx: ServiceContext,
  blockerId: number,
  gameId: number | undefined,
  now: number,
): Promise<BlockOutcome> {
  const game = await strangerGame(ctx, blockerId, gameId);
  if (!game) return { kind: "no-game" };
  if (await ctx.strangers.blockOf(blockerId, game.opponentId)) return { kind: "already", ...game };
  if ((await ctx.strangers.blocksBy(blockerId)) >= MAX_BLOCKS) return { kind: "full" };
  const made = await ctx.strangers.block(blockerId, game.opponentId, game.gameId, now);
  return { kind: made ? "blocked" : "already", ...game };
}

/** Lifts the person's latest block. */
export async function unblock(ctx: ServiceContext, blockerId: number): Promise<UnblockOutcome> {
  const row = await ctx.strangers.unblockLatest(blockerId);
  return row
    ? { kind: "unblocked", blockedId: row.blockedId, gameId: row.gameId }
    : { kind: "none" };
}

/** Reports the opponent of the person's lobby game for the operator (see strangerGame). */
export async function report(
  ctx: ServiceContext,
  reporterId: number,
  gameId: number | undefined,
  reason: string,
  now: number,
): Promise<ReportOutcome> {
  const game = await strangerGame(ctx, reporterId, gameId);
  if (!game) return { kind: "no-game" };
  if (await ctx.strangers.reportOf(reporterId, game.gameId)) return { kind: "already", ...game };
  if ((await ctx.strangers.reportsSince(reporterId, now - REPORT_WINDOW_MS)) >= MAX_REPORTS)
    return { kind: "limit" };
  const text = [...reason.trim()].slice(0, MAX_REASON).join("");
  const row = await ctx.strangers.insertReport({
    reporterId,
    reportedId: game.opponentId,
    gameId: game.gameId,
    reason: text || null,
    createdAt: now,
  });
  return row ? { kind: "reported", reportId: row.id, ...game } : { kind: "already", ...game };
}

/** Whether strangers paired in the lobby see the person's username; stores them if new. */
export async function setShowUsername(
  ctx: ServiceContext,
  player: PlayerRef,
  on: boolean,
  now: number,
): Promise<void> {
  await ctx.players.upsert(player, now);
  await ctx.strangers.setShowUsername(player.id, on, now);
}

/** Whether two waiting seekers may meet: neither blocked the other. */
export async function blockedAmong(
  ctx: ServiceContext,
  userIds: readonly number[],
): Promise<(a: number, b: number) => boolean> {
  const pairs = new Set((await ctx.strangers.blocksAmong(userIds)).map(([a, b]) => pairKey(a, b)));
  return (a, b) => pairs.has(pairKey(a, b));
}

/**
 * The pairs among `userIds` who may not be paired now: one blocked the other, or they are in
 * a lobby game together already (a second at once would be a second match between them).
 */
export async function unpairableAmong(
  ctx: ServiceContext,
  userIds: readonly number[],
): Promise<(a: number, b: number) => boolean> {
  const blocked = await blockedAmong(ctx, userIds);
  const playing = new Set(
    (await ctx.strangers.lobbyPairsPlaying(userIds)).map(([a, b]) => pairKey(a, b)),
  );
  return (a, b) => blocked(a, b) || playing.has(pairKey(a, b));
}

const pairKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);
