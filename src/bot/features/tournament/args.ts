import type {
  MatchRule,
  TimeControlName,
  TournamentFormat,
  Variant,
} from "../../../engine/index.js";
import { parsePlayArgs } from "../challenge/play-args.js";

export interface TournamentArgs {
  readonly variant: Variant;
  readonly preset: string;
  readonly format: TournamentFormat;
  /** Null: the default, one game per pairing. */
  readonly match: MatchRule | null;
  /** One clock for every game; null: none. */
  readonly clock: TimeControlName | null;
  readonly signupMs: number;
}

const FORMAT_WORDS: Record<string, TournamentFormat> = {
  rr: "round-robin",
  "round-robin": "round-robin",
  круговой: "round-robin",
  кругова: "round-robin",
  ko: "knockout",
  knockout: "knockout",
  олимпийка: "knockout",
  олімпійка: "knockout",
  "плей-офф": "knockout",
};

/**
 * Reads `/tournament [long|short] [preset] [rr|ko] [3p|5p|3g] [blitz|…] [30m]`: game, rules
 * preset, format, match length (to N points, N games), clock and the sign-up window in
 * minutes. The card's buttons change the last four too. An unknown word is an error naming it.
 */
export function parseTournamentArgs(
  text: string,
  defaultSignupMs: number,
): TournamentArgs | { error: string } {
  let format: TournamentFormat = "round-robin";
  let signupMs = Math.min(defaultSignupMs, 30 * 60_000);
  const rest: string[] = [];
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const word = raw.toLowerCase();
    const minutes = /^(\d{1,4})m$/.exec(word);
    if (Object.hasOwn(FORMAT_WORDS, word)) format = FORMAT_WORDS[word]!;
    else if (minutes && Number(minutes[1]) >= 1 && Number(minutes[1]) <= 24 * 60)
      signupMs = Number(minutes[1]) * 60_000;
    else rest.push(raw);
  }
  const play = parsePlayArgs(rest.join(" "), "");
  if ("error" in play) return play;
  if (play.username || play.vsBot) return { error: play.username ? `@${play.username}` : "bot" };
  const { variant, preset, match, clock } = play;
  return { variant, preset, format, match, clock, signupMs };
}
