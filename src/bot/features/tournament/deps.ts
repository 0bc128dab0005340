import type { FeatureDeps } from "../deps.js";

/** What the tournament feature uses of the bot. */
export type TournamentDeps = Pick<
  FeatureDeps,
  | "answers"
  | "config"
  | "messages"
  | "service"
  | "tournamentBoards"
  | "tournamentMessages"
  | "tournaments"
>;
