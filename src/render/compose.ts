import { bannerItems } from "./banner.js";
import { drawFrame } from "./board-frame.js";
import { checkerItems, trayItems } from "./checkers.js";
import { cubeItems } from "./cube.js";
import { diceItems } from "./dice.js";
import type { DisplayList } from "./display.js";
import { infoItems } from "./info.js";
import { markedLabelItems, plainLabels } from "./labels.js";
import { layoutFor } from "./layout.js";
import { buildMarks } from "./markers.js";
import { sceneOf } from "./scene.js";
import type { BoardView } from "./view.js";

const backgrounds = new Map<string, string>();

/** Everything to draw for a view, bottom layer first. */
export function displayList(view: BoardView): DisplayList {
  const l = layoutFor(view.variant, view.shape);
  const sc = sceneOf(view);
  const marks = buildMarks(l, view, sc);
  const key = `${l.variant}/${l.shape}`;
  let background = backgrounds.get(key);
  if (background === undefined) {
    background = drawFrame(l) + plainLabels(l);
    backgrounds.set(key, background);
  }
  return {
    width: l.width,
    height: l.height,
    background,
    items: [
      ...markedLabelItems(l, marks.labels),
      ...trayItems(l, sc),
      ...checkerItems(l, sc),
      ...marks.overlay,
      ...diceItems(l, view),
      ...cubeItems(l, view),
      ...infoItems(l, view, sc),
      ...bannerItems(l, view),
    ],
  };
}
