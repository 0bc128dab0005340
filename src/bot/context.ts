import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";

/** The context inside conversations: no conversation controls there. */
export type InnerContext = Context & I18nFlavor;
export type BotContext = ConversationFlavor<InnerContext>;
