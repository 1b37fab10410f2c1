#!/bin/bash
# Writes the bash completion of curation-cli from its own help:
#
#   generate.sh CURATION-CLI TEMPLATE OUTPUT
#
# Commands and sub-commands come from `CURATION-CLI --help` (the lines under
# "Commands:"), options from `CURATION-CLI COMMAND [SUB] --help` (the lines
# under "Options:"), global options from the lines under "Global options:".
set -euo pipefail
[ $# = 3 ] || { echo "usage: $0 CURATION-CLI TEMPLATE OUTPUT" >&2; exit 2; }
cli=$1 template=$2 output=$3

# The lines of SECTION in a help text, up to the blank line: the section
# starts at a line that begins with SECTION and ends with a colon
# ("Commands:", "Global options (anywhere on the line):").
section() { awk -v s="$1" '!on && index($0, s) == 1 && /:$/ { on = 1; next } on && /^$/ { exit } on'; }

# "--opt" for each option line, and "--opt=VALUE" for those taking a value:
# prints two lines, the options and the valued options.
options_of() {
    local help=$1
    printf '%s\n' "$help" | awk '
        /^ +(-[^ ,]+, )?--[a-z]/ {
            sub(/^ +(-[^ ,]+, )?/, "")
            name = $1
            if (name ~ /=/) { split(name, p, "="); name = p[1]; value = p[2] }
            else if ($2 ~ /^<.*>$/ || $2 ~ /^[A-Z][A-Z_|-]*$/) value = $2
            else value = ""
            gsub(/[<>]/, "", value)
            options = options (options ? " " : "") name
            if (value != "") valued = valued (valued ? " " : "") name "=" value
        }
        END { print options; print valued }'
}

top=$("$cli" --help)
commands=$(printf '%s\n' "$top" | section Commands | awk '/^  [a-z]/ { print $1 }' | sort -u)
[ -n "$commands" ] || { echo "$0: no commands found in '$cli --help'" >&2; exit 1; }
mapfile -t global < <(options_of "$(printf '%s\n' "$top" | section 'Global options')")

# Sub-commands: a usage's second word in lower case, one space after the
# command (export queue, review approve|reject|return); the summary column
# starts after several.
subwords_of() {
    printf '%s\n' "$top" | section Commands |
        sed -nE "s/^  $1 ([a-z][a-z|-]*)( .*)?\$/\\1/p" | tr '|' '\n' | sort -u | xargs
}

var() { local v=${1// /_}; printf '%s' "${v//-/_}"; }
{
    printf '_curation_cli_commands=%q\n' "$(echo $commands)"
    printf '_curation_cli_global_options=%q\n' "${global[0]}"
    printf '_curation_cli_global_valued=%q\n' "${global[1]}"
    printf '_curation_cli_subwords() {\n    case $1 in\n'
    for command in $commands; do
        subs=$(subwords_of "$command")
        [ -z "$subs" ] || printf '        %s) echo %q ;;\n' "$command" "$subs"
    done
    printf '    esac\n}\n'
    for command in $commands; do
        # Each command's options, and each sub-command's where they differ.
        base=$("$cli" "$command" --help | section Options)
        keys=("$command")
        for sub in $(subwords_of "$command"); do
            [ "$("$cli" "$command" "$sub" --help | section Options)" = "$base" ] ||
                keys+=("$command $sub")
        done
        for key in "${keys[@]}"; do
            # shellcheck disable=SC2086 # the key's words are the arguments
            mapfile -t opts < <(options_of "$("$cli" $key --help | section Options)")
            printf '_curation_cli_options_%s=%q\n' "$(var "$key")" "${opts[0]}"
            printf '_curation_cli_valued_%s=%q\n' "$(var "$key")" "${opts[1]}"
        done
    done
} >"$output.data"

# The template with the generated lines in place of its "# @GENERATED@" line.
awk -v data="$output.data" '
    $0 == "# @GENERATED@" { while ((getline line < data) > 0) print line; next }
    { print }' "$template" >"$output.tmp"
rm -f "$output.data"
mv "$output.tmp" "$output"
