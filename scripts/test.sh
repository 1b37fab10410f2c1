#!/usr/bin/env bash
# Builds and runs every test, offscreen.
#
#   scripts/test.sh             the `ci` preset (warnings are errors) + ctest
#   scripts/test.sh --asan      the `asan` preset: ASan + UBSan build + ctest
#   scripts/test.sh --package   the two .debs of the ci build: checked, installed (root), used, removed
#   scripts/test.sh --fuzz      the `fuzz` preset (clang, libFuzzer): each target over its stored
#                               corpus, then for CW_FUZZ_SECONDS (default 60) from it
#   scripts/test.sh --trixie    the ci build + ctest in a Debian 13 chroot (scripts/trixie-stage.sh)
#   scripts/test.sh --clone     HEAD cloned alone into an empty temporary folder (no ../shared
#                               beside it), and scripts/test.sh run there
#   scripts/test.sh --all       ci, clone, package, asan, fuzz, trixie, in that order (.ci/run)
#
# Options combine (--asan --trixie runs those two). Every stage runs even if
# an earlier one failed; each prints its CTest summary, and the last lines sum
# up every stage, ending with "total: N passed, N failed". The exit status is
# non-zero if any stage failed. Logs: build/logs/STAGE.log. Each stage says
# how much disk is free; with CI=true a passed stage's build tree that no
# later stage reads is removed (build/asan, build/fuzz, build/trixie, and
# build/ci after the package stage).
# The pep-corpus suite (tests/pepcorpus) runs over ../shared/corpus/pep-memory
# (CMake cache path CW_PEP_CORPUS) and is skipped where that is missing; with
# CI=true the ci stage fails unless it ran and passed. The clone stage tests
# the last commit (uncommitted changes are not in it) and fails unless the
# pep-corpus suite reports itself skipped there.
# Environment: CW_JOBS (parallel jobs, default 2); CW_CLONE_DIR (the folder
# the clone stage clones into, as CW_CLONE_DIR/repo; default a new temporary
# folder, removed afterwards); with CI=true the stages share a time budget of
# CW_TIME_BUDGET seconds (default 5100, 85 minutes).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self="$root/scripts/$(basename "${BASH_SOURCE[0]}")"
cd "$root"
jobs=${CW_JOBS:-2}
app_id=org.curationworkbench.CurationWorkbench

# ---- the stages (each runs as its own process: scripts/test.sh --stage NAME)

stage_ci() {
    scripts/setup.sh ci
    local out=build/ci/ctest-output.log rc=0
    ctest --preset ci --parallel "$jobs" 2>&1 | tee "$out" || rc=$?
    if [ "${CI:-}" = true ]; then
        pep_corpus_ran build/ci "$out" || rc=1
    fi
    return "$rc"
}

# The tests of the pep-corpus suite (ctest -L pep-corpus) in BUILD-DIR, one a
# line. Listing rewrites LastTest.log; the log of the real run is put back.
pep_corpus_tests() {
    local log=$1/Testing/Temporary/LastTest.log
    [ ! -f "$log" ] || cp "$log" "$log.keep"
    ctest --test-dir "$1" -N -L pep-corpus | sed -n 's/^ *Test *#[0-9]*: //p'
    [ ! -f "$log.keep" ] || mv "$log.keep" "$log"
}

