#!/usr/bin/env bash
# The README quotes no figure it cannot back. A measured figure -- a decimal number (757.60,
# 1.004), a number with thousands separators (402,653,184) or a duration (2m 46s) -- may stand in
# the README only inside a block
#   <!-- figures: FILE [FILE...] -->  ...  <!-- /figures -->
# whose files hold it (as written, or without its separators), or in the ladder block that
# make results writes (checked by readme_ladder.sh). Outside them, a ratio (1.03x), a percentage,
# a figure with a unit of time, rate or clock, a separated number or a duration fails the check.
# Then the check is shown to fail: on a copy with one quoted figure changed, and on one with a
# ratio added to the prose. One PASS/FAIL line each (tests/run.sh counts them).
# Usage: tests/readme_figures.sh README.md
set -u
if [ $# -ne 1 ]; then
    echo "usage: tests/readme_figures.sh README.md" >&2
    exit 2
fi
readme=$1

# check FILE: the problems of FILE, one a line (nothing when it is sound)
check() {
    awk '
        function tokens(line, out,    n, t) { # the figures of a line, space-separated
            n = 0
            while (match(line, /[0-9]+m [0-9][0-9]s|[0-9][0-9]?[0-9]?(,[0-9][0-9][0-9])+|[0-9]+\.[0-9]+/)) {
                t = substr(line, RSTART, RLENGTH); out[++n] = t
                line = substr(line, RSTART + RLENGTH)
            }
            return n
        }
        /^<!-- figures: .* -->$/ { files = $0; sub(/^<!-- figures: /, "", files); sub(/ -->$/, "", files); inblock = 1; next }
        /^<!-- \/figures -->$/ { inblock = 0; next }
        /^<!-- ladder: .* -->$/ { inladder = 1; next }
        /^<!-- \/ladder -->$/ { inladder = 0; next }
        /^```/ && !inblock { fence = !fence; next }
        inladder || (fence && !inblock) { next }
        inblock {
            n = tokens($0, t)
            for (i = 1; i <= n; i++) print files "\t" t[i]
            next
        }
        {
            line = $0
            while (match(line, /[0-9]+(\.[0-9]+)?x[^0-9a-z]|[0-9]+(\.[0-9]+)? ?%|[0-9]+(\.[0-9]+)? ?(TFLOPS|ms|µs|us|GB\/s|TB\/s|MHz|W)[^a-zA-Z]|[0-9][0-9]?[0-9]?(,[0-9][0-9][0-9])+|[0-9]+m [0-9][0-9]s/)) {
                print "PROSE\t" NR ": " substr(line, RSTART, RLENGTH)
                line = substr(line, RSTART + RLENGTH)
            }
        }' "$1" |
        while IFS=$'\t' read -r files figure; do
            if [ "$files" = PROSE ]; then
                echo "a figure outside any figures block, line $figure"
                continue
            fi
            found=
            for f in $files; do
                [ -f "$f" ] || { echo "figures block names $f, which does not exist"; found=1; break; }
                if grep -qF -- "$figure" "$f" || grep -qF -- "${figure//,/}" "$f"; then found=1; break; fi
            done
            [ -n "$found" ] || echo "$figure is in none of: $files"
        done
}

problems=$(check "$readme")
if [ -z "$problems" ]; then
    echo "PASS every figure the README quotes is in the file its block names, and none stands outside a block"
else
    echo "FAIL the README quotes figures it cannot back: $(printf '%s\n' "$problems" | head -n 5 | tr '\n' ';')"
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# one figure inside a block made wrong: its last digit moved on by one
awk '/^<!-- figures: / { inb = 1 } /^<!-- \/figures -->$/ { inb = 0 }
     inb && !done && match($0, /[0-9]+\.[0-9]+/) {
         d = substr($0, RSTART + RLENGTH - 1, 1); $0 = substr($0, 1, RSTART + RLENGTH - 2) ((d + 1) % 10) substr($0, RSTART + RLENGTH); done = 1 }
     { print }' "$readme" >"$tmp"
if [ -n "$(check "$tmp")" ] && ! cmp -s "$tmp" "$readme"; then
    echo "PASS the check fails when a quoted figure differs from its file"
else
    echo "FAIL the check missed a quoted figure changed in a copy of the README"
fi
{ cat "$readme"; echo; echo "The last step is 1.05x cuBLAS at 8192³."; } >"$tmp"
if [ -n "$(check "$tmp")" ]; then
    echo "PASS the check fails on a ratio in the prose, outside any figures block"
else
    echo "FAIL the check let a ratio stand in the prose"
fi
