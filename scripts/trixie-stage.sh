#!/usr/bin/env bash
# The Debian 13 stage: builds with the `ci` preset and runs every test inside a
# Debian trixie chroot (Qt 6.8, KF6SyntaxHighlighting), and fails unless CMake
# found KF6SyntaxHighlighting there.
#
#   scripts/trixie-stage.sh             make the chroot if needed, build, test
#   scripts/trixie-stage.sh --prepare   only make the chroot (scripts/test.sh --all
#                                       runs this in the background while the
#                                       other stages build, so the chroot is
#                                       ready when this stage comes)
#
# The chroot is made once with debootstrap and kept outside the clone, in
# $CW_CHROOT_CACHE (default /var/cache/curation-workbench), named after a hash
# of its package list so that a changed list makes a new one. It is built in a
# temporary folder and renamed into place only when complete, so a run that is
# killed half-way never leaves a chroot that later runs trust.
# The clone and ../shared are bind-mounted at their own paths inside; the build
# goes to build/<suite> (build/trixie). Needs root (re-runs itself with sudo).
#
# Environment: CW_CHROOT_SUITE (default trixie), CW_CHROOT_CACHE,
# CW_DEBIAN_MIRROR (default: the Debian mirror of this machine's apt sources),
# CW_JOBS (default 2).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self="$root/scripts/$(basename "${BASH_SOURCE[0]}")"
suite=${CW_CHROOT_SUITE:-trixie}
cache=${CW_CHROOT_CACHE:-/var/cache/curation-workbench}
build_rel="build/$suite"
prepare=0
case "${1:-}" in
    --prepare) prepare=1 ;;
    "") ;;
    *) printf 'usage: %s [--prepare]\n' "$0" >&2; exit 2 ;;
esac
layout=1 # bump to force new chroots when the way they are made changes

say() { printf '%s-stage: %s\n' "$suite" "$*" >&2; }
die() { say "error: $*"; exit 1; }

if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "needs root (debootstrap, chroot, mount)"
    exec sudo --preserve-env=CI,CW_CHROOT_SUITE,CW_CHROOT_CACHE,CW_DEBIAN_MIRROR,CW_JOBS,http_proxy,https_proxy "$self" "$@"
fi

# Run in a private mount namespace: whatever happens to this process, its
# mounts die with it and never show up on the host. The trap below unmounts
# as well, for systems without unshare.
if [ -z "${CW_IN_MOUNT_NS:-}" ] && command -v unshare >/dev/null 2>&1 &&
    unshare --mount --propagation private true 2>/dev/null; then
    CW_IN_MOUNT_NS=1 exec unshare --mount --propagation private "$self" "$@"
fi

mounted=()
tmp_chroot=''
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null ||
            say "warning: could not unmount ${mounted[i]}"
    done
    mounted=()
    if [ -n "$tmp_chroot" ] && [ -d "$tmp_chroot" ]; then
        remove_tree "$tmp_chroot" || true
        rm -f "$tmp_chroot.log"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

do_mount() { # do_mount TARGET MOUNT-ARGS...
    local target=$1
    shift
    mkdir -p "$target"
    mount "$@" "$target"
    mounted+=("$target")
}
unmount_all() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[i]}"; done
    mounted=()
}

# Refuses to delete a tree that still has anything mounted below it (a bind
# mount of the clone would otherwise be deleted with it).
remove_tree() {
    local dir=$1
    if awk -v d="$dir/" 'index($5 "/", d) == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo; then
        say "warning: something is still mounted under $dir; leaving it alone"
        return 1
    fi
    rm -rf --one-file-system "$dir"
}

