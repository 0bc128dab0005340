/**
 * The test kit: the tooling test/ and bench/ share. It lives under bench/ so that the benches
 * import nothing from test/ (a Biome rule keeps it so); the tests import it from here. One fake
 * Bot API, in process and over HTTP, with the Telegram rules it enforces (per-chat flood limits
 * included); the warp clock the in-process limits run on; the silent logger. Beside this file,
 * imported by path: the in-memory front end a service runs on by itself (memory-front-end.ts),
 * positions for the engine (positions.ts), GNU Backgammon's vectors and equities (vectors.ts,
 * gnubg-equities.ts, data in fixtures/), the board page's launch data, event stream and browser
 * (init-data.ts, event-stream.ts, browser.ts); fixtures/ai holds the cube positions
 * bench/cube-score.ts reads.
 */
export { BOT_INFO } from "./bot-api/bot-info.js";
export { type Answer, type ApiError, LIMITS, TG, tooManyRequests } from "./bot-api/errors.js";
export {
  type ApiCall,
  FakeBotApi,
  type FakeBotApiOptions,
  type WireClock,
} from "./bot-api/fake-bot-api.js";
export { FLOOD } from "./bot-api/flood.js";
export { captionText, codePoints, messageText, parseHtml, plainText } from "./bot-api/html.js";
export { keyboardOf } from "./bot-api/markup.js";
export type { IncomingMessage, StoredMessage } from "./bot-api/store.js";
export { chatOf } from "./bot-api/updates.js";
export { silentLogger } from "./silent-logger.js";
export { WarpClock } from "./warp-clock.js";
