import type { MessageStore } from "../db/telegram/message-store.js";
import type { GameService } from "../services/index.js";

/**
 * The bot lost a chat (removed from it, blocked in it) or is back there: the one place that
 * records it and holds the clocks of the chat's games while nobody there can see a board, or
 * runs them again from where they stopped.
 */
export async function setChatReach(
  deps: {
    readonly messages: Pick<MessageStore, "isChatLost" | "setChatLost">;
    readonly service: GameService;
  },
  chatId: number,
  reachable: boolean,
): Promise<void> {
  const { messages, service } = deps;
  if (messages.isChatLost(chatId) !== reachable) return;
  const now = service.config.now();
  await messages.setChatLost(chatId, !reachable, now);
  if (reachable) await service.resumeClocksIn(chatId, now);
  else await service.holdClocksIn(chatId, now);
}
