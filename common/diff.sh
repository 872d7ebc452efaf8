#!/usr/bin/env bash
# make diff STEP=NN: what step NN changed against step NN-1 (kernel.cu, then main.c).
set -u
step=${1:-}
case $step in
'' | *[!0-9]*) echo "usage: make diff STEP=NN (02..$(ls -d [0-9][0-9]_*/ | tail -n 1 | cut -c1-2))" >&2; exit 2 ;;
esac
cur=$(ls -d "$(printf '%02d' $((10#$step)))"_*/ 2>/dev/null | head -n 1)
prev=$(ls -d "$(printf '%02d' $((10#$step - 1)))"_*/ 2>/dev/null | head -n 1)
if [ -z "$cur" ] || [ -z "$prev" ]; then
    echo "make diff STEP=$step: need both step $step and the step before it" >&2
    exit 2
fi
color=never
[ -t 1 ] && color=always
for f in kernel.cu main.c; do
    git --no-pager diff --no-index --color="$color" -- "$prev$f" "$cur$f"
done
exit 0
