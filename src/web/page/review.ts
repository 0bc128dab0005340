import type { Color, Cube } from "../../engine/index.js";
import { diceView } from "../../render/game-view.js";
import type { BoardView } from "../../render/view.js";
import type { PageGame, PageMark, PageReview, PageTexts } from "../protocol.js";
import { ICON } from "./status.js";

/** One position of a finished game's replay: the start, then the board after each turn. */
export interface Frame {
  readonly view: BoardView;
  /** The analysis's costly decisions made here (a cube decision before the turn's move). */
  readonly marks: readonly PageMark[];
  /** A marked play's best play, drawn as the turn's own steps on the board it leaves. */
  readonly best: BoardView | null;
  readonly playedText: string;
  readonly bestText: string;
  readonly lossText: string;
  /** What the cube decisions here were, and what was best. */
  lines(x: PageTexts): string[];
}

/** The replay's frames, seen from `side` throughout (a player's own side, else White's). */
export function reviewFrames(game: PageGame, review: PageReview, side: Color): Frame[] {
  const score = [game.score.white, game.score.black] as const;
  const still = (board: BoardView["board"], cubeThen: Cube): BoardView => ({
    variant: game.variant,
    board,
    perspective: side,
    toMove: null,
    dice: null,
    // The cube as it was then, not as the game ended.
    cube: game.state.rules.cube ? cubeThen : null,
    score,
    lastMove: null,
    currentSteps: [],
  });
  // The last position shows the score the game made, as the header does.
  const after = game.scoreAfter ? ([game.scoreAfter.white, game.scoreAfter.black] as const) : score;
  const views: BoardView[] = [
    still(review.start, review.startCube),
    ...review.turns.map((t) => ({
      ...still(t.board, t.cube),
      dice: diceView(t.dice, []),
      lastMove: { color: t.color, steps: t.steps },
    })),
  ];
  const last = views.length - 1;
  views[last] = { ...views[last]!, score: after };
  return views.map((view, i) => {
    const marks = (review.marks ?? []).filter(
      (m) => (m.kind === "play" ? m.turn : m.turn - 1) === i,
    );
    const play = marks.find((m) => m.kind === "play");
    return {
      view,
      marks,
      best: play
        ? {
            ...view,
            board: play.bestAfter,
            toMove: play.color,
            lastMove: null,
            currentSteps: play.best,
          }
        : null,
      playedText: play ? play.playedMoves.join(" ") : "",
      bestText: play ? play.bestMoves.join(" ") : "",
      lossText: play ? play.loss.toFixed(3) : "",
      lines: (x) => [
        ...(i > 0 && review.turns[i - 1]!.steps.length === 0 ? [x.noMove] : []),
        ...marks.flatMap((m) =>
          m.kind === "cube"
            ? [
                `${ICON[m.color]} ${x.levels[m.level]} −${m.loss.toFixed(3)}: ${x.cubeActions[m.action]} → ${x.cubeActions[m.bestAction]}`,
              ]
            : [],
        ),
      ],
    };
  });
}
