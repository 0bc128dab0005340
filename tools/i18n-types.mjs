// @ts-check
/**
 * `npm run i18n:types`: writes src/texts/keys.ts, the message keys and their variables,
 * from the bot's Fluent files (src/bot/locales; tools/message-types.mjs reads them).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { messageTypesOfDir } from "./message-types.mjs";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

writeFileSync(path.join(SRC, "texts/keys.ts"), messageTypesOfDir(path.join(SRC, "bot/locales")));
