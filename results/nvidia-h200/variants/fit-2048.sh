#!/usr/bin/env bash
# 16's fits at 2048³: the rule's (--tile 0) against 128 x 256 pairs (1), 128 x 256 alone (2),
# 128 x 128 alone (9) and 128 x 192 alone (11); then the twins' ring depth at 64 x 7168 x 2048
# (--stages 2, 3, 4). bf16, three rounds, one process a row (ab-common.sh's row).
# Run from the repository root on the H200: bash results/nvidia-h200/variants/fit-2048.sh build90
source "$(dirname "$0")/ab-common.sh" "$@"
B16=$B/16_hgemm_small_m
for t in 0 1 2 9 11; do
    echo "tile $t: $("$B16" --size 2048 --tile $t --info | tail -n +2 | tr '\n' ' ')"
done
for r in 1 2 3; do
    log "round $r"
    for t in 0 1 2 9 11; do echo "2048^3 --tile $t: $(row "$B16" "--size 2048 --tile $t")"; done
    for s in 2 3 4; do echo "64 x 7168 x 2048 --stages $s: $(row "$B16" "--m 64 --n 7168 --k 2048 --stages $s")"; done
done
log done
