import type { SeekRow } from "../../db/index.js";
import {
  defaultRules,
  type MatchRule,
  rematchOpen,
  type TimeControlName,
  type Variant,
} from "../../engine/index.js";
import { acceptChallenge, createChallenge, type GameStart } from "../challenges.js";
import type { ServiceContext } from "../context.js";
import { commitmentOf, markOf } from "../dice.js";
import { fail, ok, type ServiceResult } from "../errors.js";
import { ratingLookup } from "../rating.js";
import { nextLobbyGame } from "../rematch.js";
import type { GameView, PlayerRef } from "../types.js";
import { storedPlayerRef } from "../views.js";
import { heldOutUntil } from "./holdout.js";
import { mayMeet, pairsAt, partnerFor, type WaitingSeek } from "./pairing.js";
import { unpairableAmong } from "./strangers.js";

/** A seek waits this long for a partner, then lapses (its seeker is told). */
export const SEEK_LAPSE_MS = 10 * 60_000;
/** After this long with nobody, the computer is offered, named as such. */
export const COMPUTER_OFFER_MS = 60_000;
/** Lobby games always have a clock: a stranger may walk away. */
export const LOBBY_CLOCKS: readonly TimeControlName[] = ["blitz", "normal", "casual"];
export const MAX_LOBBY_LENGTH = 11;
/** A lobby match's next game starts by itself this long after the last one ends. */
export const NEXT_GAME_DELAY_MS = 5_000;
/**
 * A match whose last game ended longer ago than this (the bot was down longer) is not taken
 * up again: nobody is expected back at a board after so long, so it stays unfinished.
 */
export const NEXT_GAME_WINDOW_MS = 60 * 60_000;
/**
 * Rated matches the same two people may begin in the lobby within RATED_WINDOW_MS; later
 * pairings of theirs are played unrated, and each is told so before the first roll.
 */
export const RATED_MATCHES_A_DAY = 3;
export const RATED_WINDOW_MS = 24 * 60 * 60_000;

export interface SeekInput {
  readonly seeker: PlayerRef;
  readonly variant: Variant;
  /** Points of the match; 1: a single game. */
  readonly matchLength: number;
  readonly clock: TimeControlName;
  /**
   * What the seeker's act fixed that the bot cannot choose (see SeekRow.mark); absent: none.
   */
  readonly mark?: string | null;
}

/** A new seek's own seed and its commitment, drawn as it is stored. */
function seekSeed(ctx: ServiceContext): { diceSeed: string; diceCommitment: string } {
  const seed = ctx.config.newSeed();
  return { diceSeed: seed.toString("hex"), diceCommitment: commitmentOf(seed) };
}

/**
 * The dice of a pair's game: the older seek's seed, committed to before the newer seek
 * existed, and for a second part both seekers' own acts (their marks); null (the first
 * board's message decides) when either has no mark.
 */
function pairDice(older: SeekRow, newer: SeekRow): { seed: string | null; secondPart?: string } {
  const seed = older.diceSeed;
  if (seed === null || older.mark === null || newer.mark === null) return { seed: null };
  return { seed, secondPart: `lobby:${older.mark}:${newer.mark}` };
}

export type SeekOutcome =
  | { readonly kind: "waiting"; readonly seek: SeekRow }
  | { readonly kind: "paired"; readonly seek: SeekRow; readonly game: GameStart };

/**
 * What a tick of the lobby did: games made, matches' next games started, seeks lapsed,
 * seekers offered the computer.
 */
export interface LobbyTick {
  readonly paired: { readonly seeks: readonly [SeekRow, SeekRow]; readonly game: GameStart }[];
  readonly next: GameStart[];
  readonly lapsed: SeekRow[];
  readonly offered: SeekRow[];
}

/** A game paired in the lobby: in no chat, played on its players' own boards. */
export const isLobbyGame = (game: Pick<GameView, "lobby">): boolean => game.lobby;

/**
 * Whether a player may start the series' next game with a press (Next game, the page's
 * rematch): never in a lobby match, whose next game starts by itself.
 */
export const nextGameByPress = (game: GameView): boolean => rematchOpen(game) && !isLobbyGame(game);

/** Whether a lobby match goes on after this finished game: its next game is on its way. */
export const lobbyNextGameDue = (game: GameView): boolean => rematchOpen(game) && isLobbyGame(game);

/** The match a lobby seek asks for, in the variant's default rules. */
export function lobbyRules(variant: Variant, matchLength: number) {
  const match: MatchRule =
    matchLength === 1 ? { kind: "games", count: 1 } : { kind: "points", to: matchLength };
  return { ...defaultRules(variant), match };
}

/** Seeks as the pairing rule reads them, their seekers' ratings read at once. */
async function waitingSeeks(ctx: ServiceContext, rows: readonly SeekRow[]): Promise<WaitingSeek[]> {
  const ratingOf = await ratingLookup(
    ctx,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    variant: row.variant,
    matchLength: row.matchLength,
    clock: row.clock,
    rating: ratingOf(row.userId, row.variant),
    since: row.createdAt,
  }));
}

