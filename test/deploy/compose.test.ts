/**
 * docker-compose.yml and deploy/Caddyfile, read statically (no Docker engine here): the bots'
 * settings are ones the bot takes, and the proxy sends everything to the process that answers
 * 200 on the route only the active one does.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const read = (f: string) => readFileSync(path.join(ROOT, f), "utf8");
const compose = read("docker-compose.yml");
const caddyfile = read("deploy/Caddyfile");

/** What an operator puts in .env. */
const DOT_ENV: Record<string, string> = {
  BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij",
  PUBLIC_HOST: "nardy.example.org",
  WEBHOOK_SECRET: "s3cret_0123456789abcdef",
  POSTGRES_PASSWORD: "pw",
};

/** Compose's interpolation: ${X}, ${X:-default}, ${X:?error}. */
const interpolate = (value: string, env: Record<string, string>) =>
  value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, op, rest: string) => {
    if (env[name] !== undefined) return env[name]!;
    if (op === "-") return rest;
    throw new Error(`${name} unset: ${rest}`);
  });

/** The `environment:` of the bots' shared block (x-bot), interpolated. */
function botEnvironment(env: Record<string, string>): Record<string, string> {
  const block = compose.slice(compose.indexOf("x-bot:"), compose.indexOf("\nservices:"));
  const lines = block.slice(block.indexOf("  environment:\n")).split("\n").slice(1);
  const out: Record<string, string> = {};
  for (const line of lines) {
    const m = /^ {4}([A-Z_]+): (.*)$/.exec(line);
    if (!m) {
      if (/^ {4}#/.test(line)) continue;
      break;
    }
    out[m[1]!] = interpolate(m[2]!.replace(/^"(.*)"$/, "$1"), env);
  }
  return out;
}

describe("docker-compose.yml", () => {
  it("gives both bots settings the bot takes: one database, the webhook and the board page behind the proxy", () => {
    const env = botEnvironment(DOT_ENV);
    expect(Object.keys(env).length).toBeGreaterThanOrEqual(6);
    const source = read("src/config.ts");
    for (const name of Object.keys(env)) expect(source).toContain(`"${name}"`);
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const { config } = parsed;
    expect(new URL(config.databaseUrl!).hostname).toBe("postgres");
    expect(config.webhook?.url).toBe(`https://${DOT_ENV.PUBLIC_HOST}/telegram`);
    expect(config.webBoard?.path).toBe("/board");
    expect(config.connectionsPerAddress).toBe(0);
    expect(compose).toMatch(/^ {2}bot-a: \*bot$/m);
    expect(compose).toMatch(/^ {2}bot-b: \*bot$/m);
  });

  it("refuses to start without what .env must hold", () => {
    for (const missing of Object.keys(DOT_ENV)) {
      const env = { ...DOT_ENV };
      delete env[missing];
      expect(() => botEnvironment(env), missing).toThrow(new RegExp(missing));
    }
  });

  it("the proxy sends every request to both bots' port, to the one that says it is active", () => {
    const parsed = parseConfig(botEnvironment(DOT_ENV));
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const port = parsed.config.port;
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy bot-a:${port} bot-b:${port} \\{`));
    expect(caddyfile).toMatch(/^\s*health_uri \/healthz\/active$/m);
    expect(caddyfile).toMatch(/^\s*lb_try_duration \d+s$/m);
    expect(compose).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
  });
});
