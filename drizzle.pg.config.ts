import { defineConfig } from "drizzle-kit";

/** The same tables for PostgreSQL (src/db/pg), with their own migrations. */
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/db/pg/schema.ts", "./src/db/pg/telegram-schema.ts"],
  out: "./drizzle/pg",
});