/**
 * Two waiting seeks become one rated game, the first of a match of its own, or nothing when
 * either was ended meanwhile (by a press, a tick or another process) or the two cannot start
 * a game: the ends are conditional and every refusal throws PairLost, inside the caller's
 * transaction, so a pair is made once and a refused one leaves no row behind.
 */
async function pair(
  ctx: ServiceContext,
  older: SeekRow,
  newer: SeekRow,
  players: ReadonlyMap<number, PlayerRef>,
  now: number,
  withinGap = true,
): Promise<GameStart> {
  const a = players.get(older.userId) ?? (await playerRef(ctx, older.userId));
  const b = players.get(newer.userId) ?? (await playerRef(ctx, newer.userId));
  if (!a || !b) throw new PairLost();
  const dice = pairDice(older, newer);
  const challenge = await createChallenge(
    ctx,
    {
      challenger: a,
      target: { user: b },
      variant: older.variant,
      rules: lobbyRules(older.variant, older.matchLength),
      timeControl: older.clock,
      rated: withinGap && (await mayRate(ctx, a.id, b.id, now)),
    },
    dice.seed,
  );
  if (!challenge.ok) throw new PairLost();
  const started = await acceptChallenge(ctx, challenge.value.id, b, null, {
    lobby: true,
    ...(dice.secondPart ? { secondPart: dice.secondPart } : {}),
  });
  if (!started.ok) throw new PairLost();
  const gameId = started.value.game.id;
  if (
    !(await ctx.seeks.end(older.id, "paired", now, gameId)) ||
    !(await ctx.seeks.end(newer.id, "paired", now, gameId))
  )
    throw new PairLost();
  return started.value;
}

/** Whether a new match of the two may be rated: fewer than the day's rated matches between them. */
async function mayRate(ctx: ServiceContext, a: number, b: number, now: number): Promise<boolean> {
  const begun = await ctx.strangers.ratedLobbyMatchesBetween(a, b, now - RATED_WINDOW_MS);
  return begun < RATED_MATCHES_A_DAY;
}

/** A stored player as the challenge functions take them. */
async function playerRef(ctx: ServiceContext, id: number): Promise<PlayerRef | null> {
  const p = await ctx.players.get(id);
  return p ? storedPlayerRef(p) : null;
}

const isUniqueViolation = (e: unknown): boolean =>
  (e as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";

/** One of a pair's seeks ended under it: the whole pairing is undone with its transaction. */
class PairLost extends Error {}

/**
 * `/play anyone`: a seek, paired at once with the nearest compatible one waiting if any.
 * One waiting seek a person: a second returns the one that waits.
 */
export async function seek(
  ctx: ServiceContext,
  input: SeekInput,
  now: number,
): Promise<ServiceResult<SeekOutcome>> {
  const { seeker, variant, matchLength, clock } = input;
  if (variant !== "long" && variant !== "short") return fail("bad-input", "Unknown game variant.");
  if (!Number.isInteger(matchLength) || matchLength < 1 || matchLength > MAX_LOBBY_LENGTH)
    return fail("bad-input", "Unknown match length.");
  if (!LOBBY_CLOCKS.includes(clock)) return fail("bad-input", "A lobby game needs a clock.");
  if ((await heldOutUntil(ctx, seeker.id, now)) !== null)
    return fail("held-out", "Three games lost on time without a move: the lobby waits an hour.");
  await ctx.players.upsert(seeker, now);
  const already = await ctx.seeks.waitingOf(seeker.id);
  if (already) return ok({ kind: "waiting", seek: already });
  let row: SeekRow;
  try {
    row = await ctx.seeks.insert({
      userId: seeker.id,
      variant,
      matchLength,
      clock,
      createdAt: now,
      expiresAt: now + SEEK_LAPSE_MS,
      ...seekSeed(ctx),
      mark: markOf(input.mark),
    });
  } catch (e) {
    // Two presses at once (or two processes): the other's seek is the one that waits.
    const other = isUniqueViolation(e) ? await ctx.seeks.waitingOf(seeker.id) : undefined;
    if (!other) throw e;
    return ok({ kind: "waiting", seek: other });
  }
  const others = (await ctx.seeks.waiting()).filter((s) => s.id !== row.id);
  const partner = partnerFor(
    (await waitingSeeks(ctx, [row]))[0]!,
    await waitingSeeks(ctx, others),
    now,
    await unpairableAmong(ctx, [seeker.id, ...others.map((s) => s.userId)]),
  );
  const other = partner && others.find((s) => s.id === partner.id);
  if (!other) return ok({ kind: "waiting", seek: row });
  try {
    const game = await ctx.tx(async (t) =>
      pair(t, other, row, new Map([[seeker.id, seeker]]), now),
    );
    return ok({ kind: "paired", seek: (await ctx.seeks.get(row.id))!, game });
  } catch (e) {
    if (!(e instanceof PairLost)) throw e;
  }
  return ok({ kind: "waiting", seek: (await ctx.seeks.get(row.id))! });
}

/** The person's waiting seek ends; `not-found` when none waits. */
export async function cancelSeek(
  ctx: ServiceContext,
  userId: number,
  now: number,
): Promise<ServiceResult<SeekRow>> {
  const waiting = await ctx.seeks.waitingOf(userId);
  if (!waiting || !(await ctx.seeks.end(waiting.id, "cancelled", now)))
    return fail("not-found", "You are not looking for a game.");
  return ok((await ctx.seeks.get(waiting.id))!);
}

/**
 * Once a second or so: pairs what the widened gaps now allow, lapses seeks past their time,
 * and marks the seeks to be offered the computer.
 */
export async function lobbyTick(ctx: ServiceContext, now: number): Promise<LobbyTick> {
  const paired: LobbyTick["paired"][number][] = [];
  const lapsed: SeekRow[] = [];
  for (const s of await ctx.seeks.lapsedBy(now))
    if (await ctx.seeks.end(s.id, "lapsed", now)) lapsed.push(s);
  const rows = await ctx.seeks.waiting();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [x, y] of pairsAt(
    await waitingSeeks(ctx, rows),
    now,
    await unpairableAmong(
      ctx,
      rows.map((r) => r.userId),
    ),
  )) {
    const [older, newer] = x.since <= y.since ? [x, y] : [y, x];
    try {
      const game = await ctx.tx(async (t) =>
        pair(t, byId.get(older.id)!, byId.get(newer.id)!, new Map(), now),
      );
      paired.push({ seeks: [byId.get(older.id)!, byId.get(newer.id)!], game });
    } catch (e) {
      if (!(e instanceof PairLost)) throw e;
    }
  }
  const offered: SeekRow[] = [];
  for (const s of await ctx.seeks.waiting())
    if (now - s.createdAt >= COMPUTER_OFFER_MS && (await ctx.seeks.offerComputer(s.id, now)))
      offered.push(s);
  return { paired, next: await nextGames(ctx, now), lapsed, offered };
}

