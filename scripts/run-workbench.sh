#!/usr/bin/env bash
# Installs what is missing, builds the two programs (preset ci, build/ci: the
# build scripts/test.sh uses, so neither command compiles what the other
# did), creates the demo database if there is none, and opens the workbench.
# Arguments go to curation-workbench; a --db PATH among them is used for the
# demo database too.
#
#   scripts/run-workbench.sh [--db PATH] [workbench options]
#   xvfb-run -a scripts/run-workbench.sh      (no display: a virtual one)
#   scripts/run-workbench.sh --help           this help
#
# The workbench's own options (--db, --as, --theme): build/ci/app/curation-workbench
# --help once built. Environment: CW_JOBS (parallel build jobs, default 2).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self="$root/scripts/$(basename "${BASH_SOURCE[0]}")"
cd "$root"

case "${1:-}" in
    -h|--help) sed -n '2,15s/^# \{0,1\}//p' "$self"; exit 0 ;;
esac

# Qt aborts without a display ("could not connect to display"): say so first.
platform=${QT_QPA_PLATFORM:-}
if [ -z "$platform" ] && [ -z "${DISPLAY:-}" ]; then
    if [ -n "${WAYLAND_DISPLAY:-}" ]; then
        export QT_QPA_PLATFORM=wayland # Qt 6.4 would try xcb first
    else
        echo "run-workbench: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); run it as 'xvfb-run -a scripts/run-workbench.sh', or 'QT_QPA_PLATFORM=offscreen scripts/run-workbench.sh' to start without showing anything" >&2
        exit 1
    fi
fi

scripts/setup.sh --target curation-cli --target curation-workbench ci

# The database both programs open: --db PATH, else the per-user default.
db=''
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
        --db) [ $((i + 1)) -lt ${#args[@]} ] && db=${args[i + 1]} ;;
        --db=*) db=${args[i]#--db=} ;;
    esac
done
db_args=()
[ -z "$db" ] || db_args=(--db "$db")
db_path=${db:-${XDG_DATA_HOME:-$HOME/.local/share}/curation-workbench/workbench.db}

if [ -e "$db_path" ]; then
    echo "run-workbench: using the existing database $db_path (remove it for a fresh demo database)"
else
    echo "run-workbench: creating the demo database at $db_path"
    build/ci/app/curation-cli "${db_args[@]}" demo
fi
exec build/ci/app/curation-workbench "$@"
