import type { GameState } from "../../../engine/index.js";
import type { ReplayFrame } from "../../../render/replay.js";
import type { BoardView } from "../../../render/view.js";
import { type GameView, type Timeline, turnsOf } from "../../../services/index.js";
import { diceView } from "../../ui/board-view.js";

/** How long each frame shows, in ms: the opening panel, each turn, the final panel. */
export const REPLAY_DELAYS = { title: 2500, turn: 1100, end: 4000 } as const;

/**
 * A finished game as the frames of its replay, seen from White's side throughout: the
 * starting position under a panel with the series score, one frame per turn with its dice
 * and the move marked, then the final position under a panel with the winner's points.
 */
export function replayFrames(
  game: Pick<GameView, "variant" | "score" | "state">,
  timeline: Timeline,
): ReplayFrame[] {
  const score = [game.score.white, game.score.black] as const;
  const still = (state: GameState): BoardView => ({
    variant: game.variant,
    board: state.board,
    perspective: "white",
    toMove: null,
    dice: null,
    cube: state.rules.cube ? state.cube : null,
    score,
    lastMove: null,
    currentSteps: [],
  });
  const frames: ReplayFrame[] = [
    {
      view: { ...still(timeline.start), banner: { kind: "start", score } },
      delayMs: REPLAY_DELAYS.title,
    },
  ];
  for (const turn of turnsOf(timeline)) {
    frames.push({
      view: {
        ...still(turn.after),
        toMove: turn.color,
        dice: diceView(turn.dice, []),
        lastMove: { color: turn.color, steps: turn.steps },
      },
      delayMs: REPLAY_DELAYS.turn,
    });
  }
  const r = game.state.result;
  frames.push({
    view: {
      ...still(game.state),
      banner: { kind: "result", winner: r?.winner ?? null, points: r?.points ?? 0 },
    },
    delayMs: REPLAY_DELAYS.end,
  });
  return frames;
}
