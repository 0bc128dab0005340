import type { MessageStore } from "../db/telegram/message-store.js";
import type { ChallengeView, GameService, GameView } from "../services/index.js";

/** What an inline message shows: the store knows which game or challenge is there. */
interface Lookup {
  readonly service: GameService;
  readonly messages: MessageStore;
}

/** The game an inline message shows now (a rematch takes the message over). */
export async function gameInInline(
  { service, messages }: Lookup,
  inlineMessageId: string,
): Promise<GameView | null> {
  const id = await messages.gameInInlineMessage(inlineMessageId);
  return id === null ? null : await service.getGame(id);
}

/** The challenge made in an inline message, if any. */
export async function challengeInInline(
  { service, messages }: Lookup,
  inlineMessageId: string,
): Promise<ChallengeView | null> {
  const id = await messages.challengeInInlineMessage(inlineMessageId);
  return id === null ? null : await service.getChallenge(id);
}
