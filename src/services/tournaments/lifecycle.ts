import type { TournamentRow } from "../../db/index.js";
import {
  isTimeControlName,
  MAX_ENTRANTS,
  MIN_ENTRANTS,
  parseRules,
  type TimeControlName,
  TOURNAMENT_FORMATS,
  type TournamentFormat,
  timeControlNameOf,
  type Variant,
} from "../../engine/index.js";
import { controlFor } from "../clocks.js";
import type { ServiceContext } from "../context.js";
import { commitmentOf, markOf } from "../dice.js";
import { fail, ok, type ServiceResult } from "../errors.js";
import type { ChatRef, PlayerRef } from "../types.js";
import { advance } from "./advance.js";
import type { CancelMode, TournamentChange } from "./types.js";

export interface TournamentInput {
  readonly organiser: PlayerRef;
  readonly chat: ChatRef;
  readonly variant: Variant;
  /** Rule options over the variant's defaults; `match` is each pairing's length. */
  readonly rules?: unknown;
  readonly format?: TournamentFormat;
  readonly signupMs: number;
  /** One clock for every game of it; none without. */
  readonly timeControl?: TimeControlName | null;
  /** What the organiser's act fixed (see dice.ts markOf); their entry's mark. */
  readonly mark?: string | null;
}

/** One game per pairing unless the organiser says otherwise: an evening's length. */
const ONE_GAME = { kind: "games", count: 1 } as const;
const GROUP_TYPES = new Set(["group", "supergroup"]);
/** The longest sign-up window a tournament may have. */
export const MAX_SIGNUP_MS = 24 * 3_600_000;

const badClock = <T>(): ServiceResult<T> => fail("bad-input", "Unknown time control.");

const windowFits = (ms: number): boolean => ms > 0 && ms <= MAX_SIGNUP_MS;
const badWindow = <T>(): ServiceResult<T> =>
  fail("bad-input", "The sign-up window is out of range.");

export async function createTournament(
  ctx: ServiceContext,
  input: TournamentInput,
): Promise<ServiceResult<TournamentRow>> {
  if (!GROUP_TYPES.has(input.chat.type ?? ""))
    return fail("group-only", "Tournaments are played in groups.");
  const format = input.format ?? "round-robin";
  if (!TOURNAMENT_FORMATS.includes(format)) return fail("bad-input", "Unknown format.");
  if (!windowFits(input.signupMs)) return badWindow();
  const clockName = input.timeControl ?? "none";
  if (!isTimeControlName(clockName)) return badClock();
  const parsed = parseRules(input.variant, {
    match: ONE_GAME,
    ...((input.rules as object | undefined) ?? {}),
  });
  if (!parsed.ok) return fail("bad-rules", parsed.error);
  // A tournament pairing must end: a running series never does.
  const rules =
    parsed.rules.match.kind === "running" ? { ...parsed.rules, match: ONE_GAME } : parsed.rules;
  const open = await ctx.tournaments.openInChat(input.chat.id);
  if (open) return fail("tournament-exists", "This chat already has a tournament.");
  const now = ctx.config.now();
  await ctx.players.upsert(input.organiser, now);
  await ctx.chats.upsert(input.chat, now);
  // Drawn before anyone else joins: each match's first game is seeded from it (matches.ts).
  const seed = ctx.config.newSeed();
  const row = await ctx.tournaments.insert({
    chatId: input.chat.id,
    organiserId: input.organiser.id,
    variant: input.variant,
    rules,
    format,
    timeControl: controlFor(clockName, input.variant, rules),
    signupEndsAt: now + input.signupMs,
    diceSeed: seed.toString("hex"),
    diceCommitment: commitmentOf(seed),
    createdAt: now,
    updatedAt: now,
  });
  await ctx.tournaments.addEntry(row.id, input.organiser.id, now, markOf(input.mark));
  await ctx.frontEnd.tournamentCreated(row.id);
  return ok(row);
}

async function inSignup(ctx: ServiceContext, id: number): Promise<ServiceResult<TournamentRow>> {
  const t = await ctx.tournaments.get(id);
  if (!t) return fail("not-found", "There is no such tournament.");
  if (t.status !== "signup") return fail("signup-closed", "Sign-up is closed.");
  return ok(t);
}

