#!/usr/bin/env bash
# Tries the workbench on a PostgreSQL server, in one command: installs what
# is missing (PostgreSQL too, from Debian's packages), builds the two
# programs (preset ci, build/ci, as scripts/run-workbench.sh),
# starts a throw-away cluster on the loopback (scripts/pg-cluster.sh), puts
# the demo database on it with a LOGIN role per demo principal, and opens
# the workbench connected as one of them. Closing the workbench stops the
# cluster and removes it. Other arguments go to curation-workbench.
#
#   scripts/run-server.sh [--principal ID] [workbench options]
#   xvfb-run -a scripts/run-server.sh       (no display: a virtual one)
#   scripts/run-server.sh --help            this help
#
# --principal ID: whom to connect as (default cora, a curator: the review
# queue with the two-step review; admin, dora (domain owner), ana (analyst),
# nils, owen are the others). Each principal's role is cw_ID; while the
# workbench runs, `curation-cli --db postgresql://cw_ID@127.0.0.1:PORT/demo`
# works as that principal from another shell (the port is printed).
# Environment: CW_JOBS (parallel build jobs, default 2); CW_BUILD_DIR: use
# the programs built there (e.g. build) instead of building them in build/ci.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self="$root/scripts/$(basename "${BASH_SOURCE[0]}")"
cd "$root"

say() { printf 'run-server: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

principal=cora
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) sed -n '2,20s/^# \{0,1\}//p' "$self"; exit 0 ;;
        --principal) [ $# -ge 2 ] || die "--principal needs an id"; principal=$2; shift ;;
        --principal=*) principal=${1#*=} ;;
        --db|--db=*) die "run-server chooses the database itself; use scripts/run-workbench.sh --db" ;;
        *) args+=("$1") ;;
    esac
    shift
done

# Qt aborts without a display ("could not connect to display"): say so first.
if [ -z "${QT_QPA_PLATFORM:-}" ] && [ -z "${DISPLAY:-}" ]; then
    if [ -n "${WAYLAND_DISPLAY:-}" ]; then
        export QT_QPA_PLATFORM=wayland # Qt 6.4 would try xcb first
    else
        die "no display (neither DISPLAY nor WAYLAND_DISPLAY is set); run it as 'xvfb-run -a scripts/run-server.sh'"
    fi
fi

build=${CW_BUILD_DIR:-build/ci}
if [ -n "${CW_BUILD_DIR:-}" ]; then
    scripts/setup.sh --install-only
else
    scripts/setup.sh --target curation-cli --target curation-workbench ci
fi
cli=$build/app/curation-cli
workbench=$build/app/curation-workbench
[ -x "$cli" ] && [ -x "$workbench" ] || die "no programs in $build/app"
command -v sqlite3 >/dev/null && command -v psql >/dev/null ||
    die "sqlite3 and psql are needed (scripts/setup.sh installs them)"

work=$(mktemp -d "${TMPDIR:-/tmp}/cw-run-server.XXXXXX")
state=$work/cluster.state
cleanup() {
    scripts/pg-cluster.sh stop "$state" || true
    rm -rf -- "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

scripts/pg-cluster.sh start "$state"
owner=$(sed -n 2p "$state") # postgresql://cw_owner@127.0.0.1:PORT/postgres
server=${owner%/postgres}

say "building the demo database and copying it to the server"
"$cli" --db "$work/demo.db" demo >/dev/null
"$cli" --db "$work/demo.db" project >/dev/null
# Every principal names a database role of its own (db_role), cw_ID: one
# principal record each, ingested as the tests do (tests/postgresql).
sqlite3 -readonly "$work/demo.db" "SELECT json_object('type', 'principal', 'id', id,
    'name', name, 'os_user', os_user, 'db_role', 'cw_' || replace(lower(id), '-', '_'),
    'roles', (SELECT json_group_array(role) FROM principal_roles WHERE principal = id),
    'tenants', (SELECT json_group_array(tenant) FROM principal_tenants WHERE principal = id),
    'domains', (SELECT json_group_array(domain) FROM principal_domains WHERE principal = id))
    FROM principals ORDER BY id" >"$work/roles.jsonl"
"$cli" --db "$work/demo.db" ingest "$work/roles.jsonl" >/dev/null
psql -q -v ON_ERROR_STOP=1 "$owner" -c 'CREATE DATABASE demo'
"$cli" --db "$work/demo.db" copy --to "$server/demo" >/dev/null
role=''
while read -r id; do
    r=cw_$(printf '%s' "$id" | tr 'A-Z-' 'a-z_')
    # The ids come from the demo, but a role name is an identifier: quote it.
    psql -q -v ON_ERROR_STOP=1 "$server/demo" -c "CREATE ROLE \"$r\" LOGIN IN ROLE cw_member"
    [ "$id" != "$principal" ] || role=$r
done < <(sqlite3 -readonly "$work/demo.db" "SELECT id FROM principals ORDER BY id")
[ -n "$role" ] || die "no principal '$principal' in the demo ($(sqlite3 -readonly "$work/demo.db" "SELECT group_concat(id, ', ') FROM principals"))"

location=${server/cw_owner@/$role@}/demo
say "opening the workbench on $location (as $principal); closing it stops the server"
status=0
"$workbench" --db "$location" "${args[@]}" || status=$?
exit "$status"
