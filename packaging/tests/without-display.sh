#!/bin/bash
# curation-workbench answers --version and --help with no display at all
# (no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM), as help2man and the
# package checks ask them; and without a display it still refuses to start
# with a message that says what to do, rather than aborting inside Qt.
#
#   without-display.sh CURATION-WORKBENCH VERSION
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 CURATION-WORKBENCH VERSION" >&2; exit 2; }
program=$1 version=$2
failed=0
bare() { env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM timeout 30 "$program" "$@"; }
fail() { echo "FAIL: $*"; failed=1; }

out=$(bare --version 2>/tmp/wd-err.$$); rc=$?
[ "$rc" = 0 ] || fail "--version exits $rc: $(cat /tmp/wd-err.$$)"
[ "$out" = "curation-workbench $version" ] || fail "--version prints '$out', not 'curation-workbench $version'"

out=$(bare --help 2>/tmp/wd-err.$$); rc=$?
[ "$rc" = 0 ] || fail "--help exits $rc: $(cat /tmp/wd-err.$$)"
for expected in 'Usage: ' '--db <PATH>' '--theme <THEME>' '--version'; do
    [[ $out == *"$expected"* ]] || fail "--help does not mention '$expected'"
done
[ -s /tmp/wd-err.$$ ] && fail "--help writes to stderr: $(cat /tmp/wd-err.$$)"

out=$(bare -v 2>&1); [ "$out" = "curation-workbench $version" ] || fail "-v prints '$out'"

# Not asked for help: no display is still a clear refusal, exit 1.
bare --db /nonexistent/never.db >/dev/null 2>/tmp/wd-err.$$; rc=$?
[ "$rc" = 1 ] || fail "without a display it exits $rc, not 1"
grep -q 'no display' /tmp/wd-err.$$ || fail "without a display it says: $(cat /tmp/wd-err.$$)"
rm -f /tmp/wd-err.$$

[ "$failed" = 0 ] && echo "curation-workbench: --version and --help without a display: ok"
exit "$failed"
