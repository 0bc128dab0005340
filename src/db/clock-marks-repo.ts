import { eq } from "drizzle-orm";
import { first } from "./connection.js";
import type { Db } from "./open.js";

/** When the clocks were last known to run (see the clock_marks table). */
export class ClockMarksRepo {
  constructor(private readonly db: Db) {}

  get(name: string): Promise<number | null> {
    return this.db.run(
      async (db, { clockMarks }) =>
        first(await db.select().from(clockMarks).where(eq(clockMarks.name, name)).limit(1))?.at ??
        null,
    );
  }

  async set(name: string, at: number): Promise<void> {
    await this.db.run((db, { clockMarks }) =>
      db
        .insert(clockMarks)
        .values({ name, at })
        .onConflictDoUpdate({ target: clockMarks.name, set: { at } }),
    );
  }
}