# CI proves the checks over the real PEP corpus: every test of the suite
# must have run and passed, not been skipped for want of the corpus.
pep_corpus_ran() { # pep_corpus_ran BUILD-DIR CTEST-OUTPUT
    local names name ok=1 why
    mapfile -t names < <(pep_corpus_tests "$1")
    if [ ${#names[@]} -eq 0 ]; then
        echo "pep-corpus: no test carries the label pep-corpus (CI needs the suite to run)"
        return 1
    fi
    for name in "${names[@]}"; do
        grep -Eq "Test +#[0-9]+: $name \.* +Passed" "$2" && continue
        ok=0
        why=$(grep -m 1 -o 'PEP corpus not found at [^:]*' "$1/Testing/Temporary/LastTest.log" || true)
        echo "pep-corpus: $name did not run and pass in CI${why:+ ($why)}; CI needs the PEP" \
            "corpus: ../shared/corpus/pep-memory beside the clone, or -DCW_PEP_CORPUS=PATH"
    done
    [ "$ok" = 1 ] && echo "pep-corpus: ${#names[@]} tests ran and passed over the PEP corpus"
    [ "$ok" = 1 ]
}

# A clone with nothing beside it: the last commit fetched into DIR/repo of an
# empty folder (no ../shared), and the README's test command, scripts/test.sh,
# run there (not as CI: the ci stage of the clone does not ask for the PEP
# corpus). Every test must pass without the shared folder, and the pep-corpus
# suite must say it is skipped. ccache serves the libraries from the ci
# stage (CCACHE_BASEDIR is each checkout, scripts/setup.sh); the tests, which
# carry their checkout's path, compile again.
stage_clone() {
    local parent=${CW_CLONE_DIR:-} made=0 dir rc=0 names name out
    if [ -z "$parent" ]; then
        parent=$(mktemp -d "${TMPDIR:-/tmp}/cw-clone.XXXXXX")
        made=1
    fi
    dir=$parent/repo
    # The trap runs after this function has returned, when its locals are
    # gone (set -u): the folder is written into it now.
    [ "$made" = 1 ] && trap "rm -rf --one-file-system -- '$parent'" EXIT
    if [ -e "$dir" ]; then
        echo "clone: $dir exists already; remove it or choose another CW_CLONE_DIR" >&2
        return 1
    fi
    if [ -e "$parent/shared" ]; then
        echo "clone: $parent/shared exists: not a clone with nothing beside it" >&2
        return 1
    fi
    [ -z "$(git status --porcelain --untracked-files=no)" ] ||
        echo "clone: note: uncommitted changes are not part of the clone"
    git init -q "$dir"
    git -C "$dir" fetch -q --depth 1 "file://$root" HEAD
    git -C "$dir" checkout -q --detach FETCH_HEAD
    echo "clone: $(git -C "$dir" log --oneline -1) in $dir;" \
        "beside it: $(find "$parent" -mindepth 1 -maxdepth 1 -printf '%f ')"
    (cd "$dir" && env -u CI CCACHE_NOHASHDIR=true CW_JOBS="$jobs" scripts/test.sh) || rc=$?
    out=$dir/build/ci/ctest-output.log
    mapfile -t names < <(pep_corpus_tests "$dir/build/ci")
    [ ${#names[@]} -gt 0 ] || { echo "clone: no test carries the label pep-corpus"; rc=1; }
    for name in "${names[@]}"; do
        if ! grep -Eq "^[[:space:]]*[0-9]+ - $name \(Skipped\)" "$out"; then
            echo "clone: $name was not reported as skipped without the PEP corpus"
            rc=1
        fi
    done
    [ "$rc" != 0 ] || echo "clone: every test passed without ../shared; pep-corpus skipped"
    return "$rc"
}

stage_asan() {
    scripts/setup.sh asan
    # ASAN_OPTIONS, UBSAN_OPTIONS and LSAN_OPTIONS (tests/sanitizers/lsan.supp)
    # come from the asan test preset.
    # The suites that run a second time on the server (postgresql/scenarios,
    # postgresql/model) run their model code under the sanitizers in their
    # file runs; skipped here to keep CI inside its time.
    ctest --preset asan --parallel "$jobs" -E '^postgresql/(scenarios|model)/'
}

# Each libFuzzer target (tests/fuzz) runs its stored corpus once (a
# regression run: every input must pass), then fuzzes for a bounded time,
# starting from that corpus. A crash, a leak, a timeout or a broken invariant
# fails the target and leaves the input in build/logs/fuzz/ (crash-*, leak-*,
# timeout-*, oom-*): replay it with build/fuzz/tests/fuzz/fuzz_TARGET FILE.
stage_fuzz() {
    scripts/setup.sh fuzz
    local artifacts=build/logs/fuzz target pids=() results=() passed=0 failed=0 i
    local targets=(ingest_line memory_file version_scope fts_query mcp_lines)
    mkdir -p "$artifacts"
    export ASAN_OPTIONS=abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0"
    # CW_JOBS targets at a time, each on a core of its own: every target
    # still fuzzes for its full CW_FUZZ_SECONDS.
    for ((i = 0; i < ${#targets[@]}; i++)); do
        fuzz_target "${targets[i]}" >"$artifacts/${targets[i]}.result" &
        pids+=($!)
        if [ ${#pids[@]} -ge "$jobs" ] || [ $((i + 1)) -eq ${#targets[@]} ]; then
            wait "${pids[@]}" || true
            pids=()
        fi
    done
    for target in "${targets[@]}"; do
        cat "$artifacts/$target.result"
        if grep -q '^  ok ' "$artifacts/$target.result"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
        fi
    done
    printf 'fuzz: %d passed, %d failed\n' "$passed" "$failed"
    [ "$failed" = 0 ]
}

# One fuzz target: its stored corpus as a regression run, then fuzzing from
# it; prints one result line (and the error's lines when it failed).
fuzz_target() {
    local target=$1 bin=build/fuzz/tests/fuzz artifacts=build/logs/fuzz
    local seconds=${CW_FUZZ_SECONDS:-60}
    local work=build/fuzz/corpus/$target log=$artifacts/$target.log
    rm -rf "$work" && mkdir -p "$work"
    local flags=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$artifacts/$target-"
                 -print_final_stats=1)
    if "$bin/fuzz_$target" "${flags[@]}" -runs=0 "tests/fuzz/corpus/$target" >"$log" 2>&1 &&
        "$bin/fuzz_$target" "${flags[@]}" -max_total_time="$seconds" \
            "$work" "tests/fuzz/corpus/$target" >>"$log" 2>&1; then
        printf '  ok    %-14s %s runs, %s exec/s, corpus %s\n' "$target" \
            "$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)" \
            "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)" \
            "$(ls "$work" | wc -l)"
    else
        printf '  FAIL  %-14s (log: %s)\n' "$target" "$log"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz invariant violated|.*runtime error)|Test unit written' \
            "$log" | head -n 20 || true
    fi
}

stage_trixie() {
    scripts/trixie-stage.sh
}

# The two Debian packages: built, their contents and Depends checked, then
# installed for real (CI runs as root on a throwaway machine), used, checked
# where they landed, run through lintian when it can be installed, and
# removed again.
stage_package() {
    scripts/setup.sh ci
    local dir=build/ci passed=0 failed=0 cli_deb gui_deb version
    rm -f "$dir"/curation-cli_*.deb "$dir"/curation-workbench_*.deb
    (cd "$dir" && cpack -G DEB)
    cli_deb=$root/$(ls "$dir"/curation-cli_*.deb)
    gui_deb=$root/$(ls "$dir"/curation-workbench_*.deb)
    version=$(dpkg-deb -f "$cli_deb" Version)
    check() { # check DESCRIPTION COMMAND...
        if "${@:2}" >"$dir/package-check.log" 2>&1; then
            passed=$((passed + 1)); printf '  ok    %s\n' "$1"
        else
            failed=$((failed + 1)); printf '  FAIL  %s\n' "$1"
            sed 's/^/        /' "$dir/package-check.log" | tail -n 20
        fi
    }
    has() { grep -q " \./$2\$" "$dir/package-contents-$1.txt"; }
    lacks() { ! grep -Eq "$2" "$dir/package-contents-$1.txt"; }
    field() { dpkg-deb -f "$1" "$2"; }
    field_has() { field "$1" "$2" | tr ',' '\n' | sed 's/^ *//' | grep -Fqx -- "$3"; }
    field_lacks() { ! field "$1" "$2" | grep -Eq -- "$3"; }

    echo "---- what the packages hold"
    local deb name f
    for deb in "$cli_deb" "$gui_deb"; do
        name=$(field "$deb" Package)
        dpkg-deb -I "$deb"
        dpkg-deb -c "$deb" | tee "$dir/package-contents-$name.txt"
    done
    for f in usr/bin/curation-cli usr/share/man/man1/curation-cli.1.gz \
        usr/share/bash-completion/completions/curation-cli \
        usr/share/doc/curation-cli/copyright usr/share/doc/curation-cli/changelog.Debian.gz; do
        check "curation-cli contains /$f" has curation-cli "$f"
    done
    check "curation-cli holds nothing of the workbench" \
        lacks curation-cli 'bin/curation-workbench|applications/|metainfo/|icons/'
    for f in usr/bin/curation-workbench usr/share/man/man1/curation-workbench.1.gz \
        "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
        "usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
        usr/share/doc/curation-workbench/copyright \
        usr/share/doc/curation-workbench/changelog.Debian.gz; do
        check "curation-workbench contains /$f" has curation-workbench "$f"
    done
    check "curation-workbench does not hold the CLI" lacks curation-workbench 'bin/curation-cli$'

    echo "---- their relations"
    check "curation-cli Depends on Qt Core (dpkg-shlibdeps)" \
        sh -c 'dpkg-deb -f "$1" Depends | grep -q libqt6core6' sh "$cli_deb"
    check "curation-cli Depends on libpq5 (loaded when a server is opened)" \
        field_has "$cli_deb" Depends libpq5
    check "curation-cli Depends on no Gui, Widgets or Charts" \
        field_lacks "$cli_deb" Depends 'libqt6(gui|widgets|charts|svg|opengl)|qt6-qpa-plugins'
    check "curation-workbench Depends on curation-cli (= $version)" \
        field_has "$gui_deb" Depends "curation-cli (= $version)"
    check "curation-workbench Depends on libqt6svg6 (its icon is an SVG)" \
        field_has "$gui_deb" Depends libqt6svg6
    check "curation-workbench Depends on qt6-qpa-plugins" \
        field_has "$gui_deb" Depends qt6-qpa-plugins
    check "curation-workbench Depends on Widgets and Charts (dpkg-shlibdeps)" \
        sh -c 'dpkg-deb -f "$1" Depends | grep -q libqt6widgets6 &&
               dpkg-deb -f "$1" Depends | grep -q libqt6charts6' sh "$gui_deb"
    check "curation-workbench Recommends qt6-wayland" \
        field_has "$gui_deb" Recommends qt6-wayland

    echo "---- lintian"
    local sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo -n)
    if ! command -v lintian >/dev/null 2>&1; then
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y install --no-install-recommends \
            lintian >/dev/null 2>&1 || echo "lintian is not installable here: skipped"
    fi
    if command -v lintian >/dev/null 2>&1; then
        # Errors fail; warnings are shown. --allow-root: CI runs as root.
        check "lintian: no errors in either package" \
            lintian --allow-root --fail-on error "$cli_deb" "$gui_deb"
        sed 's/^/        /' "$dir/package-check.log" # its warnings, if any
    fi

    echo "---- installed"
    local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600)
    check "apt-get installs both packages" "${apt[@]}" install --reinstall "$cli_deb" "$gui_deb"
    check "curation-cli --version says ${version%-*}" \
        sh -c '[ "$(curation-cli --version)" = "curation-cli $1" ]' sh "${version%-*}"
    check "curation-workbench --version without DISPLAY or QT_QPA_PLATFORM" \
        sh -c '[ "$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM curation-workbench --version)" = "curation-workbench $1" ]' \
        sh "${version%-*}"
    if grep -rqs 'path-exclude=/usr/share/man' /etc/dpkg/dpkg.cfg.d; then
        echo "note: dpkg here excludes /usr/share/man (/etc/dpkg/dpkg.cfg.d): man -w cannot find the pages"
    fi
    check "man -w curation-cli" man -w curation-cli
    check "man -w curation-workbench" man -w curation-workbench
    check "desktop-file-validate on the installed desktop entry" \
        desktop-file-validate "/usr/share/applications/$app_id.desktop"
    check "appstreamcli validate --no-net on the installed metainfo" \
        appstreamcli validate --no-net "/usr/share/metainfo/$app_id.metainfo.xml"
    check "the installed completion offers what the installed curation-cli's --help says" \
        bash packaging/completion/test-completion.sh /usr/bin/curation-cli \
        /usr/share/bash-completion/completions/curation-cli
    for name in curation-cli curation-workbench; do
        check "/usr/share/doc/$name/copyright is machine-readable (DEP-5)" \
            grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
            "/usr/share/doc/$name/copyright"
        check "/usr/share/doc/$name/changelog.Debian.gz starts with $version" \
            sh -c 'zcat "$1" | head -n 1 | grep -qF "($2)"' sh \
            "/usr/share/doc/$name/changelog.Debian.gz" "$version"
    done
    check "apt-get removes both packages again" \
        "${apt[@]}" remove curation-workbench curation-cli
    check "neither package is left installed" \
        sh -c '! dpkg-query -W -f="\${Status}\n" curation-cli curation-workbench 2>/dev/null | grep -q " installed$"'
    printf 'package: %d passed, %d failed\n' "$passed" "$failed"
    [ "$failed" = 0 ]
}

if [ "${1:-}" = --stage ]; then
    "stage_$2"
    exit
fi

# ---- the driver

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$self"; }
stages=()
while [ $# -gt 0 ]; do
    case "$1" in
        --asan) stages+=(asan) ;;
        --trixie) stages+=(trixie) ;;
        --package) stages+=(package) ;;
        --fuzz) stages+=(fuzz) ;;
        --clone) stages+=(clone) ;;
        --all) stages+=(ci clone package asan fuzz trixie) ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done
