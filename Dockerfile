# syntax=docker/dockerfile:1
#
# The nardy bot. Build: docker build -t nardy-bot .
# Run:   docker run -d --restart unless-stopped -e BOT_TOKEN=... -v nardy-data:/data nardy-bot
# Webhook mode: add -e WEBHOOK_URL=https://host/path -e WEBHOOK_SECRET=... -p 8080:8080.
#
# .ci/docker-steps.sh performs the same steps without Docker on a clean clone; keep the two
# in step (test/deploy/docker-steps.test.ts runs it and checks this file).

# ---- build: production dependencies, with the tools to compile better-sqlite3 ----
FROM node:22-slim AS build
WORKDIR /app
# better-sqlite3 downloads a prebuilt binary when it can and compiles with node-gyp otherwise.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm 10 in this image runs install scripts (better-sqlite3, esbuild for tsx); npm 11 reads
# "allowScripts" in package.json for the same. tsx is a runtime dependency: the bot runs from
# its TypeScript sources.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Fail the build here, not at the first start, if a native module did not come out right.
RUN node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); require('sharp'); require.resolve('tsx')"
COPY tsconfig.json ./
COPY drizzle ./drizzle
COPY src ./src

# ---- runtime: no compilers, files owned by root, a non-root user, the database on a volume ----
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    DATABASE_PATH=/data/nardy.sqlite \
    HEALTH_FILE=/tmp/nardy-health.json \
    PORT=8080
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Polling mode serves no HTTP: the bot writes a heartbeat file every 30 s and this script
# checks its age and content (in webhook mode it also calls /healthz). See src/health/.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "src/health/healthcheck.mjs"]
# node itself is PID 1 and gets SIGTERM from `docker stop` (npm/tsx wrappers would sit between).
CMD ["node", "--import", "tsx", "src/main.ts"]
