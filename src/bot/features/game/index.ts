import { Composer } from "grammy";
import { isPlainAction } from "../../../engine/index.js";
import type { GameAction } from "../../../services/index.js";
import { onButton, type PayloadOf, type PressContext } from "../../buttons.js";
import type { GameCommand } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { playPress, pressed } from "../../press.js";
import { pressSecondPart } from "../../press-origin.js";
import { errorText } from "../../ui/errors-text.js";
import { playerRef } from "../player-ref.js";
import type { GameDeps } from "./deps.js";

/** The game action a board button stands for. */
function actionOf(command: GameCommand): GameAction | null {
  if (command.kind === "step")
    return { type: "step", from: command.from, to: command.to, die: command.die };
  if (command.kind === "play") return { type: "play", steps: command.steps };
  return isPlainAction(command.kind) ? { type: command.kind } : null;
}

/** Presses on game boards: every one checked against the game's version and whose turn it is. */
export function gameFeature(deps: GameDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  onButton(composer, "game", (ctx, p) => gamePress(deps, ctx, p));
  return composer;
}

/** A board button: a move, roll, undo, refresh, rematch, claim and the rest. */
async function gamePress(
  deps: GameDeps,
  ctx: PressContext<BotContext>,
  { gameId, version, command }: PayloadOf<"game">,
): Promise<void> {
  const { service, boards, answers } = deps;
  // A board's buttons belong to the game's chat (any of its boards there, an older one
  // included), to its inline message or to a player's own board; the same data pressed in
  // another chat does nothing.
  // Moves are checked by the service with its one read (playPress); the rarer presses
  // below read the game here.
  const rare = ["refresh", "rematch", "claim"].includes(command.kind);
  const game = rare ? await service.getGame(gameId) : null;
  // A player's own board in private is the game's too (a lobby game has no other).
  if (
    game &&
    !(await pressed.ownBoard(deps, ctx, gameId)) &&
    !pressed.atGameHome(ctx, game.chatId, game.message)
  ) {
    await answers.answer(ctx, ctx.t("err-foreign-button"), true);
    return;
  }
  const pressedOn = await pressed.gameBoard(deps, ctx, gameId);
  const onBoard = pressedOn ? { pressedOn } : {};
  if (command.kind === "refresh") {
    await answers.answer(ctx);
    await boards.request(gameId, onBoard);
    return;
  }
  if (command.kind === "rematch") {
    const r = await service.rematch(
      gameId,
      playerRef(ctx.from),
      pressedOn?.kind === "inline" ? pressedOn : null,
      { secondPart: pressSecondPart(ctx) },
    );
    if (!r.ok) {
      await answers.answer(ctx, errorText(ctx.t, r.error), true);
      const shown = r.error.gameId;
      if (shown !== undefined) await boards.request(shown);
      return;
    }
    await boards.request(r.value.game.id);
    await answers.answer(ctx);
    return;
  }
  if (command.kind === "claim") {
    // A claim acts on the game as it is now, whichever board it was pressed on; the
    // service says who may claim.
    await playPress(deps, ctx, gameId, game?.version ?? version, { type: "claim-timeout" }, true);
    return;
  }
  const action = actionOf(command);
  if (!action) {
    await answers.answer(ctx, ctx.t("err-bad-button"), true);
    return;
  }
  await playPress(deps, ctx, gameId, version, action, true);
}
