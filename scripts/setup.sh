#!/usr/bin/env bash
# Installs the build dependencies that are missing (Debian 12 or 13, apt),
# then configures and builds with a CMake preset.
#
#   scripts/setup.sh [--no-build] [--build-dir DIR] [--target T]... [PRESET]
#                    PRESET: dev (default), ci, asan, fuzz; --target builds only T
#                    (repeatable), e.g. the two programs: --target curation-cli
#                    --target curation-workbench
#   scripts/setup.sh --install-only
#   scripts/setup.sh --list-packages [CODENAME]               print the package list, one a line
#
# Environment: CW_JOBS (parallel jobs, default 2).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

say() { printf 'setup: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# The distribution's codename: bookworm (Debian 12), trixie (Debian 13), ...
host_codename() {
    local VERSION_CODENAME='' VERSION_ID='' ID=''
    # shellcheck disable=SC1091
    [ -r /etc/os-release ] && . /etc/os-release
    if [ "${ID:-}" != debian ] && [ "${ID:-}" != '' ]; then
        say "note: this is ${ID}, not Debian; using the Debian ${VERSION_CODENAME:-?} package names"
    fi
    if [ -n "${VERSION_CODENAME:-}" ]; then
        echo "$VERSION_CODENAME"
    elif [ "${VERSION_ID%%.*}" = 12 ]; then
        echo bookworm
    else
        echo trixie # testing/sid often have no VERSION_ID: take the newer names
    fi
}

# What the build, the tests, the packaging checks and running the GUI need
# (help2man: the man pages; man-db: the package check's man -w;
# python3-jsonschema: the tests that validate JSON answers against
# docs/schema; libpq-dev: the PostgreSQL backend; postgresql: the server the
# postgresql tests start a throw-away cluster of, scripts/pg-cluster.sh; qt6-tools-dev + qt6-l10n-tools: lupdate/lrelease and their
# CMake package for the translations, qt6-translations-l10n: Qt's own German
# strings, docs/translations.md); with a second
# argument `fuzz`, also what the libFuzzer targets need (clang and its
# compiler-rt: libFuzzer, ASan and UBSan runtimes).
packages_for() {
    local common=(
        build-essential cmake ninja-build ccache mold pkg-config file dpkg-dev
        qt6-base-dev qt6-base-dev-tools qt6-charts-dev libgl-dev
        qt6-qpa-plugins qt6-wayland fonts-dejavu-core xvfb xauth
        libsqlite3-dev sqlite3 libyaml-cpp-dev libdtl-dev libpq-dev postgresql
        desktop-file-utils appstream help2man man-db python3-jsonschema
        qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    )
    case "$1" in
        bookworm)
            # Qt 6.4: Qt6OpenGL is packaged apart; Debian 12 has no KF6.
            printf '%s\n' "${common[@]}" libqt6opengl6-dev
            [ "${2:-}" != fuzz ] || printf '%s\n' clang libclang-rt-14-dev ;;
        *)
            # Debian 13 (Qt 6.8): Qt6OpenGL comes with qt6-base-dev.
            printf '%s\n' "${common[@]}" libkf6syntaxhighlighting-dev
            [ "${2:-}" != fuzz ] || printf '%s\n' clang libclang-rt-dev ;;
    esac
}

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run: $* (no sudo here)"
    fi
}

install_missing() {
    local codename missing=() p
    codename=$(host_codename)
    while read -r p; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q ' installed$' || missing+=("$p")
    done < <(packages_for "$codename" "$preset")
    if [ ${#missing[@]} -eq 0 ]; then
        say "all build dependencies are installed ($codename)"
        return
    fi
    say "installing on $codename: ${missing[*]}"
    local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600)
    # A broken third-party source should not stop the install from Debian's.
    as_root "${apt[@]}" update || say "warning: apt-get update failed; trying the install anyway"
    as_root "${apt[@]}" install --no-install-recommends "${missing[@]}"
}

preset=dev build=1 build_dir='' install_only=0 targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --list-packages) packages_for "${2:-$(host_codename)}"; exit 0 ;;
        --install-only) install_only=1 ;;
        --no-build) build=0 ;;
        --build-dir) [ $# -ge 2 ] || die "--build-dir needs a directory"; build_dir=$2; shift ;;
        --build-dir=*) build_dir=${1#*=} ;;
        --target) [ $# -ge 2 ] || die "--target needs a target"; targets+=(--target "$2"); shift ;;
        -h|--help) sed -n '2,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) preset=$1 ;;
    esac
    shift
done
case "$preset" in dev|ci|asan|fuzz) ;; *) die "unknown preset '$preset' (dev, ci, asan or fuzz)" ;; esac

install_missing
[ "$install_only" = 1 ] && exit 0

# ccache: paths relative to the checkout, so that a fresh clone elsewhere
# (CI) still hits the cache of an earlier one on the same machine.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
if [ "${CI:-}" = true ]; then export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}; fi

jobs=${CW_JOBS:-2}
say "configuring (preset $preset${build_dir:+, build dir $build_dir})"
if [ -n "$build_dir" ]; then
    cmake --preset "$preset" -B "$build_dir"
else
    cmake --preset "$preset"
fi
[ "$build" = 1 ] || exit 0

# ccache's counters (hits, misses), to say what this build took from the cache.
ccache_counts() {
    command -v ccache >/dev/null 2>&1 || return 0
    ccache --print-stats 2>/dev/null | awk -F '\t' '
        $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
        $1 == "cache_miss" { miss += $2 }
        END { print hit + 0, miss + 0 }'
}

say "building with -j$jobs${targets:+ (${targets[*]})}"
read -r hits_before misses_before < <(ccache_counts) || true
t0=$SECONDS
if [ -n "$build_dir" ]; then
    cmake --build "$build_dir" --parallel "$jobs" "${targets[@]}"
else
    cmake --build --preset "$preset" --parallel "$jobs" "${targets[@]}"
fi
read -r hits misses < <(ccache_counts) || true
say "build done (preset $preset) in $((SECONDS - t0)) s${hits:+; ccache: $((hits - hits_before)) hits, $((misses - misses_before)) misses}"
