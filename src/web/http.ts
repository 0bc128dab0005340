import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";

/** Below this, compressing a JSON answer costs more than it saves. */
const COMPRESS_FROM = 1024;

/** Past this, a body too large is not even read to its end: the connection is cut. */
const DISCARD_LIMIT = 64 * 1024;

/**
 * The request's body as text; null when it is longer than `max` bytes (the rest is read and
 * dropped so the refusal can be answered, up to a limit past which the connection is cut).
 */
export function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else if (size > max + DISCARD_LIMIT) req.destroy();
    });
    req.on("end", () => resolve(size > max ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
    req.on("close", () => resolve(null));
  });
}

/** Whether the client takes an encoding (`br`, `gzip`). */
export const accepts = (req: IncomingMessage, encoding: string): boolean =>
  String(req.headers["accept-encoding"] ?? "")
    .split(",")
    .some((e) => e.trim().split(";")[0] === encoding);

/** A JSON answer, gzipped when the client takes it and it is worth it. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const raw = Buffer.from(JSON.stringify(body));
  const zip = raw.length >= COMPRESS_FROM && accepts(req, "gzip");
  res
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      vary: "accept-encoding",
      ...(zip ? { "content-encoding": "gzip" } : {}),
      ...headers,
    })
    .end(zip ? gzipSync(raw) : raw);
}
