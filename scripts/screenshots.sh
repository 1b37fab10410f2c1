#!/usr/bin/env bash
# Takes the docs/screenshots of each role's default layout: curator (cora),
# owner (dora) and analyst (ana) at 1024x700, 1366x768 and 1920x1080, in the
# light and the dark theme. Builds nothing: the workbench and the CLI come
# from the build folder given.
#
#   scripts/screenshots.sh BUILD_DIR [OUT_DIR]     e.g. scripts/screenshots.sh build/ci
#   scripts/screenshots.sh --help                  this help
#
# Each shot: a demo database made once in a temporary folder (curation-cli
# demo), a fresh HOME (no saved layout, so the role's default), an Xvfb screen
# of that size, the workbench filling it (Qt's own -geometry option), `--as
# ROLE --theme light|dark`, and `import -window root` once the window has
# been up for CW_SHOT_WAIT seconds (default 5). Writes
# OUT_DIR/<role>-<W>x<H>-<light|dark>.png (OUT_DIR: docs/screenshots),
# stripped of metadata and cut to 256 colours (half the bytes, text still
# crisp). Environment: CW_SHOT_ROLES, CW_SHOT_SIZES,
# CW_SHOT_THEMES narrow the set ("curator owner", "1024x700", "dark").
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self="$root/scripts/$(basename "${BASH_SOURCE[0]}")"

# One shot, run by this script inside xvfb-run (a shell function would not
# survive xvfb-run's /bin/sh): the workbench up, the screen grabbed, the
# workbench (started here, by its PID) ended.
if [ "${1:-}" = --shoot ]; then
    shift
    "$CW_SHOT_WORKBENCH" --db "$CW_SHOT_DB" --as "$1" --theme "$3" -geometry "$2+0+0" \
        >"$HOME/workbench.log" 2>&1 &
    pid=$!
    sleep "${CW_SHOT_WAIT:-5}"
    import -window root "$4"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    exit 0
fi

case "${1:-}" in
    -h|--help) sed -n '2,19s/^# \{0,1\}//p' "$self"; exit 0 ;;
    "") echo "screenshots: give the build folder (e.g. build/ci); --help says more" >&2; exit 2 ;;
esac

build=$(cd "$1" && pwd)
out=${2:-$root/docs/screenshots}
workbench=$build/app/curation-workbench
cli=$build/app/curation-cli
for tool in "$workbench" "$cli"; do
    [ -x "$tool" ] || { echo "screenshots: $tool is not built (this script builds nothing)" >&2; exit 1; }
done
for tool in xvfb-run import convert; do
    command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (apt-get install xvfb imagemagick)" >&2; exit 1; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" --db "$work/demo.db" demo >/dev/null

declare -A principal=([curator]=cora [owner]=dora [analyst]=ana)
roles=${CW_SHOT_ROLES:-curator owner analyst}
sizes=${CW_SHOT_SIZES:-1024x700 1366x768 1920x1080}
themes=${CW_SHOT_THEMES:-light dark}
export CW_SHOT_WORKBENCH=$workbench CW_SHOT_DB=$work/demo.db

for role in $roles; do
    for size in $sizes; do
        for theme in $themes; do
            file="$out/$role-$size-$theme.png"
            home="$work/home-$role-$size-$theme"
            mkdir -p "$home"
            HOME=$home XDG_CONFIG_HOME=$home/.config XDG_RUNTIME_DIR=$home \
                xvfb-run -a -s "-screen 0 ${size}x24" \
                "$self" --shoot "${principal[$role]}" "$size" "$theme" "$file"
            convert "$file" -strip -colors 256 "PNG8:$file"
            echo "$file"
        done
    done
done
