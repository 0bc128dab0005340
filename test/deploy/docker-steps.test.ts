/**
 * The Docker image, checked without Docker: the Dockerfile read statically, and its steps run
 * by .ci/docker-steps.sh on a clean clone (npm ci --omit=dev compiles better-sqlite3, then the
 * runtime copy starts, refuses a missing token, passes its health check and stops on SIGTERM).
 * SKIP_DOCKER_STEPS=1 skips the slow part.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const read = (f: string) => readFileSync(path.join(ROOT, f), "utf8");

interface Instruction {
  readonly op: string;
  readonly args: string;
}

/** Instructions of a Dockerfile: comments dropped, continuation lines joined. */
function parseDockerfile(text: string): Instruction[] {
  const logical: string[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (current === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = "";
  }
  if (current) logical.push(current);
  return logical.map((l) => {
    const [op, ...rest] = l.split(/\s+/);
    return { op: op!.toUpperCase(), args: rest.join(" ") };
  });
}

function stages(
  instructions: Instruction[],
): { from: string; name: string | null; body: Instruction[] }[] {
  const out: { from: string; name: string | null; body: Instruction[] }[] = [];
  for (const ins of instructions) {
    if (ins.op === "FROM") {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      out.push({ from: m?.[1] ?? ins.args, name: m?.[2] ?? null, body: [] });
    } else out.at(-1)?.body.push(ins);
  }
  return out;
}

/** The words of an exec-form (JSON array) or shell-form command. */
const commandWords = (args: string): string[] =>
  args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/);

describe("Dockerfile", () => {
  const instructions = parseDockerfile(read("Dockerfile"));
  const all = stages(instructions);
  const build = all[0]!;
  const runtime = all.at(-1)!;
  const ops = (s: typeof runtime, op: string) => s.body.filter((i) => i.op === op);

  it("is multi-stage on node:22-slim", () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const s of all) expect(s.from).toBe("node:22-slim");
    expect(build.name).toBeTruthy();
  });

  it("builds better-sqlite3 in the build stage with production dependencies only", () => {
    const runs = ops(build, "RUN").map((i) => i.args);
    expect(
      runs.some(
        (r) =>
          /apt-get install/.test(r) && /python3/.test(r) && /\bmake\b/.test(r) && /g\+\+/.test(r),
      ),
    ).toBe(true);
    expect(runs.some((r) => /npm ci\b.*--omit=dev/.test(r))).toBe(true);
    expect(runs.some((r) => /require\('better-sqlite3'\)/.test(r))).toBe(true);
    const copied = ops(build, "COPY").map((i) => i.args);
    for (const need of ["package.json", "package-lock.json", "src", "drizzle"])
      expect(
        copied.some((c) => c.split(/\s+/).slice(0, -1).includes(need)),
        need,
      ).toBe(true);
    for (const c of copied)
      for (const source of c
        .split(/\s+/)
        .slice(0, -1)
        .filter((w) => !w.startsWith("--")))
        expect(existsSync(path.join(ROOT, source)), `COPY source ${source}`).toBe(true);
  });

  it("runs from the build's files, without compilers, as a non-root user, data on a volume", () => {
    expect(ops(runtime, "COPY").some((i) => i.args.startsWith(`--from=${build.name} `))).toBe(true);
    expect(
      ops(runtime, "RUN").some((i) => /apt-get install|g\+\+|npm (ci|install)/.test(i.args)),
    ).toBe(false);
    const users = ops(runtime, "USER");
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/);
    // The user is set before the command, after the last RUN that needs root.
    const last = (op: string) => runtime.body.map((i) => i.op).lastIndexOf(op);
    expect(last("USER")).toBeGreaterThan(last("RUN"));
    const volumes = ops(runtime, "VOLUME").map((i) => i.args);
    expect(volumes.some((v) => /(^|[\s"[])\/data(["\s\]]|$)/.test(v))).toBe(true);
    const env = ops(runtime, "ENV")
      .map((i) => i.args)
      .join(" ");
    expect(env).toMatch(/DATABASE_PATH=\/data\/nardy\.sqlite/);
    expect(env).toMatch(/HEALTH_FILE=\S+/);
  });

  it("has a HEALTHCHECK running a script that exists, and starts src/main.ts with node", () => {
    const hc = ops(runtime, "HEALTHCHECK");
    expect(hc).toHaveLength(1);
    const m = /CMD\s+(.+)$/.exec(hc[0]!.args);
    expect(m).not.toBeNull();
    const words = commandWords(m![1]!);
    expect(words[0]).toBe("node");
    expect(existsSync(path.join(ROOT, words[1]!))).toBe(true);
    expect(hc[0]!.args).toMatch(/--interval=\d+s/);
    const cmd = ops(runtime, "CMD");
    expect(cmd).toHaveLength(1);
    const run = commandWords(cmd[0]!.args);
    expect(run[0]).toBe("node");
    expect(run).toContain("src/main.ts");
    expect(existsSync(path.join(ROOT, "src/main.ts"))).toBe(true);
  });

  it("keeps secrets, databases and host node_modules out of the build context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const p of ["node_modules", ".git", ".env", "data", "*.sqlite"])
      expect(ignored).toContain(p);
    for (const p of ["src", "drizzle", "package.json", "package-lock.json", "tsconfig.json"])
      expect(ignored).not.toContain(p);
  });

  it("matches .ci/docker-steps.sh: the same install and load check", () => {
    const script = read(".ci/docker-steps.sh");
    const check = ops(build, "RUN").find((i) => /require\('better-sqlite3'\)/.test(i.args))!;
    expect(script).toContain(check.args);
    expect(script).toMatch(/npm ci --omit=dev/);
    const run = commandWords(ops(runtime, "CMD")[0]!.args).join(" ");
    expect(script).toContain(run);
    const hc = /CMD\s+(.+)$/.exec(ops(runtime, "HEALTHCHECK")[0]!.args)![1]!;
    expect(script).toContain(commandWords(hc).join(" "));
  });
});

const skip =
  process.env.SKIP_DOCKER_STEPS === "1" ||
  spawnSync("git", ["-C", ROOT, "rev-parse", "HEAD"]).status !== 0;

describe("the image's steps on a clean clone", () => {
  let running: ReturnType<typeof spawn> | null = null;
  afterAll(() => {
    // A timed-out run: end the script and everything it started (its own process group).
    if (running?.pid && running.exitCode === null) process.kill(-running.pid, "SIGTERM");
  });

  it.skipIf(skip)(
    ".ci/docker-steps.sh builds, starts, checks health and stops cleanly",
    async () => {
      const child = spawn("bash", [path.join(ROOT, ".ci/docker-steps.sh")], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, DOCKER_STEPS_KEEP: "0" },
        detached: true,
      });
      running = child;
      let out = "";
      child.stdout.on("data", (d) => {
        out += String(d);
      });
      child.stderr.on("data", (d) => {
        out += String(d);
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, out).toBe(0);
      expect(out).toMatch(/ok: the image's steps work/);
    },
    360_000,
  );
});
