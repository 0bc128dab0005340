/** Reading a Bot API request body as the fake Bot API sees it: JSON, form or multipart. */

export async function readAll(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const c of body as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

export interface ParsedBody {
  readonly payload: Record<string, unknown>;
  readonly files: Record<string, Buffer>;
  /** The file name each uploaded part was sent with. */
  readonly fileNames?: Record<string, string>;
}

export function parseBody(raw: Buffer, contentType: string): ParsedBody {
  if (raw.length === 0) return { payload: {}, files: {} };
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/multipart\/form-data/i.test(contentType) && boundary) return parseMultipart(raw, boundary);
  if (/application\/x-www-form-urlencoded/i.test(contentType))
    return { payload: Object.fromEntries(new URLSearchParams(raw.toString("utf8"))), files: {} };
  return { payload: JSON.parse(raw.toString("utf8")) as Record<string, unknown>, files: {} };
}

/** multipart/form-data: file parts (with a filename) stay bytes, the rest are text fields. */
function parseMultipart(raw: Buffer, boundary: string): ParsedBody {
  const payload: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  const fileNames: Record<string, string> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (raw.subarray(afterDelimiter, afterDelimiter + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, afterDelimiter);
    if (next < 0) throw new Error("multipart body without its closing boundary");
    // Part: CRLF, headers, CRLF CRLF, value, CRLF, next delimiter.
    const part = raw.subarray(afterDelimiter + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) throw new Error("multipart part without headers");
    const head = part.subarray(0, split).toString("utf8");
    const value = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) {
      const fileName = /filename="?([^";\r\n]*)"?/i.exec(head)?.[1];
      if (fileName !== undefined) {
        files[name] = Buffer.from(value);
        fileNames[name] = fileName;
      } else payload[name] = value.toString("utf8");
    }
    start = next;
  }
  return { payload, files, fileNames };
}
