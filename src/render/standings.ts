import { bracketPicture } from "./standings-bracket.js";
import { tablePicture } from "./standings-table.js";
import type { RenderStandings, StandingsPicture } from "./standings-view.js";
import { composePng } from "./text-image.js";

/**
 * A tournament's standings as a PNG in the board's wooden style: a round-robin table or a
 * knock-out bracket. Shapes are one SVG rasterised by sharp; every text is drawn with the
 * DejaVu fonts from npm (text-image.ts), never with system fonts.
 */
export const renderStandingsPng: RenderStandings = async (view: StandingsPicture) => {
  const p = view.kind === "table" ? tablePicture(view) : bracketPicture(view);
  return composePng(p.svg, p.width, p.height, p.items);
};
