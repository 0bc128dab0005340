import type { DialogStore, ExpiredDialog } from "../../../db/telegram/dialog-store.js";
import type { Translate } from "../../../texts/translate.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../deps.js";
import { NO_BUTTONS } from "./keyboard.js";

type DialogsClosed = {
  readonly deps: Pick<FeatureDeps, "textsFor" | "logger">;
  readonly api: BotContext["api"];
  readonly dialogs: DialogStore;
};

/** Expires unanswered dialogs: their messages say so and lose their buttons. */
export async function expireDialogs(
  { deps, api, dialogs }: DialogsClosed,
  ttlMs: number,
): Promise<void> {
  await sayClosed(deps, api, await dialogs.expire(ttlMs), (t) => t("new-expired"));
}

/** Dialogs whose state outgrew its cap were dropped by the store: their messages say so. */
export async function closeOvergrownDialogs({ deps, api, dialogs }: DialogsClosed): Promise<void> {
  await sayClosed(deps, api, dialogs.takeOvergrown(), (t) => t("new-too-long"));
}

async function sayClosed(
  deps: DialogsClosed["deps"],
  api: BotContext["api"],
  closed: readonly ExpiredDialog[],
  text: (t: Translate) => string,
): Promise<void> {
  for (const d of closed) {
    await api
      .editMessageText(d.chatId, d.messageId, text(deps.textsFor(d.locale)), NO_BUTTONS)
      .catch((err) => deps.logger.warn({ err }, "closed dialog not edited"));
  }
}
