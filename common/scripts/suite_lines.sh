#!/usr/bin/env bash
# The shapes of a suite file, "M N K" a line on stdout, for make shapes and make calibrate. Every
# line must be blank, a comment (# to the end of the line) or three decimal integers; a line
# that is not, or that ends in a carriage return (CRLF), is named with its line number on
# stderr, and a file with no shape is said so: exit 2 either way, before any GPU is asked for.
# Usage: common/scripts/suite_lines.sh FILE
set -u
if [ $# -ne 1 ]; then
    echo "usage: common/scripts/suite_lines.sh FILE   (the shapes of a suite, or its bad lines and exit 2)" >&2
    exit 2
fi
[ -f "$1" ] || { echo "$1: no such suite file (a file of 'M N K' lines, or SUITE=random)" >&2; exit 2; }
awk -v f="$1" '
    /\r/ { printf "%s:%d: ends in a carriage return (CRLF): save the suite with plain LF line ends\n", f, NR > "/dev/stderr"; bad = 1; next }
    { line = $0; sub(/#.*/, "", line); n = split(line, x, " ") }
    n == 0 { next }
    n != 3 || x[1] !~ /^[0-9]+$/ || x[2] !~ /^[0-9]+$/ || x[3] !~ /^[0-9]+$/ {
        printf "%s:%d: \"%s\" is not three integers M N K\n", f, NR, line > "/dev/stderr"; bad = 1; next }
    { print x[1], x[2], x[3]; shapes++ }
    END {
        if (!bad && !shapes) printf "%s: lists no \"M N K\" line\n", f > "/dev/stderr"
        exit bad || !shapes ? 2 : 0
    }' "$1"
