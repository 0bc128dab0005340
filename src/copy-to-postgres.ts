import { existsSync } from "node:fs";
import { DatabaseOpenError, openDatabase } from "./db/index.js";
import { CopyFailed, copyIntoPostgres } from "./db/pg/copy.js";
import { connectPostgres } from "./db/pg/open.js";
import { passwordOf } from "./db/pg/url.js";
import { redact } from "./log.js";
import { replayGame } from "./services/replay.js";

/**
 * `DATABASE_URL=postgres://… npm run --silent db:copy -- data/nardy.sqlite`: copies the
 * bot's SQLite file into an empty PostgreSQL database and checks the copy (counts, and every
 * game's log replayed). The URL comes from the environment, not the command line, where
 * `ps` would show its password. Exit status 0 copied and checked, 1 refused or failed (the
 * target left empty), 2 wrong usage.
 */
const file = process.argv[2];
const url = process.env.DATABASE_URL ?? "";
const secrets = [passwordOf(url)].filter((s) => s !== "");
const say = (line: string): void => {
  process.stderr.write(`${redact(line, secrets)}\n`);
};

if (!file || process.argv.length > 3 || url === "") {
  say("usage: DATABASE_URL=postgres://user:password@host/db npm run --silent db:copy -- <file>");
  process.exit(2);
}
if (!existsSync(file)) {
  say(`Cannot copy ${file}: no such file`);
  process.exit(1);
}

try {
  const source = openDatabase(file);
  const { pool, where } = await connectPostgres(url);
  const client = await pool.connect();
  try {
    say(`copying ${source.path} into ${where}`);
    const report = await copyIntoPostgres(source.sqlite, client, {
      replay: (log) => JSON.stringify(replayGame(log)),
      progress: say,
    });
    const rows = report.tables.reduce((n, t) => n + t.rows, 0);
    process.stdout.write(
      `copied ${rows} rows in ${report.tables.length} tables; counts match; ${report.replayed} games replay to their state\n`,
    );
    if (report.unreplayable.length > 0)
      process.stdout.write(
        `${report.unreplayable.length} games do not replay to their state in the file either, copied as they are: ${report.unreplayable.slice(0, 20).join(", ")}${report.unreplayable.length > 20 ? ", ..." : ""}\n`,
      );
  } finally {
    client.release();
    await pool.end();
    source.close();
  }
} catch (e) {
  if (e instanceof DatabaseOpenError) say(e.message);
  else if (e instanceof CopyFailed) say(`Nothing copied: ${e.message}`);
  else say(`Nothing copied: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
