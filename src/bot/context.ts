import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Translate } from "../texts/translate.js";

/** The plugin's translation functions, typed with the keys and variables of the .ftl files. */
type TypedI18nFlavor = Omit<I18nFlavor, "t" | "translate"> & { t: Translate; translate: Translate };

/** The context inside conversations: no conversation controls there. */
export type InnerContext = Context & TypedI18nFlavor;
export type BotContext = ConversationFlavor<InnerContext>;
