import { createHmac } from "node:crypto";
import type { User } from "grammy/types";

/**
 * Launch data signed the way Telegram documents it ("Validating data received via the Mini
 * App"): the secret key is HMAC-SHA-256 of the bot's token keyed with "WebAppData"; `hash` is
 * the hex HMAC-SHA-256, under that key, of every other field as `key=value` lines sorted by key.
 */
export function signInitData(botToken: string, fields: Readonly<Record<string, string>>): string {
  const secret = createHmac("sha256", "WebAppData").update(botToken).digest();
  const lines = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`);
  const hash = createHmac("sha256", secret).update(lines.join("\n")).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** What a Telegram app would hand the page for `user`, signed `ageS` seconds ago. */
export function launchData(
  botToken: string,
  user: User,
  opts: { readonly ageS?: number; readonly startParam?: string; readonly now?: number } = {},
): string {
  const now = opts.now ?? Date.now();
  return signInitData(botToken, {
    query_id: `AAH${user.id}`,
    user: JSON.stringify({
      id: user.id,
      first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
      ...(user.language_code ? { language_code: user.language_code } : {}),
      allows_write_to_pm: true,
    }),
    auth_date: String(Math.floor(now / 1000) - (opts.ageS ?? 0)),
    ...(opts.startParam ? { start_param: opts.startParam, chat_type: "supergroup" } : {}),
  });
}
