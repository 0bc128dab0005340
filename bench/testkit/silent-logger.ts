import pino from "pino";
import type { Logger } from "../../src/log.js";

/** A logger that writes nothing, for bots under test and in benches. */
export const silentLogger: Logger = pino({ level: "silent" });