# The Debian mirror of this machine's apt sources (one-line and deb822
# formats), as the plain URL debootstrap wants.
host_mirror() {
    local suites='^(buster|bullseye|bookworm|trixie|forky|duke|sid|oldstable|stable|testing|unstable)$'
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -r "$f" ] || continue
        sed -E -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" |
            awk -v re="$suites" '$1 == "deb" && $3 ~ re && $2 ~ /^https?:\/\// { print $2; exit }'
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        sed -e '/^[[:space:]]*#/d' -e 's/#.*//' "$f" | awk -v re="$suites" '
            function flush(   i, n, s, u, ok) {
                if (done) return
                if ((" " types " ") ~ /[ \t]deb[ \t]/ && enabled !~ /^[ \t]*no/) {
                    n = split(suites, s, /[ \t]+/); ok = 0
                    for (i = 1; i <= n; i++) if (s[i] ~ re) ok = 1
                    split(uris, u, /[ \t]+/)
                    if (ok && u[1] ~ /^https?:\/\//) { print u[1]; done = 1; exit }
                }
                types = uris = suites = enabled = ""
            }
            /^[ \t]*$/ { flush(); next }
            tolower($1) == "types:"   { $1 = ""; types = $0 }
            tolower($1) == "uris:"    { $1 = ""; sub(/^[ \t]+/, ""); uris = $0 }
            tolower($1) == "suites:"  { $1 = ""; suites = $0 }
            tolower($1) == "enabled:" { $1 = ""; enabled = $0 }
            END { flush() }'
    done
}

