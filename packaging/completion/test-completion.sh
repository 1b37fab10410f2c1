#!/bin/bash
# The bash completion against the program's own help: every command that
# `curation-cli --help` lists, exactly the long options each
# `curation-cli COMMAND --help` lists, sub-commands, option values, and the
# global options before the command.
#
#   test-completion.sh CURATION-CLI COMPLETION-SCRIPT
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 CURATION-CLI COMPLETION-SCRIPT" >&2; exit 2; }
cli=$1
# shellcheck disable=SC1090
source "$2" || { echo "FAIL: cannot source $2"; exit 1; }

failed=0 passed=0
# What the completion offers for the words given, the last being the one
# under the cursor: sorted, one line.
complete_words() {
    COMP_WORDS=(curation-cli "$@")
    COMP_CWORD=$#
    COMPREPLY=()
    _curation_cli 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort -u | xargs
}
expect() { # DESCRIPTION EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL: %s\n  expected: %s\n  offered:  %s\n' "$1" "$2" "$3"
    fi
}
# The lines of a help section, up to the blank line after it.
section() { sed -n "/^$1.*:\$/,/^\$/p"; }
long_options() { grep -oE '^ +(-[^ ,]+, )?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*$' | sort -u | xargs; }

commands=$("$cli" --help | section Commands | grep -oE '^  [a-z][a-z-]*' | sort -u | xargs)
[ -n "$commands" ] || { echo "FAIL: no commands in '$cli --help'"; exit 1; }
expect "commands offered = commands in --help" "$commands" "$(complete_words '')"
expect "global options before the command" \
    "$("$cli" --help | section 'Global options' | long_options)" "$(complete_words --)"
first=${commands%% *}
expect "a command after --db PATH" "$first" "$(complete_words --db some.db "$first")"
expect "a command after --as PRINCIPAL --json" "$first" "$(complete_words --as ana --json "$first")"

for command in $commands; do
    expect "options of '$command' = its --help" \
        "$("$cli" "$command" --help | section Options | long_options)" \
        "$(complete_words "$command" --)"
done

# Sub-commands and choices, where the help names them.
if [[ " $commands " == *" review "* ]]; then
    expect "review's decisions" "approve reject return" "$(complete_words review '')"
fi
if [[ " $commands " == *" export "* ]]; then
    expect "export queue is offered" queue "$(complete_words export q)"
    expect "export's sub-commands" "memory queue" "$(complete_words export '')"
    expect "options of 'export queue' = its --help" \
        "$("$cli" export queue --help | section Options | long_options)" \
        "$(complete_words export queue --)"
fi
if "$cli" memory-search --help | grep -q -- '--mode <A|B|C>'; then
    expect "memory-search --mode's values" "A B C" "$(complete_words memory-search --mode '')"
fi

# Files where the help names a file or a path.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
touch "$scratch/cases.jsonl"
expect "--db completes a file" "$scratch/cases.jsonl" "$(complete_words --db "$scratch/c")"
expect "ingest's argument completes a file" "$scratch/cases.jsonl" \
    "$(complete_words --db x.db ingest "$scratch/ca")"

if [[ " $(_curation_cli_subwords export) " == *" memory "* ]]; then
    mkdir "$scratch/memory-out"
    expect "export memory's argument completes a folder, not a file" "$scratch/memory-out" \
        "$(complete_words export memory "$scratch/")"
fi

printf 'completion: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" = 0 ]
