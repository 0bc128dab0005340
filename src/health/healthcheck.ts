/**
 * The container's HEALTHCHECK: `node dist/health/healthcheck.js`. Exit 0 healthy, 1 not, with
 * one line on stdout saying why. Loads check.ts and Node built-ins only, nothing of the bot, so
 * it starts in a few tens of milliseconds.
 */
import { checkHealth } from "./check.js";

const file = process.env.HEALTH_FILE || "/tmp/nardy-health.json";
const verdict = await checkHealth(file, Number(process.env.PORT || 8080));
process.stdout.write(`${verdict.ok ? "healthy" : "unhealthy"}: ${verdict.line}\n`);
process.exit(verdict.ok ? 0 : 1);
