import {
  type MatchRule,
  presetNames,
  type TimeControlName,
  type Variant,
} from "../../../engine/index.js";

export interface PlayArgs {
  readonly variant: Variant;
  readonly preset: string;
  readonly username: string | null;
  readonly vsBot: boolean;
  /** `5p` (a match to 5 points) or `3g` (3 games); null: the preset's own. */
  readonly match: MatchRule | null;
  /** The clock by its control's name; null: none asked for. */
  readonly clock: TimeControlName | null;
  /** `anyone`: a game against anyone, sought in the lobby across chats. */
  readonly anyone: boolean;
}

const VARIANT_WORDS: Record<string, Variant> = {
  long: "long",
  длинные: "long",
  длинная: "long",
  довгі: "long",
  short: "short",
  backgammon: "short",
  короткие: "short",
  короткая: "short",
  короткі: "short",
};

const CLOCK_WORDS: Record<string, TimeControlName> = {
  blitz: "blitz",
  блиц: "blitz",
  бліц: "blitz",
  normal: "normal",
  обычный: "normal",
  звичайний: "normal",
  casual: "casual",
  спокойный: "casual",
  спокійний: "casual",
  correspondence: "correspondence",
  переписка: "correspondence",
  листування: "correspondence",
  none: "none",
};

const ANYONE_WORDS = new Set(["anyone", "любой", "будь-хто"]);

/** The longest match a word may ask for: longer ones are not played in a chat. */
export const MAX_MATCH_LENGTH = 25;

/** `5p` (to 5 points) or `3g` (3 games) as a match rule; null for any other word. */
export function matchWord(word: string): MatchRule | null {
  const m = /^(\d{1,2})([pg])$/.exec(word.toLowerCase());
  const n = m ? Number(m[1]) : 0;
  if (!m || n < 1 || n > MAX_MATCH_LENGTH) return null;
  return m[2] === "p" ? { kind: "points", to: n } : { kind: "games", count: n };
}

/**
 * Reads `/play [long|short] [preset] [5p|3g] [blitz|normal|casual|correspondence|none]
 * [@user|bot]`, in any order; an unknown or repeated word is an error naming it.
 */
export function parsePlayArgs(text: string, botUsername: string): PlayArgs | { error: string } {
  let variant: Variant | null = null;
  let preset: string | null = null;
  let username: string | null = null;
  let vsBot = false;
  let match: MatchRule | null = null;
  let clock: TimeControlName | null = null;
  let anyone = false;
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const word = raw.toLowerCase();
    const length = matchWord(word);
    if (Object.hasOwn(VARIANT_WORDS, word) && variant === null) variant = VARIANT_WORDS[word]!;
    else if (word === "bot" || word === "бот" || word === `@${botUsername.toLowerCase()}`)
      vsBot = true;
    else if (ANYONE_WORDS.has(word) && !anyone) anyone = true;
    else if (/^@[a-z0-9_]{3,32}$/.test(word) && username === null) username = word.slice(1);
    else if (preset === null && ["classic", "sport", "standard"].includes(word)) preset = word;
    else if (length && match === null) match = length;
    else if (Object.hasOwn(CLOCK_WORDS, word) && clock === null) clock = CLOCK_WORDS[word]!;
    else return { error: raw };
  }
  const v = variant ?? (preset === "standard" ? "short" : "long");
  const p = preset ?? presetNames(v)[0]!;
  if (!(presetNames(v) as string[]).includes(p)) return { error: p };
  return { variant: v, preset: p, username, vsBot, match, clock, anyone };
}