[ ${#stages[@]} -gt 0 ] || stages=(ci)

describe() {
    case "$1" in
        ci) echo "Debian 12, preset ci (warnings are errors), ctest offscreen" ;;
        asan) echo "Debian 12, preset asan (AddressSanitizer + UndefinedBehaviorSanitizer), ctest offscreen" ;;
        package) echo "cpack -G DEB of the ci build: two packages checked, installed, used and removed (docs/packaging.md)" ;;
        fuzz) echo "preset fuzz (clang, libFuzzer + ASan + UBSan): stored corpora, then ${CW_FUZZ_SECONDS:-60}s per target" ;;
        trixie) echo "Debian 13 chroot (Qt 6.8, KF6SyntaxHighlighting), preset ci, ctest offscreen" ;;
        clone) echo "HEAD cloned alone (no ../shared beside it), scripts/test.sh there; pep-corpus skipped" ;;
    esac
}
duration() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

logs="$root/build/logs"
mkdir -p "$logs"
budget=${CW_TIME_BUDGET:-5100}
start=$SECONDS
total_passed=0 total_failed=0 any_failed=0
report=()
declare -A seen=()

# Free space where the builds go, in GiB (df's available blocks).
free_gib() { df -Pk "$root" | awk 'NR == 2 { printf "%d", $4 / 1048576 }'; }

