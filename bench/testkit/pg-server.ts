/**
 * A PostgreSQL server of a test's or a bench's own, from the machine's binaries (Debian's
 * `postgresql` package, which .ci/run installs): a new cluster in a temporary folder, on a
 * free local port, trusted without a password, stopped and removed at the end. Tests that
 * need one skip where there are no binaries.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { closedPort } from "./closed-port.js";

/** The folder holding initdb and pg_ctl, or null. */
export function postgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root))
    for (const version of readdirSync(root).sort().reverse()) {
      const bin = path.join(root, version, "bin");
      if (existsSync(path.join(bin, "initdb"))) return bin;
    }
  const found = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const bin = found.status === 0 ? found.stdout.trim() : "";
  return bin && existsSync(path.join(bin, "initdb")) ? bin : null;
}

export interface PgServer {
  readonly port: number;
  /** A URL of database `name` on the server (made by createDatabase). */
  url(name: string): string;
  /** Makes an empty database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs one statement as the superuser in database `name`. */
  query(name: string, statement: string): Promise<pg.QueryResult>;
  /** Stops the server (fast: sessions are cut), and starts it again after `downMs`. */
  restart(downMs?: number): Promise<void>;
  stop(): void;
}

/** PostgreSQL refuses to run as root: the cluster is made and run by its own user then. */
function asServerUser(bin: string, args: string[]): string[] {
  if (process.getuid?.() !== 0) return [bin, ...args];
  return ["runuser", "-u", "postgres", "--", bin, ...args];
}

function run(bin: string, args: string[]): void {
  const [cmd, ...rest] = asServerUser(bin, args);
  execFileSync(cmd!, rest, { stdio: ["ignore", "ignore", "pipe"] });
}

export interface PgServerOptions {
  /**
   * Commits written to disk as a server's defaults write them (the bench's figures); without
   * it, fsync is off, as suits tests that start and drop clusters by the dozen.
   */
  readonly durable?: boolean;
}

export async function startPgServer(opts: PgServerOptions = {}): Promise<PgServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("no PostgreSQL binaries on this machine");
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await closedPort();
  const fsync = opts.durable ? "" : " -c fsync=off";
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fsync} -c max_connections=200`;
  const ctl = (...args: string[]) =>
    run(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "log"), ...args]);
  const start = () => ctl("-w", "-o", options, "start");
  start();
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const query = async (name: string, statement: string) => {
    const client = new pg.Client({ connectionString: url(name) });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let stopped = false;
  return {
    port,
    url,
    query,
    async createDatabase(name) {
      await query("postgres", `create database "${name}"`);
      return url(name);
    },
    async restart(downMs = 0) {
      ctl("-w", "-m", "fast", "stop");
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        ctl("-w", "-m", "immediate", "stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
