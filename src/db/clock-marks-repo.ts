import { eq } from "drizzle-orm";
import type { Db } from "./open.js";
import { clockMarks } from "./schema.js";

/** When the clocks were last known to run (see the clock_marks table). */
export class ClockMarksRepo {
  constructor(private readonly db: Db) {}

  get(name: string): number | null {
    return this.db.select().from(clockMarks).where(eq(clockMarks.name, name)).get()?.at ?? null;
  }

  set(name: string, at: number): void {
    this.db
      .insert(clockMarks)
      .values({ name, at })
      .onConflictDoUpdate({ target: clockMarks.name, set: { at } })
      .run();
  }
}