# A stage's build tree that no later stage reads (the package stage reads
# build/ci). Unattended runs remove it once the stage has passed: the six
# trees together need about 14 GiB, and a full disk fails a link with
# nothing to do with the change under test.
spent_tree() {
    case "$1" in
        asan|fuzz|trixie) echo "$root/build/$1" ;;
        package) echo "$root/build/ci" ;;
    esac
}

# The Debian 13 chroot is mostly downloads and unpacking: made in the
# background from the start, it is ready when the trixie stage comes after
# the others (the stage waits on the chroot cache's lock while it is made).
chroot_pid=''
if [[ " ${stages[*]} " == *" trixie "* ]] && [ "${stages[0]}" != trixie ]; then
    echo "trixie: making its chroot in the background (log: build/logs/trixie-chroot.log)"
    scripts/trixie-stage.sh --prepare >"$logs/trixie-chroot.log" 2>&1 </dev/null &
    chroot_pid=$!
fi

for stage in "${stages[@]}"; do
    [ -z "${seen[$stage]:-}" ] || continue
    seen[$stage]=1
    log="$logs/$stage.log"
    printf '\n===== stage %s: %s =====\n' "$stage" "$(describe "$stage")"
    free=$(free_gib)
    echo "disk: ${free} GiB free on $(df -P "$root" | awk 'NR == 2 { print $6 }')"
    [ "$free" -ge 6 ] ||
        echo "disk: warning: under 6 GiB free; a sanitizer build needs about 5 GiB"
    t0=$SECONDS
    set +e
    if [ "${CI:-}" = true ]; then
        # Unattended: keep inside the budget, so that a stage that hangs
        # still leaves a summary behind.
        left=$((budget - (SECONDS - start)))
        if [ "$left" -lt 60 ]; then
            echo "no time left in the budget of ${budget}s" | tee "$log"
            rc=124
        else
            timeout -k 30 "$left" "$self" --stage "$stage" 2>&1 </dev/null | tee "$log"
            rc=${PIPESTATUS[0]}
        fi
    else
        "$self" --stage "$stage" 2>&1 | tee "$log"
        rc=${PIPESTATUS[0]}
    fi
    set -e
    took=$((SECONDS - t0))

    # The counts: ctest's closing line, or the package or fuzz stage's own.
    line=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+|^No tests were found|^(package|fuzz): [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
    passed=0 failed=0
    if [[ $line =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
        failed=${BASH_REMATCH[1]}
        passed=$((BASH_REMATCH[2] - failed))
    elif [[ $line =~ ^(package|fuzz):\ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
        passed=${BASH_REMATCH[2]} failed=${BASH_REMATCH[3]}
    elif [[ $line == No\ tests* ]]; then
        line="no tests registered (ctest found none)"
    fi
    if [ "$rc" != 0 ]; then
        any_failed=1
        result=FAILED
        [ "$rc" = 124 ] && result="TIMED OUT"
        if [ -z "$line" ] || [ "$failed" = 0 ]; then
            failed=$((failed + 1)) # the stage itself, outside any test
            line="${line:+$line; }failed outside the tests (exit $rc): see build/logs/$stage.log"
        fi
    else
        result=ok
        tree=$(spent_tree "$stage")
        if [ "${CI:-}" = true ] && [ -n "$tree" ] && [ -d "$tree" ]; then
            rm -rf --one-file-system -- "$tree"
            echo "disk: removed ${tree#"$root"/} (no later stage reads it)"
        fi
    fi
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    printf '===== stage %s: %s in %s: %s\n' "$stage" "$result" "$(duration "$took")" "${line:-no test summary}"
    report+=("$(printf '%-8s %-9s %7s  %s' "$stage" "$result" "$(duration "$took")" "${line:-no test summary}")")
done

if [ -n "$chroot_pid" ] && kill -0 "$chroot_pid" 2>/dev/null; then
    kill "$chroot_pid" 2>/dev/null || true # a stage before trixie timed out: no one waits for it
fi
[ -z "$chroot_pid" ] || wait "$chroot_pid" 2>/dev/null || true

printf '\n===== summary (%s) =====\n' "$(duration $((SECONDS - start)))"
printf '%s\n' "${report[@]}"
printf 'total: %d passed, %d failed\n' "$total_passed" "$total_failed"
exit "$any_failed"
