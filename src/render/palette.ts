import type { Color } from "../engine/types.js";

/** Classic wooden board; opaque everywhere, so it reads the same on dark and light chats. */
export const WOOD = {
  frame: "#4a2a16",
  frameEdge: "#2e190c",
  frameLight: "#6b4226",
  field: "#e2bf86",
  pointDark: "#7e2f16",
  pointLight: "#f4e4c1",
  tray: "#6a4424",
  label: "#f1dcb0",
} as const;

export interface CheckerPaint {
  readonly fill: string;
  readonly rim: string;
  readonly inner: string;
  /** Digits drawn on this checker. */
  readonly ink: string;
}

export const CHECKER: Readonly<Record<Color, CheckerPaint>> = {
  white: { fill: "#fbf6ea", rim: "#7d6a50", inner: "#d9ccb2", ink: "#3a2a1c" },
  black: { fill: "#2a2421", rim: "#0c0a09", inner: "#4a413b", ink: "#f6eedb" },
};

/** Move markers: the previous turn and the steps played so far this turn. */
export const MARK = {
  last: "#2f8cff",
  current: "#ffb400",
} as const;
