/**
 * The Docker image, read statically: the Dockerfile's stages, its build context, and
 * .ci/docker-steps.sh, which repeats the image's steps where Docker is not available (the slow
 * suite runs it: docker-steps.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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

interface Stage {
  readonly from: string;
  readonly name: string | null;
  readonly body: Instruction[];
}

function stages(instructions: Instruction[]): Stage[] {
  const out: Stage[] = [];
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

/** A COPY's options, sources and destination. */
function copyParts(args: string): { from: string | null; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length) ?? null;
  const plain = words.filter((w) => !w.startsWith("--"));
  return { from, sources: plain.slice(0, -1), dest: plain.at(-1)! };
}

const instructions = parseDockerfile(read("Dockerfile"));
const all = stages(instructions);
const build = all[0]!;
const runtime = all.at(-1)!;
const ops = (s: Stage, op: string) => s.body.filter((i) => i.op === op);
const runs = (s: Stage) => ops(s, "RUN").map((i) => i.args);
const indexOf = (s: Stage, test: (i: Instruction) => boolean) => s.body.findIndex(test);
const healthcheckWords = () =>
  commandWords(/CMD\s+(.+)$/.exec(ops(runtime, "HEALTHCHECK")[0]!.args)![1]!);

describe("Dockerfile", () => {
  it("is multi-stage on node:22-slim", () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const s of all) expect(s.from).toBe("node:22-slim");
    expect(build.name).toMatch(/\S/);
  });

  it("build stage: every dependency, the compile, then production dependencies only", () => {
    expect(
      runs(build).some(
        (r) =>
          /apt-get install/.test(r) && /python3/.test(r) && /\bmake\b/.test(r) && /g\+\+/.test(r),
      ),
    ).toBe(true);
    const install = indexOf(build, (i) => i.op === "RUN" && /^npm ci\b/.test(i.args));
    const compile = indexOf(build, (i) => i.op === "RUN" && /^npm run build\b/.test(i.args));
    const prune = indexOf(build, (i) => i.op === "RUN" && /^npm prune --omit=dev\b/.test(i.args));
    const load = indexOf(
      build,
      (i) => i.op === "RUN" && /require\('better-sqlite3'\)/.test(i.args),
    );
    expect(runs(build).find((r) => /^npm ci\b/.test(r))).not.toMatch(/--omit|--production/);
    expect([install, compile, prune, load].every((i) => i >= 0)).toBe(true);
    expect(install).toBeLessThan(compile);
    expect(compile).toBeLessThan(prune);
    expect(prune).toBeLessThan(load);

    const copies = ops(build, "COPY").map((i) => copyParts(i.args));
    const copied = copies.flatMap((c) => c.sources);
    for (const need of [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "tsconfig.build.json",
    ])
      expect(copied, need).toContain(need);
    for (const need of ["tools", "src"]) expect(copied, need).toContain(need);
    for (const source of copied)
      expect(existsSync(path.join(ROOT, source)), `COPY source ${source}`).toBe(true);
    // The lockfile comes in before npm ci; the sources after it, so the install layer caches.
    const lockCopy = indexOf(build, (i) => i.op === "COPY" && i.args.includes("package-lock.json"));
    const srcCopy = indexOf(
      build,
      (i) => i.op === "COPY" && copyParts(i.args).sources.includes("src"),
    );
    expect(lockCopy).toBeLessThan(install);
    expect(srcCopy).toBeGreaterThan(install);
    expect(srcCopy).toBeLessThan(compile);
  });

  it("runtime stage: only dist/, production node_modules, drizzle/ and package.json", () => {
    const copies = ops(runtime, "COPY").map((i) => copyParts(i.args));
    const fromBuild = copies.filter((c) => c.from === build.name).flatMap((c) => c.sources);
    expect(fromBuild.sort()).toEqual(["/app/dist", "/app/node_modules", "/app/package.json"]);
    const fromContext = copies.filter((c) => c.from === null).flatMap((c) => c.sources);
    expect(fromContext).toEqual(["drizzle"]);
    expect(runs(runtime).some((r) => /apt-get install|g\+\+|npm (ci|install)/.test(r))).toBe(false);
  });

  it("runtime stage: a non-root user, the database on a volume", () => {
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

  it("starts dist/main.js with plain node, and checks health with a compiled script", () => {
    const cmd = ops(runtime, "CMD");
    expect(cmd).toHaveLength(1);
    expect(commandWords(cmd[0]!.args)).toEqual(["node", "dist/main.js"]);
    expect(existsSync(path.join(ROOT, "src/main.ts"))).toBe(true);
    const hc = ops(runtime, "HEALTHCHECK");
    expect(hc).toHaveLength(1);
    expect(hc[0]!.args).toMatch(/--interval=\d+s/);
    const words = healthcheckWords();
    expect(words).toHaveLength(2);
    expect(words[0]).toBe("node");
    const script = /^dist\/(.+)\.js$/.exec(words[1]!);
    expect(script, words[1]).not.toBeNull();
    expect(existsSync(path.join(ROOT, "src", `${script![1]}.ts`))).toBe(true);
    for (const i of instructions) expect(i.args).not.toMatch(/\btsx\b/);
  });

  it("keeps secrets, databases, dist/ and host node_modules out of the build context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const p of ["node_modules", ".git", ".env", "data", "*.sqlite", "dist"])
      expect(ignored).toContain(p);
    for (const p of [
      "src",
      "tools",
      "drizzle",
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "tsconfig.build.json",
    ])
      expect(ignored).not.toContain(p);
  });
});

describe(".ci/docker-steps.sh follows the Dockerfile", () => {
  const script = read(".ci/docker-steps.sh");

  it("runs the build stage's commands, in the same order", () => {
    // Each RUN's first command; apt-get is left out (the host brings its own compilers).
    const commands = runs(build)
      .map((r) => r.split(" && ")[0]!)
      .filter((c) => !/^apt-get/.test(c));
    expect(commands.length).toBeGreaterThanOrEqual(4);
    let at = -1;
    for (const c of commands) {
      const next = script.indexOf(c, at + 1);
      expect(next, `${c} (after offset ${at})`).toBeGreaterThan(at);
      at = next;
    }
  });

  it("copies what each stage copies", () => {
    for (const c of ops(build, "COPY").map((i) => copyParts(i.args)))
      for (const source of c.sources) expect(script, source).toMatch(new RegExp(`/${source}\\b`));
    for (const source of ["package.json", "node_modules", "dist"])
      expect(script).toMatch(new RegExp(`\\$APP/${source}\\b`));
    expect(script).toMatch(/clone\/drizzle\b/);
  });

  it("starts the runtime copy with the image's command and health check", () => {
    expect(script).toContain(commandWords(ops(runtime, "CMD")[0]!.args).join(" "));
    expect(script).toContain(healthcheckWords().join(" "));
    expect(script).not.toMatch(/--import tsx|src\/main\.ts/);
  });
});
