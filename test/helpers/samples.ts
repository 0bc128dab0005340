/**
 * `npm test` runs a smaller sample of the largest checks; the slow suite sets FULL_SAMPLES=1
 * and runs them whole (the SAMPLED files in vitest.config.ts).
 */
export const FULL_SAMPLES = process.env.FULL_SAMPLES === "1";

/** The full value in the slow suite, the quick one in `npm test`. */
export const sampled = <F, Q>(full: F, quick: Q): F | Q => (FULL_SAMPLES ? full : quick);