export async function joinTournament(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
  mark: string | null,
): Promise<ServiceResult<TournamentRow>> {
  const r = await inSignup(ctx, id);
  if (!r.ok) return r;
  const now = ctx.config.now();
  if (now >= r.value.signupEndsAt) return fail("signup-closed", "Sign-up is closed.");
  const entries = await ctx.tournaments.entries(id);
  if (entries.some((e) => e.playerId === by.id))
    return fail("already-entered", "You are in already.");
  if (entries.length >= MAX_ENTRANTS) return fail("tournament-full", "The tournament is full.");
  await ctx.players.upsert(by, now);
  await ctx.tournaments.addEntry(id, by.id, now, markOf(mark));
  await ctx.tournaments.touch(id, now);
  return ok(r.value);
}

export async function leaveTournament(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
): Promise<ServiceResult<TournamentRow>> {
  const r = await inSignup(ctx, id);
  if (!r.ok) return r;
  if (!(await ctx.tournaments.removeEntry(id, by.id)))
    return fail("not-entered", "You are not in it.");
  await ctx.tournaments.touch(id, ctx.config.now());
  return ok(r.value);
}

export async function changeTournament(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef,
  change: TournamentChange,
): Promise<ServiceResult<TournamentRow>> {
  const r = await inSignup(ctx, id);
  if (!r.ok) return r;
  const t = r.value;
  if (by.id !== t.organiserId) return fail("not-organiser", "Only the organiser can do this.");
  const now = ctx.config.now();
  const set: Parameters<typeof ctx.tournaments.update>[1] = {};
  if (change.format !== undefined) {
    if (!TOURNAMENT_FORMATS.includes(change.format)) return fail("bad-input", "Unknown format.");
    set.format = change.format;
  }
  if (change.match !== undefined) {
    const parsed = parseRules(t.variant, { ...t.rules, match: change.match });
    if (!parsed.ok || parsed.rules.match.kind === "running")
      return fail("bad-rules", "That match length is not valid.");
    set.rules = parsed.rules;
  }
  if (change.timeControl !== undefined && !isTimeControlName(change.timeControl)) return badClock();
  // The reserve grows with the match: a new length or a new clock sizes it again.
  if (change.match !== undefined || change.timeControl !== undefined) {
    const name = change.timeControl ?? timeControlNameOf(t.timeControl);
    set.timeControl = controlFor(name, t.variant, set.rules ?? t.rules);
  }
  if (change.signupMs !== undefined) {
    if (!windowFits(change.signupMs)) return badWindow();
    set.signupEndsAt = now + change.signupMs;
  }
  return ok((await ctx.tournaments.update(id, set, now))!);
}

/** The organiser starts it (or, with `by` null, its sign-up window ran out). */
export async function startTournament(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef | null,
): Promise<ServiceResult<{ row: TournamentRow; opened: number[] }>> {
  const r = await inSignup(ctx, id);
  if (!r.ok) return r;
  if (by && by.id !== r.value.organiserId)
    return fail("not-organiser", "Only the organiser can do this.");
  if ((await ctx.tournaments.entries(id)).length < MIN_ENTRANTS)
    return fail("too-few-players", "A tournament needs at least three players.");
  const now = ctx.config.now();
  await ctx.tournaments.update(id, { status: "running", startedAt: now }, now);
  const opened = await advance(ctx, id);
  return ok({ row: (await ctx.tournaments.get(id))!, opened });
}

/**
 * The organiser, or an admin of its chat (`chatAdmin`, as the caller found), calls it off.
 * In sign-up nothing else happens; in play, the games going on are either played to their
 * end (their results count as ordinary games) or dropped. Returns the games dropped.
 */
export async function cancelTournament(
  ctx: ServiceContext,
  id: number,
  by: PlayerRef | null,
  mode: CancelMode,
  chatAdmin = false,
): Promise<ServiceResult<{ row: TournamentRow; abandoned: number[] }>> {
  const t = await ctx.tournaments.get(id);
  if (!t) return fail("not-found", "There is no such tournament.");
  if (t.status !== "signup" && t.status !== "running")
    return fail("tournament-over", "This tournament is over.");
  if (by && by.id !== t.organiserId && !chatAdmin)
    return fail("not-organiser", "Only the organiser or an admin of the chat can do this.");
  const now = ctx.config.now();
  await ctx.tournaments.update(id, { status: "cancelled", finishedAt: now }, now);
  const abandoned: number[] = [];
  if (mode === "abandon")
    for (const m of await ctx.tournaments.matches(id)) {
      if (m.status !== "playing") continue;
      for (const g of await ctx.games.activeInSeries(m.seriesId))
        if (await ctx.games.markAbandoned(g.id, now)) abandoned.push(g.id);
      await ctx.tournaments.abandonMatch(m.id, now);
      await ctx.series.close(m.seriesId, now);
    }
  return ok({ row: (await ctx.tournaments.get(id))!, abandoned });
}
