/**
 * Button payloads, at most 64 bytes and ASCII only. Each game button names the game and the
 * version it was drawn for, so a press on an older board is recognised as stale.
 */
export type GameCommand =
  | { readonly kind: "step"; readonly from: number; readonly to: number; readonly die: number }
  | { readonly kind: "undo" }
  | { readonly kind: "commit" }
  | { readonly kind: "roll" }
  | { readonly kind: "double" }
  | { readonly kind: "take" }
  | { readonly kind: "drop" }
  | { readonly kind: "accept-resign" }
  | { readonly kind: "decline-resign" }
  | { readonly kind: "claim" }
  | { readonly kind: "resign"; readonly level: 0 | 1 | 2 | 3 }
  | { readonly kind: "resign-menu" }
  | { readonly kind: "resign-cancel" }
  | { readonly kind: "rematch" }
  | { readonly kind: "refresh" };

export type Payload =
  | {
      readonly type: "game";
      readonly gameId: number;
      readonly version: number;
      readonly command: GameCommand;
    }
  | {
      readonly type: "challenge";
      readonly challengeId: number;
      readonly command: "accept" | "decline" | "cancel";
    };

const SIMPLE: Record<string, GameCommand["kind"]> = {
  u: "undo",
  c: "commit",
  r: "roll",
  d: "double",
  t: "take",
  p: "drop",
  ra: "accept-resign",
  rd: "decline-resign",
  w: "claim",
  rm: "resign-menu",
  rx: "resign-cancel",
  m: "rematch",
  f: "refresh",
};
const CODE = Object.fromEntries(Object.entries(SIMPLE).map(([k, v]) => [v, k])) as Record<
  string,
  string
>;

const CHALLENGE = { a: "accept", d: "decline", x: "cancel" } as const;

export function encodeGame(gameId: number, version: number, command: GameCommand): string {
  const head = `g:${gameId}:${version}`;
  switch (command.kind) {
    case "step":
      return `${head}:s:${command.from}:${command.to}:${command.die}`;
    case "resign":
      return `${head}:R:${command.level}`;
    default:
      return `${head}:${CODE[command.kind]}`;
  }
}

export function encodeChallenge(
  challengeId: number,
  command: "accept" | "decline" | "cancel",
): string {
  return `c:${challengeId}:${command[0] === "a" ? "a" : command[0] === "d" ? "d" : "x"}`;
}

const ID = "(0|[1-9]\\d{0,14})";
const GAME = new RegExp(
  `^g:${ID}:${ID}:(s:([1-9]|1\\d|2[0-5]):(\\d|1\\d|2[0-4]):([1-6])|R:([0-3])|[a-z]{1,2})$`,
);
const CHALLENGE_RE = new RegExp(`^c:${ID}:([adx])$`);

/** Reads a payload; anything a client could forge that is not ours gives null. */
export function decodePayload(data: string | undefined): Payload | null {
  if (data === undefined || data.length > 64) return null;
  const c = CHALLENGE_RE.exec(data);
  if (c)
    return {
      type: "challenge",
      challengeId: Number(c[1]),
      command: CHALLENGE[c[2] as "a" | "d" | "x"],
    };
  const g = GAME.exec(data);
  if (!g) return null;
  const gameId = Number(g[1]);
  const version = Number(g[2]);
  if (!Number.isSafeInteger(gameId) || !Number.isSafeInteger(version)) return null;
  let command: GameCommand | null = null;
  if (g[4] !== undefined) {
    const from = Number(g[4]);
    const to = Number(g[5]);
    if (to >= from) return null;
    command = { kind: "step", from, to, die: Number(g[6]) };
  } else if (g[7] !== undefined) command = { kind: "resign", level: Number(g[7]) as 0 | 1 | 2 | 3 };
  else {
    const kind = Object.hasOwn(SIMPLE, g[3]!) ? SIMPLE[g[3]!] : undefined;
    if (kind) command = { kind } as GameCommand;
  }
  return command ? { type: "game", gameId, version, command } : null;
}
