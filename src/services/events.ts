import {
  type Action,
  act,
  type Color,
  type Dice,
  type GameState,
  type NewGameOptions,
  newGame,
  type OpeningLot,
  scriptedDice,
} from "../engine/index.js";

/**
 * What one game_events row holds. A game's first event is `start`; each later one is one
 * engine action with the dice it drew, so replaying needs neither the seed nor the service.
 */
export type StartPayload = {
  readonly game: NewGameOptions;
  /** The opening lot (its dice are the game's first dice), or null without a lot. */
  readonly lot: OpeningLot | null;
};

export type ActionPayload = {
  readonly by: Color;
  readonly action: Action;
  /** Dice drawn by this action (a roll); absent otherwise. */
  readonly dice?: readonly number[];
};

export type GameEvent =
  | { readonly type: "start"; readonly payload: StartPayload }
  | { readonly type: Action["type"]; readonly payload: ActionPayload };

export function startEvent(game: NewGameOptions, lot: OpeningLot | null): GameEvent {
  return { type: "start", payload: { game, lot } };
}

export function actionEvent(by: Color, action: Action, dice: readonly number[]): GameEvent {
  // A copy: the caller's list of drawn dice keeps growing.
  const payload: ActionPayload = dice.length > 0 ? { by, action, dice: [...dice] } : { by, action };
  return { type: action.type, payload };
}

/** Applies one stored event; a log the engine refuses is corrupt, so this throws. */
export function applyEvent(state: GameState | null, event: { type: string; payload: unknown }) {
  if (event.type === "start") {
    if (state !== null) throw new Error("start event in the middle of a game");
    return newGame((event.payload as StartPayload).game);
  }
  if (state === null) throw new Error(`${event.type} event before the start`);
  const p = event.payload as ActionPayload;
  if (p.action?.type !== event.type) throw new Error(`malformed ${event.type} event`);
  const r = act(state, p.by, p.action, { dice: scriptedDice(p.dice ?? []) });
  if (!r.ok) throw new Error(`event ${event.type} refused: ${r.error.message}`);
  return r.state;
}

export type { Dice };
