# syntax=docker/dockerfile:1
#
# The nardy bot. Build: docker build -t nardy-bot .
# Run:   docker run -d --restart unless-stopped -e BOT_TOKEN=... -v nardy-data:/data nardy-bot
# Webhook mode: add -e WEBHOOK_URL=https://host/path -e WEBHOOK_SECRET=... -p 8080:8080.
# The board page (a Telegram Mini App): -e WEBAPP_URL=https://host/board -e WEBAPP_SHORT_NAME=...
#
# .ci/docker-steps.sh performs the same steps without Docker on a clean clone; keep the two
# in step (test/deploy/dockerfile.test.ts compares them, docker-steps.test.ts runs the script).

# ---- build: every dependency, the compile, then production dependencies only ----
FROM node:22-slim AS build
WORKDIR /app
# better-sqlite3 downloads a prebuilt binary when it can and compiles with node-gyp otherwise.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm 10 in this image runs install scripts (better-sqlite3, esbuild); npm 11 reads
# "allowScripts" in package.json for the same. TypeScript is a dev dependency: the build needs it.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY tools ./tools
COPY src ./src
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund && npm cache clean --force
# Fail the build here, not at the first start, if a native module did not come out right.
RUN node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); require('sharp')"

# ---- runtime: compiled JavaScript, production dependencies, migrations; a non-root user ----
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    DATABASE_PATH=/data/nardy.sqlite \
    HEALTH_FILE=/tmp/nardy-health.json \
    PORT=8080
WORKDIR /app
# Files stay owned by root: the bot cannot change its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# The bot writes a heartbeat file every 30 s; this script checks its age and content (in
# webhook mode it also calls /healthz). See src/health/.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "dist/health/healthcheck.js"]
# node itself is PID 1 and gets SIGTERM from `docker stop` (an npm wrapper would sit between).
CMD ["node", "dist/main.js"]
