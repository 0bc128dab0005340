import { type Api, InputFile } from "grammy";
import type { Logger } from "../log.js";
import type { PhotoUploader } from "./game-messenger.js";

/**
 * Inline messages cannot take an uploaded file, only a `file_id`: the board is sent to a
 * cache chat once, its file id kept, and the cache message deleted.
 */
export function cacheChatUploader(
  api: Api,
  chatId: number | null,
  logger: Logger,
): PhotoUploader | null {
  if (chatId === null) return null;
  return async (png) => {
    const sent = await api.sendPhoto(chatId, new InputFile(png, "board.png"), {
      disable_notification: true,
    });
    const fileId = sent.photo.at(-1)?.file_id;
    await api
      .deleteMessage(chatId, sent.message_id)
      .catch((err) => logger.warn({ err }, "cache message not deleted"));
    if (!fileId) throw new Error("the cache chat returned no photo");
    return fileId;
  };
}

/** The same for a replay animation: sent to the cache chat once, its file id kept. */
export async function uploadAnimation(
  api: Api,
  chatId: number,
  gif: Buffer,
  fileName: string,
  logger: Logger,
): Promise<string> {
  const sent = await api.sendAnimation(chatId, new InputFile(gif, fileName), {
    disable_notification: true,
  });
  const fileId = sent.animation?.file_id ?? sent.document?.file_id;
  await api
    .deleteMessage(chatId, sent.message_id)
    .catch((err) => logger.warn({ err }, "cache message not deleted"));
  if (!fileId) throw new Error("the cache chat returned no animation");
  return fileId;
}
