import type { Tables } from "../connection.js";
import * as main from "./schema.js";
import * as telegram from "./telegram-schema.js";

/** PostgreSQL's schema, both parts. */
export const postgresSchema = { ...main, ...telegram };

/**
 * PostgreSQL's tables as the repositories name them: typed as SQLite's, whose columns they
 * match one for one (test/db/pg-schema.test.ts), so the same drizzle calls build pg-core's
 * statements.
 */
export const postgresTables = postgresSchema as unknown as Tables;
