#!/usr/bin/env bash
# Where 64 x 64 tiles split K (--tile 7) against the fit the rule took before it let them split:
# 64 x 128 (--tile 6) or twins (--tile 10), at shapes whose pick the change moves, and the rule's
# own pick (no --tile) beside them; rows of ms and ratio to cuBLAS, bf16, 100 runs, two rounds.
# Run from the repository root on an H200 with the build in BUILD:
# bash results/nvidia-h200/variants/fit-narrow-split.sh [BUILD]
source "$(dirname "${BASH_SOURCE[0]}")/ab-common.sh" .device/bin
bin=${1:-build90}/16_hgemm_small_m
for round in 1 2; do
    for s in "8 1024 4096 6" "8 2112 7168 6" "16 2112 7168 6" "32 2112 7168 6" "48 2048 4096 6" "48 2112 4096 6" \
        "64 1024 8192 6" "64 2112 2048 6" "64 2112 7168 6" "64 4096 2048 6" "1 1024 512 10" "16 2048 1024 10" \
        "64 2112 1024 10"; do
        read -r m n k before <<<"$s"
        echo "$m $n $k: tile $before $(row "$bin" "--m $m --n $n --k $k --tile $before") tile 7 $(row "$bin" "--m $m --n $n --k $k --tile 7") rule $(row "$bin" "--m $m --n $n --k $k")"
    done
done
log done
