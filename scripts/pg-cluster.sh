#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on the loopback, for the tests and for
# trying the server backend (docs/postgresql.md). PostgreSQL refuses to run as
# root: as root, the cluster belongs to `nobody`.
#
#   scripts/pg-cluster.sh start STATE-FILE   creates a cluster in a new
#       temporary folder, starts it on 127.0.0.1 (a free port from 55432 up),
#       and writes to STATE-FILE the folder (line 1) and the superuser's
#       connection URI (line 2): postgresql://cw_owner@127.0.0.1:PORT/postgres
#   scripts/pg-cluster.sh stop STATE-FILE    stops that cluster (fast) and
#       removes its folder and STATE-FILE; a missing STATE-FILE is no error
#   scripts/pg-cluster.sh kill STATE-FILE    stops that cluster the way a
#       crash would (pg_ctl stop -m immediate: no shutdown checkpoint, open
#       transactions cut off, the next start recovers from the WAL); keeps
#       its folder and STATE-FILE, for the fault tests
#   scripts/pg-cluster.sh restart STATE-FILE starts that cluster again on
#       the port and folder STATE-FILE names (after kill or stop -m fast)
#   scripts/pg-cluster.sh template STATE-FILE CLI   makes the database
#       cw_schema_template on that cluster and runs `CLI init` on it: the
#       current schema with no rows, which tests copy (CREATE DATABASE …
#       TEMPLATE) instead of migrating a new database each time; it takes no
#       connections, so a copy never waits for one
#
# Authentication is `trust` on the loopback only: any local user may connect
# as any role. It is a test cluster; never point it at data you keep.
#
# CW_PG_IN_MEMORY=1 puts the cluster's folder in /dev/shm when that is a
# tmpfs with room (cluster_parent below); the CTest fixture sets it.
#
# CW_PG_SHARED_BUFFERS (e.g. 1GB) sets the server's shared_buffers at start
# and restart; unset, the server's default (128 MB), which the tests need.
# A server a team uses is given more (a quarter of the memory is
# PostgreSQL's own advice): the benchmarks at 1,000,000 cases run with 1GB
# (docs/postgresql.md).
set -euo pipefail

say() { printf 'pg-cluster: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

bindir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/initdb" ] ||
        die "no PostgreSQL server here (/usr/lib/postgresql/*/bin/initdb): scripts/setup.sh installs it"
    echo "$dir"
}

# Runs a command as the cluster's owner: nobody when we are root.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
    else
        "$@"
    fi
}

# Starts the server of cluster folder $1 on 127.0.0.1 port $2.
run_server() {
    local dir=$1 port=$2 options
    options="-k $dir -c listen_addresses=127.0.0.1 -p $port -c fsync=off -c dynamic_shared_memory_type=mmap"
    [ -z "${CW_PG_SHARED_BUFFERS:-}" ] || options+=" -c shared_buffers=$CW_PG_SHARED_BUFFERS"
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 -o "$options" \
        start >/dev/null 2>&1
}

# Where a new cluster's folder goes: TMPDIR (or /tmp); with CW_PG_IN_MEMORY=1
# (the tests' fixture) /dev/shm when it is a tmpfs with 2 GiB free, as the
# tests' clusters are small and write far more than they keep.
cluster_parent() {
    if [ "${CW_PG_IN_MEMORY:-}" = 1 ] && [ -w /dev/shm ] &&
        [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
        [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -ge 2097152 ]; then
        echo /dev/shm
    else
        echo "${TMPDIR:-/tmp}"
    fi
}

start() {
    local state=$1 bin dir port log
    bin=$(bindir)
    dir=$(mktemp -d "$(cluster_parent)/cw-pg.XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" != 0 ] || chown nobody:nogroup "$dir"
    log=$dir/server.log
    as_owner "$bin/initdb" -D "$dir/data" -U cw_owner --auth=trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; rm -rf "$dir"; die "initdb failed"; }
    # A port that is taken makes the start fail: try the next one.
    for port in $(seq 55432 55481); do
        if run_server "$dir" "$port"; then
            printf '%s\npostgresql://cw_owner@127.0.0.1:%s/postgres\n' "$dir" "$port" >"$state"
            say "$("$bin/postgres" --version) on 127.0.0.1:$port, folder $dir"
            return 0
        fi
        grep -q 'could not bind\|already in use' "$log" 2>/dev/null || break
    done
    tail -n 20 "$log" >&2 || true
    rm -rf "$dir"
    die "the server did not start (log above)"
}

