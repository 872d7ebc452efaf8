#!/usr/bin/env bash
# The in-step rule above M = 64 with 128 x 128 as the only alternative (--tile 0) against the
# fit 8d5b1e5's rule takes there (--tile 2: 128 x 256, stream-K over every tile), at shapes of a
# random grid (64 < M <= 128, B over the L2's 60 MiB) that it moves and that were not measured
# before. bf16, two rounds, one process a row (ab-common.sh).
# Run from the repository root on the H200: bash results/nvidia-h200/variants/in-step-128-check.sh build90
source "$(dirname "$0")/ab-common.sh" "$@"
B16=$B/16_hgemm_small_m
shapes="100 18432 7168;66 15352 21080;98 19216 4640;128 21560 8112;104 24400 15320;82 18128 20984;78 28072 9800;83 18816 6984"
IFS=';' read -ra list <<<"$shapes"
for r in 1 2; do
    log "round $r"
    for s in "${list[@]}"; do
        read -r m n k <<<"$s"
        a="--m $m --n $n --k $k"
        echo "$m x $n x $k: rule $(row "$B16" "$a") | before (--tile 2) $(row "$B16" "$a --tile 2")"
    done
done
log done
