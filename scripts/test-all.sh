#!/usr/bin/env bash
# npm run test:all — every gate and every test suite, with the real services they need.
# Installs missing Debian packages, runs all phases (a failing phase does not hide the later ones), stops
# every service it started on exit, prints a timing per phase and, last, "N passed, N failed".
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
export DEBIAN_FRONTEND=noninteractive
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
unset DATABASE_URL

PACKAGES=(postgresql pdns-server pdns-backend-sqlite3 unbound dovecot-imapd chromium dnsutils sqlite3 nginx systemd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/msas-test-all-XXXXXX")
SERVICE_PIDS=()
FAILED_PHASES=()
TIMINGS=()
START_ALL=$(date +%s)

# stop_pids PID...: TERM to each process and its descendants (a lane's vitest and service runners), KILL
# after 20 s.
kill_tree() {
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
stop_pids() {
  local pid
  for pid in "$@"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill_tree "$pid"
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
}

cleanup() {
  local status=$?
  stop_pids "${SERVICE_PIDS[@]}"
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# phase NAME COMMAND...: runs, times and records one phase; never aborts the script.
phase() {
  local name=$1
  shift
  echo
  echo "=== ${name}"
  local t0 status
  t0=$(date +%s)
  if "$@"; then status=ok; else status=FAILED; FAILED_PHASES+=("$name"); fi
  local secs=$(($(date +%s) - t0))
  TIMINGS+=("$(printf '%-28s %5ss  %s' "$name" "$secs" "$status")")
  echo "=== ${name}: ${status} (${secs}s)"
}

# lane COMMAND...: runs COMMAND (a function whose steps are `phase` calls) beside the phases that follow, its
# output kept in a file; join_lanes waits for it, prints its output and takes its phases' timings and failures.
LANES=()
lane() {
  local slot="$WORK/lane-${#LANES[@]}"
  (
    TIMINGS=()
    FAILED_PHASES=()
    local first=${#SERVICE_PIDS[@]}
    "$@" >"$slot.log" 2>&1 || true
    stop_pids "${SERVICE_PIDS[@]:first}"
    printf '%s\n' "${TIMINGS[@]}" >"$slot.timings"
    printf '%s\n' "${FAILED_PHASES[@]}" >"$slot.failed"
  ) &
  SERVICE_PIDS+=("$!")
  LANES+=("$slot|$!")
  echo
  echo "=== lane started beside the next phases: $*"
}

join_lanes() {
  local entry slot pid line
  for entry in "${LANES[@]}"; do
    IFS='|' read -r slot pid <<<"$entry"
    wait "$pid" || true
    echo
    echo "=== (the lane's output follows)"
    cat "$slot.log" 2>/dev/null || true
    [ -f "$slot.timings" ] || FAILED_PHASES+=("lane $slot (no record)")
    while IFS= read -r line; do [ -n "$line" ] && TIMINGS+=("$line"); done <"$slot.timings" 2>/dev/null || true
    while IFS= read -r line; do [ -n "$line" ] && FAILED_PHASES+=("$line"); done <"$slot.failed" 2>/dev/null || true
  done
  LANES=()
}

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "Debian packages present: ${PACKAGES[*]}"
    return 0
  fi
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q "${missing[@]}"
}

node_modules_ready() {
  if [ -d node_modules ] && [ -x node_modules/.bin/vitest ]; then
    echo "node_modules present"
  else
    npm ci --loglevel=error
  fi
}

# vitest_phase REPORT_NAME ARGS...: a vitest run whose JSON report is summed at the end.
vitest_phase() {
  local report="$WORK/vitest-$1.json"
  shift
  node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile="$report" "$@"
}

# start_services ENV_FILE NAMES...: background runner that owns the services; waits for its env file.
start_services() {
  local env_file=$1
  shift
  rm -f "$env_file"
  node_modules/.bin/tsx scripts/services/run.ts --write-env "$env_file" "$@" &
  local pid=$!
  SERVICE_PIDS+=("$pid")
  for _ in $(seq 1 300); do
    [ -f "$env_file" ] && return 0
    kill -0 "$pid" 2>/dev/null || { echo "service runner exited early"; return 1; }
    sleep 0.2
  done
  echo "services did not come up within 60 s"
  return 1
}

stop_services() {
  local pid=${SERVICE_PIDS[-1]}
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# Integration files that never read DATABASE_URL: the DNS, TLS and SMTP checks against loopback servers
# (no database at all), the systemd units' and the ones about the embedded database or `msas` processes on a
# DATA_DIR. They run once, in the PGlite phase.
EMBEDDED_ONLY=(
  tests/integration/checks-cli.test.ts
  tests/integration/checks-mtasts.test.ts
  tests/integration/dane-tlsa.test.ts
  tests/integration/dnssec-status.test.ts
  tests/integration/smtp-tls-probe.test.ts
  tests/integration/cli.test.ts
  tests/integration/ingest-cli.test.ts
  tests/integration/pglite-worker.test.ts
  tests/integration/pglite-seed.test.ts
  tests/integration/deploy-units.test.ts
  tests/integration/kill-nine.test.ts
  tests/integration/serve-killed-mail.test.ts
)

integration_on_postgres() {
  start_services "$WORK/pg.env" postgres || return 1
  local status=0
  (
    set -a
    # shellcheck disable=SC1091
    . "$WORK/pg.env"
    set +a
    vitest_phase integration-postgres --project integration --passWithNoTests "${EMBEDDED_ONLY[@]/#/--exclude=}"
  ) || status=$?
  stop_services
  return "$status"
}

other_services() {
  start_services "$WORK/services.env" powerdns unbound dovecot || return 1
  set -a
  # shellcheck disable=SC1091
  . "$WORK/services.env"
  set +a
  echo "PDNS_API_URL=$PDNS_API_URL DNSSEC_RESOLVER=$DNSSEC_RESOLVER TEST_IMAP_URL=$TEST_IMAP_URL"
}

# Static checks side by side: both are single-threaded, and each takes about a minute.
static_checks() {
  npm run --silent typecheck >"$WORK/typecheck.log" 2>&1 &
  local tc=$!
  npm run --silent lint >"$WORK/lint.log" 2>&1 &
  local li=$!
  local status=0
  wait "$tc" || { status=1; echo "typecheck FAILED"; }
  wait "$li" || { status=1; echo "lint FAILED"; }
  cat "$WORK/typecheck.log" "$WORK/lint.log"
  return "$status"
}

build_and_check_bundle() {
  NODE_ENV=production node_modules/.bin/vite build && node_modules/.bin/tsx scripts/check-bundle.ts
}

# The lane beside the unit and PGlite phases: the server's own tests, PostgreSQL integration, then the build
# and the e2e suite. Each lane keeps about one core busy (vitest runs integration and e2e files one at a
# time), so the two lanes, about equally long, share the machine's two cores.
postgres_then_browser() {
  phase "server tests" vitest_phase server --project server
  phase "integration (PostgreSQL)" integration_on_postgres
  phase "services" other_services
  phase "build + check:bundle" build_and_check_bundle
  # The release tarball installed with production dependencies only, migrated, served and called.
  phase "release install" node_modules/.bin/tsx scripts/check-release.ts
  phase "e2e (Chromium)" vitest_phase e2e --project e2e
}

phase "Debian packages" install_packages
phase "npm ci" node_modules_ready
phase "typecheck + lint" static_checks
phase "check:locales" npm run --silent check:locales
# jobs-workers.test.ts always runs its worker processes on PostgreSQL (it starts a cluster without
# DATABASE_URL), and read-replica.test.ts and scale-fault.test.ts always start their own primary and
# replica, so they run once, in the PostgreSQL phase.
lane postgres_then_browser
# vitest's default worker count (cores - 1) leaves a core to the other lane and to the jsdom and timing
# tests: with every core busy, their one-second waits time out.
phase "unit tests" vitest_phase unit --project unit
phase "integration (PGlite)" vitest_phase integration-pglite --project integration --passWithNoTests \
  --exclude tests/integration/jobs-workers.test.ts --exclude tests/integration/read-replica.test.ts \
  --exclude tests/integration/scale-fault.test.ts
join_lanes

echo
echo "=== timings"
for t in "${TIMINGS[@]}"; do echo "$t"; done
echo "total $(($(date +%s) - START_ALL))s"
if [ ${#FAILED_PHASES[@]} -gt 0 ]; then
  echo "failed phases: ${FAILED_PHASES[*]}"
fi

node scripts/test-report.mjs "$WORK/vitest-unit.json" "$WORK/vitest-server.json" "$WORK/vitest-integration-pglite.json" \
  "$WORK/vitest-integration-postgres.json" "$WORK/vitest-e2e.json"
[ ${#FAILED_PHASES[@]} -eq 0 ]
