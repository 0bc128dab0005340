import { createHmac, timingSafeEqual } from "node:crypto";
import type { PlayerRef } from "../services/index.js";

/**
 * The Telegram user a Mini App was opened by, as its signed launch data names them: a
 * service's player, every field known.
 */
export type WebUser = Required<PlayerRef>;

/** What the signed launch data (`Telegram.WebApp.initData`) tells the server. */
export interface InitData {
  readonly user: WebUser;
  /** When Telegram signed it, in Unix seconds. */
  readonly authDate: number;
  /** `startapp` of the link that opened the page (`g12`), if any. */
  readonly startParam: string | null;
}

export type InitDataCheck =
  | { readonly ok: true; readonly data: InitData }
  | { readonly ok: false; readonly reason: "missing" | "malformed" | "forged" | "stale" };

/** Launch data older than a day is refused: a copy of it must not work for ever. */
export const INIT_DATA_MAX_AGE_S = 86_400;
/** Telegram's clock and ours may differ a little; data from further ahead is refused. */
const FUTURE_SLACK_S = 300;
/** Real launch data is well under 2 KB (a user, a few ids, two signatures). */
const MAX_LENGTH = 4_096;

/** The key launch data is checked with: HMAC-SHA-256 of the bot's token, keyed "WebAppData". */
export const initDataKey = (botToken: string): Buffer =>
  createHmac("sha256", "WebAppData").update(botToken).digest();

/**
 * Checks launch data as Telegram documents it ("Validating data received via the Mini
 * App"): every field but `hash`, sorted by key, as `key=value` lines, must have `hash` as its
 * HMAC-SHA-256 under `key`; and it must have been signed within the last day.
 */
export function checkInitData(
  raw: string | null | undefined,
  key: Buffer,
  nowMs: number,
): InitDataCheck {
  if (!raw) return { ok: false, reason: "missing" };
  if (raw.length > MAX_LENGTH) return { ok: false, reason: "malformed" };
  const fields = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(raw)) {
    // A field given twice could be read one way here and another way when signed.
    if (fields.has(k)) return { ok: false, reason: "malformed" };
    fields.set(k, v);
  }
  const hash = fields.get("hash");
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: "malformed" };
  const lines = [...fields]
    .filter(([k]) => k !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  const expected = createHmac("sha256", key).update(lines.join("\n")).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return { ok: false, reason: "forged" };
  const authDate = Number(fields.get("auth_date"));
  if (!Number.isSafeInteger(authDate)) return { ok: false, reason: "malformed" };
  const age = nowMs / 1000 - authDate;
  if (age > INIT_DATA_MAX_AGE_S || age < -FUTURE_SLACK_S) return { ok: false, reason: "stale" };
  const user = userOf(fields.get("user"));
  if (!user) return { ok: false, reason: "malformed" };
  return { ok: true, data: { user, authDate, startParam: fields.get("start_param") ?? null } };
}

function userOf(json: string | undefined): WebUser | null {
  let u: Record<string, unknown>;
  try {
    u = JSON.parse(json ?? "") as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof u !== "object" || u === null) return null;
  const id = u.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof u.first_name !== "string") return null;
  const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
  return {
    id,
    firstName: u.first_name,
    lastName: text(u.last_name),
    username: text(u.username),
    languageCode: text(u.language_code),
  };
}
