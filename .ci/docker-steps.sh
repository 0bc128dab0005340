#!/usr/bin/env bash
# The Dockerfile's steps without Docker, on a clean clone in a temp dir:
#   build stage:   package*.json → npm ci (compiles better-sqlite3) → tsconfig*.json, tools/, src/
#                  → npm run build → npm prune --omit=dev → the same load check as the Dockerfile
#   runtime stage: package.json, node_modules, dist/ from the build, drizzle/ from the clone;
#                  run as an unprivileged user when we are root (the image's USER node), the
#                  database in a data dir (the image's /data)
# and then what the image must do: hold no TypeScript and no dev dependency, refuse to start
# without BOT_TOKEN in one config line, report a bad database path in one line, boot against a
# stand-in Bot API, pass its health check, stop on SIGTERM with exit 0 and leave an intact
# database. Before the prune, `npm start` runs where it is meant to: on the full install.
#
# DOCKER_STEPS_SOURCE=worktree (default): the clone gets this checkout's uncommitted changes and
#   untracked files (what the next commit will hold); =head: the last commit only.
# DOCKER_STEPS_KEEP=1 keeps the temp dir for a look.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
SOURCE="${DOCKER_STEPS_SOURCE:-worktree}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/nardy-docker-steps.XXXXXX")"
FAKE_PID=""
BOT_PID=""
START=$SECONDS

