import { type ChallengeRow, LOBBY_KEY } from "../db/index.js";
import {
  isTimeControlName,
  parseRules,
  type TimeControlName,
  type Variant,
} from "../engine/index.js";
import { controlFor } from "./clocks.js";
import type { ServiceContext } from "./context.js";
import { damageOf } from "./damage.js";
import { commitmentOf } from "./dice.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import { type MessageRef, refChatId } from "./message-ref.js";
import { createGame, type StartedBy } from "./play.js";
import { chatKeyOf, freshSeries, newSeriesOf, runningSeries, seriesStarter } from "./series.js";
import type { ChallengeView, ChatRef, GameEventView, GameView, PlayerRef } from "./types.js";
import { challengeView, eventView, gameViewIn } from "./views.js";

export interface ChallengeInput {
  readonly challenger: PlayerRef;
  /** The chat the challenge is posted in; absent or null for an inline message. */
  readonly chat?: ChatRef | null;
  /** A user (e.g. from a reply) or a @username; absent or null: anyone may accept. */
  readonly target?: { readonly user: PlayerRef } | { readonly username: string } | null;
  readonly variant: Variant;
  /** Rule options over the variant's defaults (e.g. a preset), checked by the engine. */
  readonly rules?: unknown;
  readonly message?: MessageRef | null;
  /** The message is an inline card sent as a picture. */
  readonly cardPhoto?: boolean;
  /** What makes the inline card it is made from one card: a card makes one challenge. */
  readonly cardKey?: string | null;
  /** The game's clock by its preset's name; absent: none. */
  readonly timeControl?: TimeControlName | null;
  /**
   * The game moves the players' ratings across chats (a lobby's game; see rating.ts); absent:
   * not rated, a game between friends that counts in its chat only.
   */
  readonly rated?: boolean;
}

export interface GameStart {
  readonly game: GameView;
  /** The start event and any automatic first actions. */
  readonly events: readonly GameEventView[];
}

const USERNAME = /^[a-z0-9_]{3,32}$/;
const normalizeUsername = (u: string): string => u.trim().replace(/^@/, "").toLowerCase();

/**
 * `seed`: one committed to before (hex; the lobby's older seek's), else a new one is drawn.
 * Never from a front end: only the services pass it.
 */