# The folder of STATE-FILE's cluster, which must be there.
cluster_dir() {
    local state=$1 dir
    [ -f "$state" ] || die "no cluster: $state does not exist"
    dir=$(sed -n 1p "$state")
    [ -d "$dir/data" ] || die "no cluster folder $dir/data (from $state)"
    echo "$dir"
}

kill_server() {
    local dir
    dir=$(cluster_dir "$1")
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -w -m immediate stop >/dev/null 2>&1 ||
        die "pg_ctl stop -m immediate failed for $dir (is it running?)"
    say "killed the server of $dir (immediate stop)"
}

restart() {
    local state=$1 dir port
    dir=$(cluster_dir "$state")
    port=$(sed -n 2p "$state" | sed -n 's|.*@127\.0\.0\.1:\([0-9]*\)/.*|\1|p')
    [ -n "$port" ] || die "no port in $state"
    run_server "$dir" "$port" || { tail -n 20 "$dir/server.log" >&2 || true; die "the server did not start again (log above)"; }
    say "started the server of $dir again on 127.0.0.1:$port"
}

template() {
    local state=$1 cli=$2 uri
    cluster_dir "$state" >/dev/null
    uri=$(sed -n 2p "$state")
    [ -x "$cli" ] || die "no curation-cli at $cli"
    # Again on the same cluster: a template database cannot be dropped.
    if [ "$("$(bindir)/psql" -tA "$uri" \
        -c "SELECT 1 FROM pg_database WHERE datname = 'cw_schema_template'")" = 1 ]; then
        "$(bindir)/psql" -q "$uri" -c "ALTER DATABASE cw_schema_template IS_TEMPLATE false" \
            >/dev/null || die "cannot replace cw_schema_template"
    fi
    PGOPTIONS='-c client_min_messages=warning' "$(bindir)/psql" -q -v ON_ERROR_STOP=1 "$uri" \
        -c "DROP DATABASE IF EXISTS cw_schema_template" \
        -c "CREATE DATABASE cw_schema_template" >/dev/null || die "cannot create cw_schema_template"
    "$cli" init --db "${uri%/postgres}/cw_schema_template" >/dev/null ||
        die "curation-cli init failed on cw_schema_template"
    "$(bindir)/psql" -q -v ON_ERROR_STOP=1 "$uri" \
        -c "ALTER DATABASE cw_schema_template IS_TEMPLATE true ALLOW_CONNECTIONS false" >/dev/null ||
        die "cannot make cw_schema_template a template"
    say "cw_schema_template: the current schema, for tests to copy"
}

stop() {
    local state=$1 dir
    [ -f "$state" ] || return 0
    dir=$(sed -n 1p "$state")
    if [ -d "$dir/data" ]; then
        as_owner "$(bindir)/pg_ctl" -D "$dir/data" -w -m fast stop >/dev/null 2>&1 ||
            say "warning: pg_ctl stop failed for $dir"
    fi
    case "$dir" in */cw-pg.*) rm -rf --one-file-system -- "$dir" ;; esac
    rm -f "$state"
}

[ -z "${CW_PG_SHARED_BUFFERS:-}" ] || [[ $CW_PG_SHARED_BUFFERS =~ ^[0-9]+[kMG]B$ ]] ||
    die "CW_PG_SHARED_BUFFERS=$CW_PG_SHARED_BUFFERS: give a size such as 512MB or 1GB"

case "${1:-}" in
    start) start "${2:?usage: pg-cluster.sh start STATE-FILE}" ;;
    stop) stop "${2:?usage: pg-cluster.sh stop STATE-FILE}" ;;
    kill) kill_server "${2:?usage: pg-cluster.sh kill STATE-FILE}" ;;
    restart) restart "${2:?usage: pg-cluster.sh restart STATE-FILE}" ;;
    template) template "${2:?usage: pg-cluster.sh template STATE-FILE CLI}" \
        "${3:?usage: pg-cluster.sh template STATE-FILE CLI}" ;;
    *) die "usage: pg-cluster.sh start|stop|kill|restart STATE-FILE, or template STATE-FILE CLI" ;;
esac
