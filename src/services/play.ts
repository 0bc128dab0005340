import type { GameRow, NewEvent, NewGameRow } from "../db/index.js";
import { type Action, act, type Color, type GameState, newGame } from "../engine/index.js";
import { autoAction } from "./autoplay.js";
import type { ServiceContext } from "./context.js";
import { commitmentOf, SeedDice } from "./dice.js";
import { fail, ok, type ServiceResult } from "./errors.js";
import { actionEvent, startEvent } from "./events.js";
import { recordFinish, userOf } from "./finish.js";
import { planStart, type StartInput } from "./start.js";
import type { ActOutcome } from "./types.js";
import { eventView, gameView } from "./views.js";

/** Thrown inside a transaction to roll it back when the optimistic write lost. */
export class StaleWrite extends Error {}

/** A safety net only: a real game never needs this many automatic actions in a row. */
const MAX_AUTO = 10_000;

/** Takes the automatic actions due after `state`, each as its own event with no actor. */
function settle(state: GameState, dice: SeedDice, out: NewEvent[], afterUndo: boolean) {
  let s = state;
  for (let i = 0, undo = afterUndo; i < MAX_AUTO; i++, undo = false) {
    const next = autoAction(s, undo);
    if (!next) break;
    const drawn = dice.drawn.length;
    const r = act(s, next.by, next.action, { dice });
    if (!r.ok) throw new Error(`automatic ${next.action.type} refused: ${r.error.message}`);
    s = r.state;
    out.push(eventOf(next.by, next.action, dice.drawn.slice(drawn), null));
  }
  return s;
}

const eventOf = (by: Color, action: Action, dice: number[], actorId: number | null): NewEvent => ({
  ...actionEvent(by, action, dice),
  actorId,
});

export interface CreateGameInput extends Omit<StartInput, "dice" | "confirmTurns"> {
  readonly seriesId: number;
  readonly chatId: number | null;
  readonly message: Pick<NewGameRow, "messageId" | "inlineMessageId">;
  readonly locale: string;
  readonly challengeId: number | null;
  readonly previousGameId: number | null;
  readonly actorId: number;
}

/** Draws a seed, plays the opening lot and any automatic first actions; inside a transaction. */
export function createGame(ctx: ServiceContext, input: CreateGameInput): GameRow {
  const now = ctx.config.now();
  const seed = ctx.config.newSeed();
  const dice = new SeedDice(seed, 0);
  const chat = input.chatId === null ? undefined : ctx.chats.get(input.chatId);
  const confirmTurns = chat?.confirmTurns ?? ctx.config.confirmTurns;
  const plan = planStart({ ...input, dice, confirmTurns });
  const events: NewEvent[] = [{ ...startEvent(plan.game, plan.lot), actorId: input.actorId }];
  const state = settle(newGame(plan.game), dice, events, false);
  const over = state.phase === "over";
  if (over) throw new Error("a game cannot end before its first move");
  return ctx.games.insert(
    {
      variant: input.variant,
      rules: input.rules,
      whiteId: plan.whiteId,
      blackId: plan.blackId,
      state,
      chatId: input.chatId,
      ...input.message,
      locale: input.locale,
      diceSeed: seed.toString("hex"),
      diceCommitment: commitmentOf(seed),
      diceCounter: dice.counter,
      seriesId: input.seriesId,
      challengeId: input.challengeId,
      previousGameId: input.previousGameId,
      opening: plan.lot,
      lastActionAt: now,
      createdAt: now,
      updatedAt: now,
    },
    events,
  );
}

/** One player action and what follows from it by itself; call inside a transaction. */
export function playAction(
  ctx: ServiceContext,
  gameId: number,
  userId: number,
  action: Action,
  expectedVersion: number,
): ServiceResult<ActOutcome> {
  const now = ctx.config.now();
  const g = ctx.games.get(gameId);
  if (!g) return fail("not-found", "There is no such game.");
  if (g.version !== expectedVersion) return fail("stale", "This board is out of date.");
  if (g.status !== "active") return fail("game-over", "The game is over.");
  const color: Color | null =
    g.whiteId === userId ? "white" : g.blackId === userId ? "black" : null;
  if (!color) return fail("not-a-player", "You are not playing in this game.");
  if (action.type === "claim-timeout" && now - g.lastActionAt < 2 * ctx.config.idleMs)
    return fail("too-early", "The opponent still has time to move.");

  const dice = new SeedDice(Buffer.from(g.diceSeed, "hex"), g.diceCounter);
  const r = act(g.state, color, action, { dice });
  if (!r.ok) return fail(r.error.code, r.error.message);
  const events = [eventOf(color, action, dice.drawn, userId)];
  const state = settle(r.state, dice, events, action.type === "undo");
  const result = state.phase === "over" ? state.result : null;
  const updated = ctx.games.update(
    gameId,
    expectedVersion,
    {
      state,
      status: result ? "finished" : "active",
      diceCounter: dice.counter,
      winnerId: result?.winner ? userOf(g, result.winner) : null,
      points: result ? result.points : null,
      finishedAt: result ? now : null,
      lastActionAt: now,
      reminded: false,
    },
    events,
    now,
  );
  if (!updated) throw new StaleWrite();
  const finished = result ? recordFinish(ctx, updated, now) : null;
  const appended = ctx.games.events(gameId, expectedVersion).map(eventView);
  return ok({ game: gameView(ctx, updated), events: appended, finished });
}
