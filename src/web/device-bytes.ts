/**
 * 16 random bytes the board page drew on the player's device (32 hex digits), sent with an
 * act that starts a game: the dice's part that the bot neither draws nor can draw again
 * (docs/rules.md, Fair dice). Anything else is no such part.
 */
export const deviceBytes = (value: unknown): string | null =>
  typeof value === "string" && /^[0-9a-f]{32}$/.test(value) ? value : null;
