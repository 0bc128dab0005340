import { presetNames, type Variant } from "../../../engine/index.js";

export interface PlayArgs {
  readonly variant: Variant;
  readonly preset: string;
  readonly username: string | null;
  readonly vsBot: boolean;
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

/** Reads `/play [long|short] [preset] [@user|bot]`; an unknown word is an error naming it. */
export function parsePlayArgs(text: string, botUsername: string): PlayArgs | { error: string } {
  let variant: Variant | null = null;
  let preset: string | null = null;
  let username: string | null = null;
  let vsBot = false;
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const word = raw.toLowerCase();
    if (Object.hasOwn(VARIANT_WORDS, word) && variant === null) variant = VARIANT_WORDS[word]!;
    else if (word === "bot" || word === "бот" || word === `@${botUsername.toLowerCase()}`)
      vsBot = true;
    else if (/^@[a-z0-9_]{3,32}$/.test(word) && username === null) username = word.slice(1);
    else if (preset === null && ["classic", "sport", "standard"].includes(word)) preset = word;
    else return { error: raw };
  }
  const v = variant ?? (preset === "standard" ? "short" : "long");
  const p = preset ?? presetNames(v)[0]!;
  if (!(presetNames(v) as string[]).includes(p)) return { error: p };
  return { variant: v, preset: p, username, vsBot };
}
