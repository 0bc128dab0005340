import type { BoardView } from "../../render/view.js";

export { boardViewOf, diceView } from "../../render/game-view.js";

/** Two views draw the same picture exactly when their keys are equal. */
export const viewKey = (view: BoardView): string => JSON.stringify(view);