/** Starts the next game of every lobby match whose last game ended NEXT_GAME_DELAY_MS ago. */
async function nextGames(ctx: ServiceContext, now: number): Promise<GameStart[]> {
  const due = await ctx.strangers.lobbyGamesAwaitingNext(
    now - NEXT_GAME_WINDOW_MS,
    now - NEXT_GAME_DELAY_MS,
  );
  const started: GameStart[] = [];
  for (const gameId of due) {
    try {
      const game = await ctx.tx(async (t) => nextLobbyGame(t, gameId));
      if (game) started.push(game);
    } catch (e) {
      // Another process started it a moment before: one next game a game, by the schema.
      if (!isUniqueViolation(e)) throw e;
    }
  }
  return started;
}

/** What a join made: the joiner's seek, the seek joined, and their game. */
export interface Joined {
  readonly seek: SeekRow;
  readonly joined: SeekRow;
  readonly game: GameStart;
}

/**
 * The board page's Join: `joiner` takes up waiting seek `seekId` on its terms and the two are
 * paired at once by pair(), in one transaction of conditional updates: of two joins at once
 * (or a join and a tick), one makes the game and the other finds the seek gone. A waiting
 * seek of the joiner's own ends in the same transaction (one seek a person).
 */
export async function joinSeek(
  ctx: ServiceContext,
  joiner: PlayerRef,
  seekId: number,
  now: number,
  /** What the joiner's act fixed (SeekInput.mark). */
  mark: string | null = null,
): Promise<ServiceResult<Joined>> {
  const gone = () => fail<Joined>("not-found", "That search has ended.");
  const target = await ctx.seeks.get(seekId);
  if (target?.status !== "waiting" || target.expiresAt <= now) return gone();
  if (target.userId === joiner.id) return fail("self-challenge", "That is your own search.");
  // Either blocked the other: never paired, and the list never showed it.
  if (await ctx.strangers.blockedEither(joiner.id, target.userId)) return gone();
  if ((await heldOutUntil(ctx, joiner.id, now)) !== null)
    return fail("held-out", "Three games lost on time without a move: the lobby waits an hour.");
  await ctx.players.upsert(joiner, now);
  try {
    return ok(
      await ctx.tx(async (t) => {
        const own = await t.seeks.waitingOf(joiner.id);
        if (own) await t.seeks.end(own.id, "cancelled", now);
        const mine = await t.seeks.insert({
          userId: joiner.id,
          variant: target.variant,
          matchLength: target.matchLength,
          clock: target.clock,
          createdAt: now,
          expiresAt: now + SEEK_LAPSE_MS,
          ...seekSeed(t),
          mark: markOf(mark),
        });
        // A join ignores the rating gap, so it is rated only within the gap a pairing allows.
        const [theirs, ours] = await waitingSeeks(t, [target, mine]);
        const withinGap = mayMeet(theirs!, ours!, now);
        const game = await pair(t, target, mine, new Map([[joiner.id, joiner]]), now, withinGap);
        return {
          seek: (await t.seeks.get(mine.id))!,
          joined: (await t.seeks.get(target.id))!,
          game,
        };
      }),
    );
  } catch (e) {
    // The seek ended meanwhile, or another join of the same person's won: nothing was made.
    if (e instanceof PairLost || isUniqueViolation(e)) return gone();
    throw e;
  }
}
