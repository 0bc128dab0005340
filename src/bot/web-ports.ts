import type { Api } from "grammy";
import type { WebBoardPorts } from "../web/ports.js";
import { isChatMember } from "./chat-admins.js";
import type { FeatureDeps } from "./features/deps.js";
import { localeOf } from "./i18n.js";

/** What the board page asks of the bot: languages, texts, group members, where players play. */
export function webBoardPorts(
  deps: Pick<FeatureDeps, "prefs" | "textsFor" | "privateBoards" | "limits">,
  api: Api,
): WebBoardPorts {
  return {
    localeOf: async (userId, code) =>
      (userId === null ? null : await deps.prefs.get(userId)) ?? localeOf(code),
    textsFor: (locale) => deps.textsFor(locale),
    isMember: (chatId, userId) => isChatMember(api, chatId, userId),
    playing: (gameId, userId) => deps.privateBoards.note(gameId, userId, "page"),
    startLimit: (userId, take) => {
      const v = take ? deps.limits.challenges.take(userId) : deps.limits.challenges.check(userId);
      return v.ok ? 0 : Math.max(1, v.retryInMs);
    },
  };
}
