#!/usr/bin/env bash
# The README's ladder table is a copy of a results/<gpu>/ladder.md, between the markers
#   <!-- ladder: results/<gpu>/ladder.md -->  and  <!-- /ladder -->
# (the ladder.md without its title line). --write LADDER README puts LADDER there (make
# results); --check README compares the block with the file its marker names (make test):
# exit 1 and the first differing lines when they differ.
# Usage: common/scripts/readme_ladder.sh --write LADDER.md README.md | --check README.md
set -u
block() { tail -n +3 "$1"; } # ladder.md less its '# Ladder on ...' title and the blank line

case ${1:-} in
--write)
    ladder=$2 readme=$3
    [ -f "$ladder" ] || { echo "readme_ladder: $ladder not found" >&2; exit 2; }
    grep -q '^<!-- ladder: .* -->$' "$readme" && grep -q '^<!-- /ladder -->$' "$readme" ||
        { echo "readme_ladder: $readme has no '<!-- ladder: FILE -->' ... '<!-- /ladder -->' markers" >&2; exit 2; }
    tmp=$(mktemp)
    awk -v src="$ladder" '
        /^<!-- ladder: .* -->$/ { print "<!-- ladder: " src " -->"; while ((getline line < src) > 0) if (++n > 2) print line; skip = 1; next }
        /^<!-- \/ladder -->$/ { skip = 0 }
        !skip' "$readme" >"$tmp" && mv "$tmp" "$readme"
    echo "wrote the ladder block of $readme from $ladder"
    ;;
--check)
    readme=$2
    src=$(sed -n 's/^<!-- ladder: \(.*\) -->$/\1/p' "$readme" | head -n 1)
    [ -n "$src" ] || { echo "FAIL $readme has no '<!-- ladder: FILE -->' marker"; exit 1; }
    [ -f "$src" ] || { echo "FAIL $readme's ladder block names $src, which does not exist"; exit 1; }
    if diff <(block "$src") <(sed -n '/^<!-- ladder: .* -->$/,/^<!-- \/ladder -->$/p' "$readme" | sed '1d;$d') >/dev/null; then
        echo "PASS the README's ladder block is $src"
    else
        echo "FAIL the README's ladder block differs from $src (make results rewrites it):"
        diff <(block "$src") <(sed -n '/^<!-- ladder: .* -->$/,/^<!-- \/ladder -->$/p' "$readme" | sed '1d;$d') | head -n 6 | sed 's/^/    /'
        exit 1
    fi
    ;;
*)
    echo "usage: common/scripts/readme_ladder.sh --write LADDER.md README.md | --check README.md" >&2
    exit 2
    ;;
esac
