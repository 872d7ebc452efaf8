#!/usr/bin/env bash
# The README and notes/ as a reader finds them: the README within 20 KB, naming its sources (the
# articles' author and repository, the study note and the kernel it studies); a notes page for
# every step from 09 on, linked from that step's README paragraph, the pages a few KB each; every
# file a README or notes link names exists. One PASS/FAIL line per check (tests/run.sh counts them).
# Usage: tests/docs.sh STEP...   (the step folders, as make test passes them)
set -u
if [ $# -eq 0 ]; then
    echo "usage: tests/docs.sh STEP...   (make test runs it with every step)" >&2
    exit 2
fi
cd "$(dirname "$0")/.." || exit 1
check() { # CONDITION-STATUS DESCRIPTION [DETAIL]
    if [ "$1" -eq 0 ]; then echo "PASS $2"; else echo "FAIL $2${3:+: $3}"; fi
}

bytes=$(wc -c <README.md)
[ "$bytes" -le 20480 ]
check $? "README.md is $bytes bytes, at most 20480"
missing=$(for s in WingEdge777 WingEdge777/vitamin-cuda "sgemm tf32 - 超越 cuBLAS" "hgemm - 超越 cuBLAS" "SGEMM TF32 — Beating cuBLAS" \
    "HGEMM — Beating" posts/zh/ posts/en/ "study note" LeetCUDA hgemm_mma_stage_tn.cu; do
    grep -qF -- "$s" README.md || printf "'%s' " "$s"; done)
[ -z "$missing" ] && grep -q '^## Sources' README.md
check $? "README.md has a Sources section naming the articles as published (Chinese and English), their author, repository and folders, and the study note" "missing $missing"
# The abbreviations of the step names, each spelled out where the steps begin
names=$(awk '/The names:/ { p = 1 } p { printf "%s ", $0 } p && /^$/ { exit }' README.md)
undefined=$(for w in bt bcf dbf rw TN WS; do printf '%s' "$names" | grep -qE "[ :]$w( \([0-9]+\))?, " || printf '%s ' "$w"; done)
[ -n "$names" ] && [ -z "$undefined" ]
check $? "README.md spells out bt, bcf, dbf, rw, TN and WS" "not spelled out: ${undefined:-no 'The names:' sentence}"
# The table of which steps each GPU runs agrees with what each step's main.c declares
# (.arch min_sm, and max_sm where the step runs on one architecture alone): every step's, also
# where make test runs some of them (STEP=NN)
wrong=$(grep -E '^\| [A-Z].* \| [0-9]+(, [0-9]+)? \| [0-9]{2}-[0-9]{2} \|' README.md | while IFS='|' read -r _ gpu arches steps _; do
    last=
    for step in [0-9][0-9]_*; do
        read -r lo hi < <(sed -n 's/.*\.arch = {\.min_sm = \([0-9]*\), \.max_sm = \([0-9]*\).*/\1 \2/p' "$step/main.c")
        ok=1
        for a in ${arches//,/ }; do [ "$a" -ge "$lo" ] && { [ "$hi" -eq 0 ] || [ "$a" -le "$hi" ]; } || ok=0; done
        [ "$ok" = 1 ] && last=${step%%_*}
    done
    [ "$(echo $steps)" = "01-$last" ] || printf '%s: %s, not 01-%s; ' "$(echo $gpu)" "$(echo $steps)" "$last"
done)
[ "$(grep -cE '^\| [A-Z].* \| [0-9]+(, [0-9]+)? \| [0-9]{2}-[0-9]{2} \|' README.md)" -ge 4 ] && [ -z "$wrong" ]
check $? "README.md's table of GPUs gives each ARCH the steps their main.c declare for it" "$wrong"

# Each step from 09 on: its page, linked from its paragraph; each paragraph at most about 120 words
for step in "$@"; do
    n=$((10#${step%%_*}))
    [ "$n" -ge 9 ] || continue
    page=notes/$step.md
    size=$( [ -f "$page" ] && wc -c <"$page" || echo 0)
    [ "$size" -ge 1000 ] && [ "$size" -le 12000 ]
    check $? "$page exists, a few KB ($size bytes)"
    para=$(awk -v s="**$step**" 'index($0, "- " s) == 1 { p = 1 } p && /^$|^- \*\*/ && index($0, s) == 0 { exit } p' README.md)
    words=$(printf '%s\n' "$para" | wc -w)
    printf '%s' "$para" | grep -qF "($page)" && [ "$words" -le 130 ]
    check $? "the README's paragraph on $step links $page, in $words words (at most about 120)"
done
# Every file of common/ that a kernel's or driver's comment, the README or a notes page names,
# and every .md file they name (but NN_name.md, the pattern), is in the tree (files move: 01-04
# once named common/swizzle.h).
files=$(git ls-files 2>/dev/null || find . -type f | sed 's|^\./||')
stale=$(grep -ohE 'common/[A-Za-z0-9_/.-]+\.(h|c|cu|cuh|sh|py)\b' [0-9][0-9]_*/kernel.cu [0-9][0-9]_*/main.c README.md notes/*.md |
    sort -u | while read -r f; do [ -e "$f" ] || printf '%s ' "$f"; done)
stale=$stale$(grep -ohE '\b[A-Za-z0-9_-]+\.md\b' README.md notes/*.md | grep -v '^NN_' | sort -u |
    while read -r f; do printf '%s\n' "$files" | grep -qE "(^|/)$f\$" || printf '%s ' "$f"; done)
[ -z "$stale" ]
check $? "every common/ file and .md page the comments, README and notes name exists" "missing: $stale"
# Words only this project's own tools know: a reader has no "device tool" and no issue tracker.
insider=$(grep -nE "device tool|[Ii]ssue [0-9]+" README.md notes/*.md | head -n 3)
[ -z "$insider" ]
check $? "README.md and notes/ name GPUs and rules, not the device tool or issue numbers" "$insider"
total=$(cat notes/*.md | wc -c)
[ "$total" -le 80000 ]
check $? "notes/ holds $total bytes, about 60 KB at most"

# Every relative link of the README and notes/ names a file that exists
broken=$(for f in README.md notes/*.md; do
    grep -o '](\([^)#]*\))' "$f" | sed 's/^](//; s/)$//' | grep -v '^https\?://' | while read -r target; do
        [ -e "$(dirname "$f")/$target" ] || printf '%s -> %s ' "$f" "$target"
    done
done)
[ -z "$broken" ]
check $? "every relative link in README.md and notes/ names a file that exists" "$broken"
