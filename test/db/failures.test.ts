import { describe, expect, it } from "vitest";
import { connectionLost, storeFailure } from "../../src/db/index.js";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
/** drizzle wraps a driver's error: the driver's is its cause. */
const wrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });

describe("reading the database's failures", () => {
  it("counts a connection refused, broken or shut down as lost, and as busy", () => {
    const lost = [
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      withCode("08006"),
      withCode("57P01", "terminating connection due to administrator command"),
      new Error("Connection terminated unexpectedly"),
      new AggregateError([withCode("ECONNREFUSED")], ""),
      wrapped(withCode("57P03")),
    ];
    for (const e of lost) {
      expect(connectionLost(e), String(e)).toBe(true);
      expect(storeFailure(e), String(e)).toBe("busy");
    }
  });

  it("leaves a statement's own failures to their kinds, the connection still good", () => {
    const cases: [unknown, string | null][] = [
      [wrapped(withCode("23505")), "unique"],
      [withCode("23503"), "foreign-key"],
      [withCode("40001"), "busy"],
      [withCode("55P03"), "busy"],
      [withCode("SQLITE_BUSY_SNAPSHOT"), "busy"],
      [withCode("SQLITE_CONSTRAINT_UNIQUE"), "unique"],
      [withCode("42P01", 'relation "x" does not exist'), null],
      [new Error("anything else"), null],
    ];
    for (const [e, kind] of cases) {
      expect(connectionLost(e), String(e)).toBe(false);
      expect(storeFailure(e), String(e)).toBe(kind);
    }
  });
});