start=$SECONDS
mirror=${CW_DEBIAN_MIRROR:-$(host_mirror | head -n 1)}
mirror=${mirror:-http://deb.debian.org/debian}
mirror=${mirror%/}

# A proxy that apt uses here is one that debootstrap and the chroot need too.
apt_proxy=''
eval "$(apt-config shell apt_proxy Acquire::http::Proxy 2>/dev/null || true)"
if [ -n "$apt_proxy" ] && [ -z "${http_proxy:-}" ]; then export http_proxy=$apt_proxy; fi

if ! command -v debootstrap >/dev/null 2>&1; then
    say "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600 update
    DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600 install --no-install-recommends debootstrap
fi

mapfile -t packages < <("$root/scripts/setup.sh" --list-packages "$suite")
[ ${#packages[@]} -gt 0 ] || die "no package list for $suite"
key=$(printf '%s\n' "layout=$layout" "$suite" "${packages[@]}" | sha256sum | cut -c1-12)
chroot_dir="$cache/$suite-$key"
stamp=.curation-workbench-complete

mkdir -p "$cache"
exec 9>"$cache/.lock"

create_chroot() {
    local t0=$SECONDS
    tmp_chroot=$(mktemp -d "$cache/.$suite-$key.tmp.XXXXXX")
    chmod 755 "$tmp_chroot"
    say "creating the chroot from $mirror (debootstrap $suite)"
    if ! debootstrap --variant=minbase --components=main --include=ca-certificates \
        "$suite" "$tmp_chroot" "$mirror" >"$tmp_chroot.log" 2>&1; then
        tail -n 30 "$tmp_chroot.log" >&2
        rm -f "$tmp_chroot.log"
        die "debootstrap failed"
    fi
    rm -f "$tmp_chroot.log"
    say "debootstrap done in $((SECONDS - t0)) s; installing ${#packages[@]} packages"
    t0=$SECONDS
    cp -L /etc/resolv.conf "$tmp_chroot/etc/resolv.conf" 2>/dev/null || true
    printf '#!/bin/sh\nexit 101\n' >"$tmp_chroot/usr/sbin/policy-rc.d"
    chmod 755 "$tmp_chroot/usr/sbin/policy-rc.d"
    if [ -n "${http_proxy:-}" ]; then
        printf 'Acquire::http::Proxy "%s";\n' "$http_proxy" >"$tmp_chroot/etc/apt/apt.conf.d/01proxy"
    fi
    do_mount "$tmp_chroot/proc" -t proc proc
    do_mount "$tmp_chroot/dev" --bind /dev
    # The packages go in the way they do on a new machine: scripts/setup.sh.
    cp "$root/scripts/setup.sh" "$tmp_chroot/root/setup.sh"
    chroot "$tmp_chroot" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 ${http_proxy:+http_proxy=$http_proxy} \
        sh -c 'bash /root/setup.sh --install-only && apt-get clean' \
        >"$tmp_chroot/root/packages.log" 2>&1 ||
        { tail -n 30 "$tmp_chroot/root/packages.log" >&2; die "installing the packages failed"; }
    rm -f "$tmp_chroot/root/setup.sh"
    unmount_all
    say "packages done in $((SECONDS - t0)) s"
    date -u +%FT%TZ >"$tmp_chroot/$stamp"
    mv -T "$tmp_chroot" "$chroot_dir"
    tmp_chroot=''
}

if [ ! -f "$chroot_dir/$stamp" ]; then
    flock -w 1800 -x 9 || die "another run held $cache/.lock for 30 minutes"
    if [ ! -f "$chroot_dir/$stamp" ]; then
        # Leftovers: half-made chroots of killed runs, a chroot of an older
        # package list, a directory without its completion stamp.
        for old in "$cache/.$suite-"*.tmp.* "$cache/$suite-"*; do
            [ -e "$old" ] || continue
            say "removing $old"
            remove_tree "$old" || true
            rm -f "$old.log"
        done
        create_chroot
    fi
fi
flock -s 9 # shared while in use: no other run deletes it meanwhile
say "chroot $chroot_dir ready after $((SECONDS - start)) s"
[ "$prepare" = 0 ] || exit 0

# The clone and ../shared at the same paths inside, so that CW_PEP_CORPUS and
# every path in build/<suite> mean the same thing inside and out.
do_mount "$chroot_dir/proc" -t proc proc
do_mount "$chroot_dir/dev" --bind /dev
# /dev/pts is a mount of its own: without it no pseudo-terminal opens inside
# (cli/tst_clierrors drives the CLI on one).
[ ! -d /dev/pts ] || do_mount "$chroot_dir/dev/pts" --bind /dev/pts
do_mount "$chroot_dir$root" --bind "$root"
shared=$(cd "$root/.." && pwd)/shared
if [ -d "$shared" ]; then
    do_mount "$chroot_dir$shared" --bind "$shared"
    mount -o remount,bind,ro "$chroot_dir$shared"
fi

# ccache keys on paths relative to the checkout and not on the working
# folder (as scripts/setup.sh sets for its own builds): every CI run is a
# clone at a new path, and without these each one compiled everything anew.
in_chroot() {
    chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 TERM=dumb CI="${CI:-}" CW_JOBS="${CW_JOBS:-2}" QT_QPA_PLATFORM=offscreen \
        CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true \
        bash -c 'cd "$1" && shift && "$@"' bash "$root" "$@"
}

t0=$SECONDS
log="$root/$build_rel-configure.log"
mkdir -p "$root/build"
say "configuring (preset ci, $build_rel)"
in_chroot scripts/setup.sh --no-build --build-dir "$build_rel" ci 2>&1 | tee "$log" ||
    die "configure failed (log: $log)"

# The point of this stage: Debian 13 has KF6SyntaxHighlighting, and the build
# must use it. (Debian 12 has no KF6; CW_CHROOT_SUITE=bookworm serves to check
# the Debian 12 package list on a fresh system.)
if [ "$suite" = bookworm ]; then
    say "Debian 12 has no KF6: KF6SyntaxHighlighting not required"
else
    enabled=$(awk '/The following features have been enabled:/ { on = 1; next }
                   /The following/ { on = 0 } on' "$log")
    if ! grep -q '^ \* Syntax highlighting' <<<"$enabled" ||
        grep -q '^KF6SyntaxHighlighting_DIR:PATH=.*NOTFOUND' "$root/$build_rel/CMakeCache.txt"; then
        die "CMake did not find KF6SyntaxHighlighting on $suite (feature 'Syntax highlighting' not enabled)"
    fi
    say "KF6SyntaxHighlighting found: feature 'Syntax highlighting' enabled"
fi

say "building"
in_chroot cmake --build "$build_rel" --parallel "${CW_JOBS:-2}"
say "configure + build done in $((SECONDS - t0)) s"

t0=$SECONDS
say "running the tests (offscreen)"
set +e
in_chroot ctest --test-dir "$build_rel" --output-on-failure --parallel "${CW_JOBS:-2}"
rc=$?
set -e
say "tests done in $((SECONDS - t0)) s; stage took $((SECONDS - start)) s"
exit "$rc"