cleanup() {
  [ -n "$BOT_PID" ] && kill -KILL "$BOT_PID" 2>/dev/null || true
  [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null || true
  if [ "${DOCKER_STEPS_KEEP:-0}" = "1" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

step() { echo "== [$((SECONDS - START)) s] $*"; }
fail() {
  echo "FAIL: $*" >&2
  for f in "$WORK"/logs/*; do
    [ -s "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
  done
  exit 1
}
mkdir -p "$WORK/logs"

step "clone $REPO ($SOURCE)"
git clone --quiet "$REPO" "$WORK/clone"
git -C "$WORK/clone" checkout --quiet --detach "$(git -C "$REPO" rev-parse HEAD)"
if [ "$SOURCE" = "worktree" ]; then
  git -C "$REPO" diff HEAD --binary >"$WORK/worktree.patch"
  if [ -s "$WORK/worktree.patch" ]; then
    git -C "$WORK/clone" apply --whitespace=nowarn "$WORK/worktree.patch"
  fi
  (cd "$REPO" && git ls-files --others --exclude-standard -z | tar --null -T - -cf -) |
    tar -C "$WORK/clone" -xf -
fi

# ---------------------------------------------------------------- build stage
APP="$WORK/build/app"
mkdir -p "$APP"
step "build: COPY package.json package-lock.json; npm ci"
cp "$WORK/clone/package.json" "$WORK/clone/package-lock.json" "$APP/"
(cd "$APP" && npm ci --no-audit --no-fund >"$WORK/logs/npm-ci.log" 2>&1) || fail "npm ci"

step "build: COPY tsconfig.json tsconfig.build.json tools src; npm run build"
cp "$WORK/clone/tsconfig.json" "$WORK/clone/tsconfig.build.json" "$APP/"
cp -R "$WORK/clone/tools" "$WORK/clone/src" "$APP/"
(cd "$APP" && npm run build >"$WORK/logs/build.log" 2>&1) || fail "npm run build"
[ -f "$APP/dist/main.js" ] && [ -f "$APP/dist/health/healthcheck.js" ] || fail "no dist/ after the build"

# What the README's `npm ci && npm start` does: the full install builds (here: nothing left to
# do) and starts; without a token that is one line on stderr and exit 1.
step "build: npm start without BOT_TOKEN on the full install → exit 1, the config line once"
set +e
(cd "$APP" && env -i PATH="$PATH" HOME="$HOME" npm start --silent \
  >"$WORK/logs/npm-start.out" 2>"$WORK/logs/npm-start.err")
code=$?
set -e
[ "$code" = "1" ] || fail "npm start: exit $code, expected 1"
[ "$(grep -c '^config: BOT_TOKEN is required' "$WORK/logs/npm-start.err")" = "1" ] ||
  fail "npm start: expected the config line once"

step "build: npm prune --omit=dev"
# (The Dockerfile then cleans the npm cache; here that would wipe the host's cache.)
(cd "$APP" && npm prune --omit=dev --no-audit --no-fund >"$WORK/logs/npm-prune.log" 2>&1) ||
  fail "npm prune --omit=dev"

step "build: native modules load"
(cd "$APP" && node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); require('sharp')") ||
  fail "better-sqlite3 or sharp does not load"

# ---------------------------------------------------------------- runtime stage
step "runtime: COPY --from=build package.json node_modules dist; COPY drizzle"
RT="$WORK/runtime/app"
mkdir -p "$RT"
cp -a "$APP/package.json" "$APP/node_modules" "$APP/dist" "$RT/"
cp -R "$WORK/clone/drizzle" "$RT/"
# Packages the lockfile marks dev-only must be gone (npm prune leaves empty scope folders, so
# look for each package's own package.json).
dev_left="$(node -e "
  const { existsSync } = require('node:fs');
  const [lock, app] = process.argv.slice(1);
  const dev = Object.entries(require(lock).packages).filter(([, p]) => p.dev).map(([k]) => k);
  console.log(dev.filter((k) => existsSync(app + '/' + k + '/package.json')).join(' '));
" "$WORK/clone/package-lock.json" "$RT")"
[ -z "$dev_left" ] || fail "dev dependencies in the runtime image: $dev_left"
[ ! -e "$RT/node_modules/tsx/package.json" ] && [ ! -e "$RT/node_modules/.bin/tsx" ] ||
  fail "tsx is in the runtime image"
for dir in src test tools bench; do
  [ ! -e "$RT/$dir" ] || fail "$dir/ is in the runtime image"
done
# No TypeScript of ours, and nothing that could run it (packages may ship their own .ts,
# declarations and type tests, which nothing loads).
ts_ours="$(find "$RT" -path "$RT/node_modules" -prune -o -name '*.ts' -print | head -n 5)"
[ -z "$ts_ours" ] || fail "TypeScript files outside node_modules: $ts_ours"
[ ! -e "$RT/node_modules/typescript/package.json" ] || fail "TypeScript is in the runtime image"

DATA="$WORK/data"
HOMEDIR="$WORK/home"
TMPD="$WORK/tmp"
mkdir -p "$DATA" "$HOMEDIR" "$TMPD"
# The image runs as USER node and cannot write /app; as root here, run as nobody to match.
AS=()
if [ "$(id -u)" = "0" ] && command -v setpriv >/dev/null 2>&1; then
  chmod 755 "$WORK" "$WORK/runtime"
  chown 65534:65534 "$DATA" "$HOMEDIR" "$TMPD"
  AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  step "runtime: running as uid 65534 (nobody)"
fi
ENVS=(PATH="$PATH" HOME="$HOMEDIR" TMPDIR="$TMPD" NODE_ENV=production)
TOKEN="123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"

# One line on stderr, exit 1: what an operator sees in `docker logs` without a token.
step "runtime: no BOT_TOKEN → exit 1 with one config line"
set +e
(cd "$RT" && env -i "${ENVS[@]}" DATABASE_PATH="$DATA/nardy.sqlite" "${AS[@]}" \
  node dist/main.js >"$WORK/logs/no-token.out" 2>"$WORK/logs/no-token.err")
code=$?
set -e
[ "$code" = "1" ] || fail "no BOT_TOKEN: exit $code, expected 1"
[ "$(wc -l <"$WORK/logs/no-token.err")" = "1" ] || fail "no BOT_TOKEN: expected one line on stderr"
grep -q '^config: BOT_TOKEN is required' "$WORK/logs/no-token.err" || fail "no BOT_TOKEN: unclear message"
[ ! -e "$DATA/nardy.sqlite" ] || fail "no BOT_TOKEN: a database was created anyway"

step "runtime: an unusable DATABASE_PATH → exit 1 with one line"
touch "$WORK/not-a-dir"
set +e
(cd "$RT" && env -i "${ENVS[@]}" BOT_TOKEN="$TOKEN" DATABASE_PATH="$WORK/not-a-dir/nardy.sqlite" \
  "${AS[@]}" node dist/main.js >"$WORK/logs/bad-db.out" 2>"$WORK/logs/bad-db.err")
code=$?
set -e
[ "$code" = "1" ] || fail "bad DATABASE_PATH: exit $code, expected 1"
[ "$(wc -l <"$WORK/logs/bad-db.err")" = "1" ] || fail "bad DATABASE_PATH: expected one line"
grep -q '^Cannot open the database' "$WORK/logs/bad-db.err" || fail "bad DATABASE_PATH: unclear message"

step "runtime: the health check fails while nothing runs"
set +e
(cd "$RT" && env -i "${ENVS[@]}" HEALTH_FILE="$TMPD/health.json" "${AS[@]}" \
  node dist/health/healthcheck.js >"$WORK/logs/health-none.out" 2>&1)
code=$?
set -e
[ "$code" = "1" ] || fail "health check with no bot: exit $code, expected 1"

# A stand-in Bot API: enough for the bot to start, register its commands and poll.
cat >"$WORK/fake-api.mjs" <<'JS'
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
const [portFile, callLog] = process.argv.slice(2);
const me = { id: 9000, is_bot: true, first_name: "Nardy", username: "nardy_test_bot",
  can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true };
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const method = String(req.url).split("/").pop();
    appendFileSync(callLog, `${method}\n`);
    const result = method === "getMe" ? me : method === "getUpdates" ? [] : true;
    const answer = () => {
      if (!res.destroyed)
        res.writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ ok: true, result }));
    };
    if (method === "getUpdates") setTimeout(answer, 300);
    else answer();
  });
});
server.listen(0, "127.0.0.1", () => writeFileSync(portFile, String(server.address().port)));
JS
step "runtime: boot against a stand-in Bot API"
node "$WORK/fake-api.mjs" "$WORK/fake-port" "$WORK/logs/api-calls.log" &
FAKE_PID=$!
for _ in $(seq 100); do [ -s "$WORK/fake-port" ] && break; sleep 0.1; done
[ -s "$WORK/fake-port" ] || fail "the stand-in Bot API did not start"
API="http://127.0.0.1:$(cat "$WORK/fake-port")"

cd "$RT"
env -i "${ENVS[@]}" BOT_TOKEN="$TOKEN" BOT_API_ROOT="$API" DATABASE_PATH="$DATA/nardy.sqlite" \
  HEALTH_FILE="$TMPD/health.json" LOG_LEVEL=info "${AS[@]}" \
  node dist/main.js >"$WORK/logs/bot.out" 2>"$WORK/logs/bot.err" &
BOT_PID=$!
cd "$WORK"
for _ in $(seq 300); do
  [ -s "$TMPD/health.json" ] && break
  kill -0 "$BOT_PID" 2>/dev/null || fail "the bot exited during start-up"
  sleep 0.1
done
[ -s "$TMPD/health.json" ] || fail "no heartbeat within 30 s"
for _ in $(seq 50); do grep -q '^getUpdates$' "$WORK/logs/api-calls.log" && break; sleep 0.1; done
for m in getMe setMyCommands deleteWebhook getUpdates; do
  grep -q "^$m\$" "$WORK/logs/api-calls.log" || fail "the bot never called $m"
done
[ -s "$DATA/nardy.sqlite" ] || fail "no database file in the data dir"

step "runtime: HEALTHCHECK passes while it runs"
(cd "$RT" && env -i "${ENVS[@]}" HEALTH_FILE="$TMPD/health.json" "${AS[@]}" \
  node dist/health/healthcheck.js >"$WORK/logs/health-up.out" 2>&1) ||
  fail "health check failed on a running bot: $(cat "$WORK/logs/health-up.out")"

step "runtime: SIGTERM → exit 0"
kill -TERM "$BOT_PID"
code=""
for _ in $(seq 100); do
  if ! kill -0 "$BOT_PID" 2>/dev/null; then
    set +e
    wait "$BOT_PID"
    code=$?
    set -e
    break
  fi
  sleep 0.1
done
[ -n "$code" ] || fail "the bot did not stop within 10 s of SIGTERM"
BOT_PID=""
[ "$code" = "0" ] || fail "SIGTERM: exit $code, expected 0"
[ ! -e "$TMPD/health.json" ] || fail "the heartbeat file outlived the bot"
if grep -q '"level":"error"' "$WORK/logs/bot.err"; then fail "the bot logged errors"; fi

step "runtime: the database is intact"
(cd "$RT" && node -e "
  const D = require('better-sqlite3');
  const db = new D(process.argv[1], { readonly: true, fileMustExist: true });
  const check = db.pragma('integrity_check', { simple: true });
  const migrations = db.prepare('select count(*) n from __drizzle_migrations').get().n;
  if (check !== 'ok' || migrations < 1) { console.error(check, migrations); process.exit(1); }
" "$DATA/nardy.sqlite") || fail "database check"

step "ok: the image's steps work ($((SECONDS - START)) s)"
