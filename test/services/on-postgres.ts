/**
 * Setup of the "services-pg" project: the service suites on PostgreSQL (PGlite), each test on
 * the worker's instance emptied (test/helpers/pglite.ts).
 */
import { beforeEach } from "vitest";
import { freshPostgres } from "../helpers/pglite.js";
import { preparePostgres } from "./helpers.js";

beforeEach(async () => {
  preparePostgres(await freshPostgres());
}, 60_000);
