export * from "./knockout.js";
export * from "./pairings.js";
export { findResult, pairKey } from "./results.js";
export * from "./round-robin.js";
export * from "./types.js";
