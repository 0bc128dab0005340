import type { Api } from "grammy";
import type { Translate } from "../texts/translate.js";
import type { LocalePrefs } from "./features/deps.js";
import { isPrivateLane } from "./outbox/methods.js";
import { type Outbox, PRIORITY } from "./outbox/outbox.js";

/**
 * Tells a chat whose outbox is full that replies were dropped: one message, sent when the
 * chat's budget allows (a job, so asking again while it waits sends nothing more). An inline
 * message has no chat to tell.
 */
export function slowDownNotice(
  outbox: Outbox,
  api: Api,
  prefs: LocalePrefs,
  textsFor: (locale: string | null) => Translate,
): (lane: string) => void {
  return async (lane) => {
    if (!lane.startsWith("c:")) return;
    const chatId = Number(lane.slice(2));
    if (!Number.isSafeInteger(chatId)) return;
    // In a private chat the person's own language; a group's readers differ.
    const t = textsFor(isPrivateLane(lane) ? await prefs.get(chatId) : null);
    outbox.schedule({
      key: `slow-down:${lane}`,
      lane,
      priority: PRIORITY.normal,
      run: async () => {
        await api.sendMessage(chatId, t("outbox-full"));
      },
    });
  };
}
