export * from "./types.js";
export * from "./rules.js";
export * from "./position.js";
export * from "./position-id.js";
export * from "./head.js";
export * from "./movegen.js";
export * from "./notation.js";
