import type { MessageEntity } from "grammy/types";
import type { NamedOpponent } from "./steps.js";

/** The opponent named in a reply: a mention without a username gives the user itself. */
export function namedOpponent(
  text: string,
  entities: readonly MessageEntity[] | undefined,
): NamedOpponent | null {
  const mentioned = entities?.find((e) => e.type === "text_mention");
  if (mentioned && "user" in mentioned && !mentioned.user.is_bot) return { user: mentioned.user };
  const name = text.trim().replace(/^@/, "").toLowerCase();
  return /^[a-z0-9_]{3,32}$/.test(name) && !name.endsWith("bot") ? { username: name } : null;
}
