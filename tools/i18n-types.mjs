// @ts-check
/**
 * `npm run i18n:types`: writes src/bot/locales/keys.ts, the message keys and their variables,
 * from the Fluent files beside it (tools/message-types.mjs reads them).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { messageTypesOfDir } from "./message-types.mjs";

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/bot/locales");

writeFileSync(path.join(LOCALES, "keys.ts"), messageTypesOfDir(LOCALES));
