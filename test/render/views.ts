import { makeSide, startingBoard } from "../../src/engine/position.js";
import type { Board, Color, Variant } from "../../src/engine/types.js";
import type { BoardView } from "../../src/render/view.js";

/** A view with nothing but the board; tests add what they look at. */
export function plain(variant: Variant, board: Board, perspective: Color = "white"): BoardView {
  return {
    variant,
    board,
    perspective,
    toMove: perspective,
    dice: null,
    cube: null,
    score: null,
    lastMove: null,
    currentSteps: [],
  };
}

/** The situations the picture must handle, per game. */
export const CASES: Readonly<Record<string, BoardView>> = {
  longOpening: {
    ...plain("long", startingBoard("long")),
    dice: { values: [6, 5], used: [false, false] },
  },
  longOpeningBlack: plain("long", startingBoard("long"), "black"),
  longMid: {
    ...plain("long", {
      white: makeSide({ 24: 6, 22: 1, 20: 2, 19: 2, 17: 1, 15: 1, 13: 1, 7: 1 }),
      black: makeSide({ 24: 7, 23: 1, 20: 2, 18: 1, 16: 2, 14: 1, 11: 1 }),
    }),
    dice: { values: [4, 4], used: [true, false] },
    score: [3, 12],
    lastMove: {
      color: "black",
      steps: [
        { from: 24, to: 20, die: 4 },
        { from: 20, to: 14, die: 6 },
      ],
    },
    currentSteps: [
      { from: 24, to: 20, die: 4 },
      { from: 24, to: 20, die: 4 },
    ],
  },
  longBearOff: {
    ...plain("long", {
      white: makeSide({ 0: 9, 6: 2, 4: 3, 1: 1 }),
      black: makeSide({ 0: 2, 5: 4, 3: 5, 2: 4 }),
    }),
    lastMove: {
      color: "black",
      steps: [
        { from: 1, to: 0, die: 1 },
        { from: 2, to: 0, die: 3 },
      ],
    },
  },
  shortOpening: { ...plain("short", startingBoard("short")), cube: { value: 1, owner: null } },
  shortFifteen: plain("short", {
    white: makeSide({ 6: 15 }),
    black: makeSide({ 1: 15 }),
  }),
  shortBar: {
    ...plain("short", {
      white: makeSide({ 25: 2, 13: 4, 8: 3, 6: 5, 0: 1 }),
      black: makeSide({ 25: 2, 24: 2, 22: 1, 13: 4, 6: 5, 0: 1 }),
    }),
    dice: { values: [3, 1], used: [false, true] },
    cube: { value: 4, owner: "black" },
    score: [0, 1],
    lastMove: { color: "black", steps: [{ from: 25, to: 22, die: 3, hit: true }] },
  },
  shortBearOff: {
    ...plain(
      "short",
      {
        white: makeSide({ 0: 12, 2: 2, 1: 1 }),
        black: makeSide({ 0: 4, 6: 5, 5: 6 }),
      },
      "black",
    ),
    cube: { value: 16, owner: "black" },
    currentSteps: [
      { from: 6, to: 0, die: 6 },
      { from: 6, to: 0, die: 6 },
    ],
  },
};
