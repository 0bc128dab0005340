import { type GameRow, LOBBY_KEY, type SeriesRow } from "../db/index.js";
import { type GameStart, gameStart } from "./challenges.js";
import type { ServiceContext } from "./context.js";
import { damageOf } from "./damage.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import { type MessageRef, refChatId } from "./message-ref.js";
import { createGame, type StartedBy } from "./play.js";
import { seriesStarter } from "./series.js";
import type { PlayerRef } from "./types.js";

/** The series' next game after `gameId`, with the starter the series' rules pick. */
export async function rematch(
  ctx: ServiceContext,
  gameId: number,
  by: PlayerRef,
  message?: MessageRef | null,
  started: StartedBy = {},
): Promise<ServiceResult<GameStart>> {
  const g = await ctx.games.get(gameId);
  if (!g) return fail("not-found", "There is no such game.");
  if (by.id !== g.whiteId && by.id !== g.blackId)
    return fail("not-a-player", "Only the players can start a rematch.");
  const open = await nextGameOpen(ctx, g);
  if (!open.ok) return open;
  // Neither player picks the moment a lobby match goes on: its next game starts by itself.
  if (open.value.chatKey === LOBBY_KEY)
    return fail("lobby-next-game", "The next game of this match starts by itself.");
  const now = ctx.config.now();
  await ctx.players.upsert(by, now);
  return ok(await nextGame(ctx, g, open.value, by.id, message ?? null, started));
}

/**
 * A lobby match's next game, started by nobody: `gameId` ended at least a few seconds ago
 * and its match goes on. Null when that is no longer so (a next game exists, the match was
 * closed by a new pairing): another tick or process got there first.
 */
export async function nextLobbyGame(
  ctx: ServiceContext,
  gameId: number,
): Promise<GameStart | null> {
  const g = await ctx.games.get(gameId);
  if (!g) return null;
  const open = await nextGameOpen(ctx, g);
  if (!open.ok || open.value.chatKey !== LOBBY_KEY) return null;
  // Its seed was committed to on g's first boards; g's end fixed the second part.
  const secondPart = g.seriesAfter?.nextSecondPart ?? null;
  return await nextGame(ctx, g, open.value, null, null, { secondPart });
}

/** The series of finished game `g`, when a next game may follow it now. */
async function nextGameOpen(ctx: ServiceContext, g: GameRow): Promise<ServiceResult<SeriesRow>> {
  if (g.status !== "finished") return fail("game-active", "Finish this game first.");
  const next = await ctx.games.rematchOf(g.id);
  if (next) return fail("rematch-exists", "The rematch has already started.", next.id);
  const s = await ctx.series.get(g.seriesId);
  // A tournament opens its matches' games itself.
  if (s?.tournamentId != null)
    return fail("tournament-game", "The tournament opens the next game.");
  if (!s || s.status === "finished") return fail("series-over", "This series is over.");
  // A damaged game does not hold its players back (reading it marks it broken).
  const busy = (await ctx.games.activeInSeries(s.id)).find((g) => damageOf(g) === null);
  if (busy) return fail("already-playing", "You two already have a game here.", busy.id);
  return ok(s);
}

async function nextGame(
  ctx: ServiceContext,
  g: GameRow,
  s: SeriesRow,
  actorId: number | null,
  message: MessageRef | null,
  started: StartedBy,
): Promise<GameStart> {
  const now = ctx.config.now();
  const chatId = refChatId(message) ?? g.chatId;
  if (chatId !== null) await ctx.chats.ensure(chatId, now);
  const row = await createGame(ctx, {
    variant: g.variant,
    rules: g.rules,
    seats: [g.whiteId, g.blackId],
    starter: seriesStarter(s),
    shortWhite: g.whiteId,
    crawford: s.state.crawfordNext,
    seriesId: s.id,
    chatId,
    message,
    challengeId: null,
    tournamentId: null,
    previousGameId: g.id,
    actorId,
    secondPart: started.secondPart ?? null,
    seed: g.nextDiceSeed,
    // The rematch keeps the clock, and is rated as the game before (a match is rated whole).
    timeControl: g.timeControl ?? null,
    rated: g.rated,
  });
  return await gameStart(ctx, row.id);
}
