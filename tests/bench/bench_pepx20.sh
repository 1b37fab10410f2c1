#!/bin/bash
# Import + project of real documents (issue #16): the PEP memory copied N
# times (default 20: 14,720 files, ~19 KB bodies, ~300 MB), each copy's ids
# made distinct (DEC-547 -> DEC-30547 in copy 3), into a fresh database;
# prints wall time, events/s and peak RSS of each step, then of a rebuild,
# with the load average. Target: import + project <= 10 s together.
# Beside it, the floors: the sqlite3 shell indexing the same files in a bare
# FTS5 table (our tokenizer and hash size, one transaction, merged to one
# segment), once storing the text as an ordinary FTS5 table does and once
# contentless, which is the index build alone as projection_fts (external
# content) does it, without import or projection.
#
#   tests/bench/bench_pepx20.sh CURATION_CLI [PEP_MEMORY_DIR] [COPIES] [WORKDIR]
set -euo pipefail
cli=${1:?usage: bench_pepx20.sh CURATION_CLI [PEP_MEMORY_DIR] [COPIES] [WORKDIR]}
pep=${2:-$(dirname "$0")/../../../shared/corpus/pep-memory}
[ -d "$pep" ] || { echo "bench_pepx20.sh: PEP memory not found at $pep (give PEP_MEMORY_DIR)" >&2; exit 2; }
copies=${3:-20}
work=${4:-$(mktemp -d)}
tree=$work/pep-x$copies
db=$work/pep-x$copies.db

if [ ! -d "$tree" ]; then
    mkdir -p "$tree"
    for ((k = 1; k <= copies; k++)); do
        (cd "$pep" && find . -type f -name '*.md') | while read -r file; do
            base=$(basename "$file" .md)          # DEC-547
            num=${base#DEC-}
            id="DEC-$((k * 10000 + 10#$num))"
            dir="$tree/$(dirname "$file")"
            mkdir -p "$dir"
            sed "s/^id: $base\$/id: $id/" "$pep/$file" > "$dir/$id.md"
        done
    done
fi
files=$(find "$tree" -type f -name '*.md' | wc -l)
bytes=$(du -sb "$tree" | cut -f1)
echo "tree $tree: $files files, $((bytes / 1000000)) MB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$db" "$db-wal" "$db-shm"

step() {
    local name=$1; shift
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" > "$work/out" 2>&1 || { cat "$work/out"; exit 1; }
    end=$(date +%s.%N)
    printf '%-14s %7.2f s  peak RSS %5d MB  (%s)\n' "$name" "$(echo "$end - $start" | bc)" \
        "$(( $(cat "$work/rss") / 1024 ))" "$(tail -1 "$work/out" | cut -c1-110)"
    echo "$end - $start" | bc > "$work/$name.s"
}
step import-memory "$cli" --db "$db" import-memory "$tree"
step project "$cli" --db "$db" project
total=$(echo "$(cat "$work/import-memory.s") + $(cat "$work/project.s")" | bc)
printf 'import + project: %.2f s for %d files: %.0f files/s (target <= 10 s)\n' "$total" "$files" \
    "$(echo "$files / $total" | bc -l)"
if command -v sqlite3 > /dev/null; then
    floor=$work/fts-floor.db
    for content in stored none; do
        options=
        [ "$content" = none ] && options=", content=''"
        rm -f "$floor" "$floor-wal" "$floor-shm"
        step "fts5-$content" sqlite3 "$floor" "PRAGMA journal_mode=WAL;
            CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 2'$options);
            INSERT INTO t(t, rank) VALUES('hashsize', 16777216);
            BEGIN; INSERT INTO t(rowid, body) SELECT rowid, data FROM fsdir('$tree') WHERE name LIKE '%.md'; COMMIT;
            INSERT INTO t(t) VALUES('optimize'); SELECT 'indexed ' || count(*) || ' files' FROM t_docsize;"
    done
    rm -f "$floor" "$floor-wal" "$floor-shm"
    printf 'import + project / bare FTS5 index of the same files: %.2fx text stored, %.2fx contentless\n' \
        "$(echo "$total / $(cat "$work/fts5-stored.s")" | bc -l)" \
        "$(echo "$total / $(cat "$work/fts5-none.s")" | bc -l)"
else
    echo "fts5 floors: skipped (no sqlite3 shell)"
fi
step rebuild "$cli" --db "$db" rebuild
echo "database $((($(stat -c %s "$db")) / 1000000)) MB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
