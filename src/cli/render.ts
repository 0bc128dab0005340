import { renderBoardPng } from "../render/png.js";
import { viewFromArgs } from "./render-args.js";

/** Writes the board PNG to stdout; bad arguments: one line on stderr, exit 2, no stdout. */
const view = viewFromArgs(process.argv.slice(2));
if (typeof view === "string") {
  process.stderr.write(`render: ${view}\n`);
  process.exitCode = 2;
} else {
  process.stdout.write(await renderBoardPng(view));
}
