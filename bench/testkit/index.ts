/**
 * The test kit: the tooling test/ and bench/ share (bench/ imports from here and nothing else
 * under test/). One fake Bot API, in process and over HTTP, with the Telegram rules it enforces
 * (per-chat flood limits included); the warp clock the in-process limits run on; positions and
 * GNU Backgammon's vectors for the engine; whole games between computer players.
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