export async function createChallenge(
  ctx: ServiceContext,
  input: ChallengeInput,
  seed: string | null = null,
): Promise<ServiceResult<ChallengeView>> {
  if (input.variant !== "long" && input.variant !== "short")
    return fail("bad-input", "Unknown game variant.");
  const rules = parseRules(input.variant, input.rules);
  if (!rules.ok) return fail("bad-rules", rules.error);
  const clockName = input.timeControl ?? "none";
  if (!isTimeControlName(clockName)) return fail("bad-input", "Unknown time control.");
  const me = input.challenger;
  let targetUserId: number | null = null;
  let targetUsername: string | null = null;
  if (input.target && "user" in input.target) targetUserId = input.target.user.id;
  else if (input.target) {
    targetUsername = normalizeUsername(input.target.username);
    if (!USERNAME.test(targetUsername)) return fail("bad-input", "That is not a username.");
  }
  const myName = me.username ? normalizeUsername(me.username) : null;
  if (targetUserId === me.id || (targetUsername !== null && targetUsername === myName))
    return fail("self-challenge", "You cannot challenge yourself.");

  const cardKey = input.cardKey ?? null;
  if (cardKey !== null && (await ctx.challenges.withCardKey(cardKey)))
    return fail("card-used", "This card has started a challenge in another message.");
  const now = ctx.config.now();
  await ctx.players.upsert(me, now);
  if (input.target && "user" in input.target) await ctx.players.upsert(input.target.user, now);
  const message = input.message ?? null;
  if (input.chat) await ctx.chats.upsert(input.chat, now);
  const chatId = input.chat?.id ?? refChatId(message);
  if (chatId !== null) await ctx.chats.ensure(chatId, now);
  // The game's seed is drawn now: its commitment is public before any die falls.
  const diceSeed = seed === null ? ctx.config.newSeed() : Buffer.from(seed, "hex");
  const row = await ctx.challenges.insert({
    diceSeed: diceSeed.toString("hex"),
    diceCommitment: commitmentOf(diceSeed),
    chatId,
    challengerId: me.id,
    targetUserId,
    targetUsername,
    variant: input.variant,
    rules: rules.rules,
    status: "pending",
    cardPhoto: input.cardPhoto ?? false,
    cardKey,
    timeControl: controlFor(clockName, input.variant, rules.rules),
    rated: input.rated ?? false,
    expiresAt: now + ctx.config.challengeTtlMs,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.frontEnd.challengeCreated(row.id);
  if (message) await ctx.frontEnd.setChallengeMessage(row.id, message);
  return ok(await challengeView(ctx, row));
}

/** A pending challenge, or the error to give; an expired one is marked so on the way. */
async function pending(ctx: ServiceContext, id: number): Promise<ServiceResult<ChallengeRow>> {
  const c = await ctx.challenges.get(id);
  if (!c) return fail("not-found", "There is no such challenge.");
  if (c.status === "expired") return fail("expired", "This challenge has expired.");
  if (c.status !== "pending") return fail("challenge-closed", `This challenge was ${c.status}.`);
  if (ctx.config.now() >= c.expiresAt) {
    await ctx.challenges.close(id, "expired", ctx.config.now());
    return fail("expired", "This challenge has expired.");
  }
  return ok(c);
}

function isTarget(c: ChallengeRow, by: PlayerRef): boolean {
  if (c.targetUserId !== null) return c.targetUserId === by.id;
  if (c.targetUsername !== null)
    return !!by.username && normalizeUsername(by.username) === c.targetUsername;
  return true;
}

export async function acceptChallenge(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
  message?: MessageRef | null,
  started: StartedBy = {},
): Promise<ServiceResult<GameStart>> {
  const p = await pending(ctx, id);
  if (!p.ok) return p;
  const c = p.value;
  if (by.id === c.challengerId)
    return fail("self-challenge", "You cannot accept your own challenge.");
  if (!isTarget(c, by)) return fail("not-target", "This challenge is for someone else.");
  const now = ctx.config.now();
  await ctx.players.upsert(by, now);
  // The game lives where it is shown: an inline message has no chat, whatever the challenge's.
  const chatId = message ? refChatId(message) : c.chatId;
  // The lobby's series never mixes with an inline card's or a chat's.
  const lobby = started.lobby === true && chatId === null;
  const key = lobby ? LOBBY_KEY : chatKeyOf(chatId);
  const seats = [c.challengerId, by.id] as const;
  const running = await runningSeries(ctx, key, seats, c.variant, c.rules);
  // A damaged game does not hold its players back (reading it marks it broken).
  const busy =
    running && (await ctx.games.activeInSeries(running.id)).find((g) => damageOf(g) === null);
  if (busy) return fail("already-playing", "You two already have a game here.", busy.id);
  // Every lobby pairing is a new match: its own score and reserves, never an old one's.
  const s = lobby
    ? await freshSeries(ctx, running, key, seats, c.variant, c.rules)
    : (running ?? (await newSeriesOf(ctx, key, seats, c.variant, c.rules)));
  if (chatId !== null) await ctx.chats.ensure(chatId, now);
  const row = await createGame(ctx, {
    variant: c.variant,
    rules: c.rules,
    seats: [c.challengerId, by.id],
    starter: s.state.games === 0 ? "lot" : seriesStarter(s),
    shortWhite: c.challengerId,
    crawford: s.state.crawfordNext,
    seriesId: s.id,
    chatId,
    // An inline card turns into the board; in a chat the board is a new photo message.
    message: message ?? (await inlineCard(ctx, c.id)),
    challengeId: c.id,
    tournamentId: null,
    previousGameId: null,
    actorId: by.id,
    seed: c.diceSeed,
    secondPart: started.secondPart ?? null,
    unconfirmedId: started.challengerUnconfirmed ? c.challengerId : null,
    timeControl: c.timeControl ?? null,
    rated: c.rated,
  });
  await ctx.challenges.close(id, "accepted", now);
  return ok(await gameStart(ctx, row.id));
}

/** The challenge's inline card, which turns into the game's board; null for a chat card. */
async function inlineCard(ctx: ServiceContext, challengeId: number): Promise<MessageRef | null> {
  const card = await ctx.frontEnd.challengeMessage(challengeId);
  return card?.kind === "inline" ? card : null;
}

/** A new game as the service hands it out: the whole view and its first events. */
export async function gameStart(ctx: ServiceContext, gameId: number): Promise<GameStart> {
  const full = await ctx.games.getFull(gameId);
  if (!full) throw new Error(`game ${gameId} vanished`);
  return {
    game: await gameViewIn(ctx, full),
    events: (await ctx.games.events(gameId)).map(eventView),
  };
}

export async function declineChallenge(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
): Promise<ServiceResult<ChallengeView>> {
  const p = await pending(ctx, id);
  if (!p.ok) return p;
  const c = p.value;
  if (by.id === c.challengerId) return fail("not-target", "Use Cancel to withdraw a challenge.");
  const targeted = c.targetUserId !== null || c.targetUsername !== null;
  if (!targeted || !isTarget(c, by))
    return fail("not-target", "Only the challenged player can decline.");
  await ctx.players.upsert(by, ctx.config.now());
  return closeAs(ctx, id, "declined");
}

export async function cancelChallenge(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
): Promise<ServiceResult<ChallengeView>> {
  const p = await pending(ctx, id);
  if (!p.ok) return p;
  if (by.id !== p.value.challengerId)
    return fail("not-challenger", "Only the challenger can cancel.");
  return await closeAs(ctx, id, "cancelled");
}

async function closeAs(
  ctx: ServiceContext,
  id: number,
  status: "declined" | "cancelled",
): Promise<ServiceResult<ChallengeView>> {
  const row = await ctx.challenges.close(id, status, ctx.config.now());
  if (!row) return fail("challenge-closed", "This challenge is closed.");
  return ok(await challengeView(ctx, row));
}

export async function expireChallenges(ctx: ServiceContext, now: number): Promise<ChallengeView[]> {
  const out: ChallengeView[] = [];
  for (const c of await ctx.challenges.due(now)) {
    const row = await ctx.challenges.close(c.id, "expired", now);
    if (row) out.push(await challengeView(ctx, row));
  }
  return out;
}
