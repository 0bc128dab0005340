export type { TournamentInput } from "./lifecycle.js";
export { MAX_SIGNUP_MS } from "./lifecycle.js";
export * from "./tournament-service.js";
export * from "./types.js";
