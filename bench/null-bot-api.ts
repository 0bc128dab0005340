/**
 * A Bot API that takes every call and keeps nothing but when each message was sent: for
 * benches that measure the bot's own time and memory, not a fake's (the fakes in test/ check
 * Telegram's rules and keep every upload). Request bodies are read to their end and dropped,
 * as an HTTP upload would be.
 */
export class NullBotApi {
  /** Each send's method and when it was answered (performance.now()). */
  readonly sent: { readonly method: string; readonly at: number }[] = [];
  private lastId = 0;

  readonly fetch = async (url: unknown, init?: { body?: unknown }): Promise<Response> => {
    const method = String(url).split("/").pop()!;
    const body = init?.body;
    if (body && typeof body === "object" && Symbol.asyncIterator in body)
      for await (const _ of body as AsyncIterable<unknown>) {
        // Drained, not kept.
      }
    const id = ++this.lastId;
    const message = { message_id: id, date: 0, chat: { id: -1, type: "supergroup", title: "" } };
    const file = { file_id: `f${id}`, file_unique_id: `u${id}` };
    const results: Record<string, unknown> = {
      sendMessage: { ...message, text: "" },
      sendPhoto: { ...message, photo: [{ ...file, width: 1, height: 1 }] },
      sendAnimation: { ...message, animation: { ...file, width: 1, height: 1, duration: 1 } },
    };
    const result = results[method] ?? true;
    if (method in results) this.sent.push({ method, at: performance.now() });
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { "content-type": "application/json" },
    });
  };
}
