export * from "./challenges-repo.js";
export * from "./chats-repo.js";
export * from "./dialogs-repo.js";
export * from "./games-repo.js";
export * from "./open.js";
export * from "./players-repo.js";
export * from "./schema.js";
export * from "./series-repo.js";
