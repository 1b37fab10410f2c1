#!/bin/bash
# Writes a help2man include with a COMMANDS section for curation-cli's man
# page: each command's usage, summary, options and arguments, taken from
# `curation-cli --help` and `curation-cli COMMAND --help`.
#
#   commands-section.sh CURATION-CLI OUTPUT
set -euo pipefail
[ $# = 2 ] || { echo "usage: $0 CURATION-CLI OUTPUT" >&2; exit 2; }
cli=$1 output=$2

# roff-safe text: backslashes, and a leading dot or quote.
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
section() { awk -v s="$1" '!on && index($0, s) == 1 && /:$/ { on = 1; next } on && /^$/ { exit } on'; }

# "  --opt <V>  Text" + indented continuation lines -> .TP entries (not
# --help, which every command has).
entries() {
    awk '
        function flush() {
            if (term != "" && term !~ /--help$/) { gsub(/-/, "\\-", term); print ".TP\n.B " term "\n" text }
        }
        /^  [^ ]/ {
            flush()
            line = substr($0, 3)
            split(line, parts, /   */)
            term = parts[1]; text = substr(line, length(parts[1]) + 1)
            sub(/^ +/, "", text)
            next
        }
        /^ +[^ ]/ { t = $0; sub(/^ +/, "", t); text = text (text ? " " : "") t }
        END { flush() }'
}

top=$("$cli" --help)
commands=$(printf '%s\n' "$top" | section Commands | awk '/^  [a-z]/ { print $1 }' | awk '!seen[$0]++')
{
    echo '[COMMANDS]'
    for command in $commands; do
        help=$("$cli" "$command" --help)
        usage=$(printf '%s\n' "$help" | sed -n 's/^Usage: curation-cli \[global options\] //p' | head -n 1)
        summary=$(printf '%s\n' "$top" | section Commands |
            awk -v c="$command" '$1 == c { sub(/^  /, ""); print; exit }')
        # The summary is what follows the usage on the command's line.
        summary=${summary#"$usage"}
        summary=${summary#"${summary%%[! ]*}"}
        printf '.SS "%s"\n' "$(printf '%s' "${usage:-$command}" | roff | sed 's/"/\\(dq/g')"
        printf '%s\n' "$summary" | roff
        printf '%s\n' "$help" | section Options | roff | entries
        printf '%s\n' "$help" | section Arguments | roff | entries
    done
} >"$output"
