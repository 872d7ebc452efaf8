#!/usr/bin/env bash
# make diff STEP=NN: what step NN changed against the step it builds on (kernel.cu, main.c, then
# any other file of the two folders, such as 16's fit.h), changes of indentation alone left out.
# A file only one of them has shows whole, and so does a header of common/kernel/ that step NN's
# kernel.cu includes and the other's does not (15's schedule.h).
# That step is the one kernel.cu's first line names ("// Step 09: step 07 fed by ..."), else NN-1.
set -u
step=${1:-}
case $step in
'' | *[!0-9]*) echo "usage: make diff STEP=NN (02..$(ls -d [0-9][0-9]_*/ | tail -n 1 | cut -c1-2))" >&2; exit 2 ;;
esac
cur=$(ls -d "$(printf '%02d' $((10#$step)))"_*/ 2>/dev/null | head -n 1)
base=$(sed -n '1s|^// Step [0-9]*: step \([0-9][0-9]\).*|\1|p' "${cur}kernel.cu" 2>/dev/null)
[ -n "$base" ] || base=$(printf '%02d' $((10#$step - 1)))
prev=$(ls -d "$base"_*/ 2>/dev/null | head -n 1)
first=$(ls -d [0-9][0-9]_*/ | head -n 1 | cut -c1-2)
if [ -n "$cur" ] && [ "${cur:0:2}" = "$first" ]; then
    echo "make diff STEP=$step: $first is the first step and builds on none: see $cur itself (make diff takes $(ls -d [0-9][0-9]_*/ | sed -n 2p | cut -c1-2)..$(ls -d [0-9][0-9]_*/ | tail -n 1 | cut -c1-2))" >&2
    exit 2
elif [ -z "$cur" ] || [ -z "$prev" ]; then
    echo "make diff STEP=$step: need both step $step and the step it builds on" >&2
    exit 2
fi
color=never
[ -t 1 ] && color=always
# -b: a loop that now wraps earlier code shows as the loop's lines, not as every line it indents.
others=$( (ls "$prev"; ls "$cur") | grep -vx 'kernel.cu\|main.c' | sort -u)
for f in kernel.cu main.c $others; do
    a=$prev$f b=$cur$f
    [ -e "$a" ] || a=/dev/null
    [ -e "$b" ] || b=/dev/null
    git --no-pager diff --no-index --ignore-space-change --color="$color" -- "$a" "$b"
done
includes() { sed -n 's/^#include "\([^"/]*\)".*/\1/p' "$1" 2>/dev/null | sort -u; }
for h in $(comm -13 <(includes "${prev}kernel.cu") <(includes "${cur}kernel.cu")); do
    [ -e "common/kernel/$h" ] && git --no-pager diff --no-index --color="$color" -- /dev/null "common/kernel/$h"
done
exit 0
